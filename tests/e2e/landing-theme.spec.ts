import { expect, test } from '@playwright/test';
import { themeAttribute } from '../support/theme';

test.describe('landing page theme', () => {
  test('the toggle flips the theme and the choice survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', themeAttribute('light'));

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(html).toHaveAttribute('data-theme', themeAttribute('dark'));
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.reload();
    await expect(html).toHaveAttribute('data-theme', themeAttribute('dark'));
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(html).toHaveAttribute('data-theme', themeAttribute('light'));
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', themeAttribute('light'));
  });

  test('with nothing saved, the system preference decides', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    await expect(page.locator('html')).toHaveAttribute('data-theme', themeAttribute('dark'));

    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', themeAttribute('light'));
  });

  test('a saved choice wins over the system preference', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'light'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', themeAttribute('light'));
  });
});
