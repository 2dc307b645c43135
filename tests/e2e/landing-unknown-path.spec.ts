import { expect, test } from '@playwright/test';

const LANDING_TITLE = 'Grow a greener world, one tree at a time';

test.describe('landing page routes', () => {
  test('an unknown path ends on the landing page at /', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: LANDING_TITLE })).toBeVisible();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  });

  test('/home shows the landing page', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: LANDING_TITLE })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/home');
    await expect(page.locator('#impact')).toBeAttached();
    await expect(page.locator('#features')).toBeAttached();
    await expect(page.locator('#contact')).toBeAttached();
  });
});
