import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { themeAttribute } from '../support/theme';

const screens = [
  { path: '/login', heading: 'Sign in to Canopy', submit: 'Sign In' },
  { path: '/register', heading: 'Create your Canopy account', submit: 'Create Account' },
];
const viewports = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 800 },
];

for (const theme of ['light', 'dark'] as const) {
  for (const viewport of viewports) {
    for (const screen of screens) {
      test(`${screen.path}: no serious accessibility problems (${theme}, ${viewport.name})`, async ({
        page,
      }) => {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
        await page.goto(screen.path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', themeAttribute(theme));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.heading);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expectNoSeriousA11yViolations(page);

        // With every field in error.
        await page.getByRole('button', { name: screen.submit }).click();
        await expect(page.getByTestId('field-error').first()).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      });
    }
  }
}
