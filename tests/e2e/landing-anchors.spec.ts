import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 1280, height: 800 } });

test.describe('landing page navigation', () => {
  test('section links scroll to their section and update the address', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Page sections' });

    await nav.getByRole('link', { name: 'Features' }).click();
    await expect(page).toHaveURL(/#features$/);
    await expect(page.locator('#features')).toBeInViewport();
    await expect(
      page.getByRole('heading', { level: 2, name: /Everything a tree needs/ }),
    ).toBeInViewport();

    await nav.getByRole('link', { name: 'Impact' }).click();
    await expect(page).toHaveURL(/#impact$/);
    await expect(page.locator('#impact')).toBeInViewport();

    await nav.getByRole('link', { name: 'How it works' }).click();
    await expect(page).toHaveURL(/#how-it-works$/);
    await expect(page.locator('#how-it-works')).toBeInViewport();

    await nav.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/#contact$/);
    await expect(page.locator('#contact')).toBeInViewport();
  });

  test('arriving with a section in the address shows that section', async ({ page }) => {
    await page.goto('/#how-it-works');
    await expect(page.locator('#how-it-works')).toBeInViewport();
  });

  test('the top bar turns solid after 100 px of scrolling and shows progress', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByTestId('top-bar');
    const progress = page.getByRole('progressbar', { name: 'Page scroll progress' });
    await expect(bar).toHaveAttribute('data-solid', 'false');
    await expect(progress).toHaveAttribute('aria-valuenow', '0');

    await page.evaluate(() => window.scrollTo({ top: 80, behavior: 'instant' }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(80);
    await expect(bar).toHaveAttribute('data-solid', 'false');

    await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
    await expect(bar).toHaveAttribute('data-solid', 'true');
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')))
      .toBeGreaterThan(0);

    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
    );
    await expect(progress).toHaveAttribute('aria-valuenow', '100');

    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(bar).toHaveAttribute('data-solid', 'false');
    await expect(progress).toHaveAttribute('aria-valuenow', '0');
  });

  test('top bar links lead to sign in and registration', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await header.getByRole('link', { name: 'Start Growing' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });
});
