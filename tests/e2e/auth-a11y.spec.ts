import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  if (serious.length > 0) {
    console.log(
      JSON.stringify(
        serious.map((v) => ({
          id: v.id,
          help: v.help,
          nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
        })),
        null,
        2,
      ),
    );
  }
  return serious;
}

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
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.heading);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        expect(await seriousViolations(page)).toEqual([]);

        // With every field in error.
        await page.getByRole('button', { name: screen.submit }).click();
        await expect(page.getByTestId('field-error').first()).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  }
}
