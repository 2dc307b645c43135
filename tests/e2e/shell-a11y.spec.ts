import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiUser } from '../support/e2e-accounts';
import { signIn } from '../support/shell-session';
import { themeAttribute } from '../support/theme';

for (const theme of ['light', 'dark'] as const) {
  test(`the shell has no serious accessibility problems (${theme}, desktop)`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    const { email } = await apiUser(page.request);
    await signIn(page, email);
    await expect(page.locator('html')).toHaveAttribute('data-theme', themeAttribute(theme));
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // With the search list, the account menu and the notifications drawer open.
    await page.getByRole('combobox', { name: 'Search people' }).click();
    await expect(page.getByRole('listbox', { name: 'Quick links' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await expect(page.getByRole('menu', { name: 'Account' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await expect(page.getByTestId('notification-item')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');

    await page.goto('/app/404');
    await expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test(`the shell has no serious accessibility problems (${theme}, phone, drawer open)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    const { email } = await apiUser(page.request);
    await signIn(page, email);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
