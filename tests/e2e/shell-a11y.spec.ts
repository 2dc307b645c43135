import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiUser } from '../support/e2e-accounts';
import { signIn } from '../support/shell-session';

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

for (const theme of ['light', 'dark'] as const) {
  test(`the shell has no serious accessibility problems (${theme}, desktop)`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    const { email } = await apiUser(page.request);
    await signIn(page, email);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // With the search list, the account menu and the notifications drawer open.
    await page.getByRole('combobox', { name: 'Search people' }).click();
    await expect(page.getByRole('listbox', { name: 'Quick links' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await expect(page.getByRole('menu', { name: 'Account' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await expect(page.getByTestId('notification-item')).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto('/app/404');
    await expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`the shell has no serious accessibility problems (${theme}, phone, drawer open)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    const { email } = await apiUser(page.request);
    await signIn(page, email);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
