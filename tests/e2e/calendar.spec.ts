import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiUser, E2E_PASSWORD } from '../support/e2e-accounts';
import { signedInAccount } from '../support/shell-session';
import { themeAttribute } from '../support/theme';

// The calendar follows the browser's locale: these tests fix it, so its names are known.
test.use({ locale: 'en-GB' });

const monthLabel = (offset: number, locale = 'en-GB') => {
  const now = new Date();
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(
    new Date(now.getFullYear(), now.getMonth() + offset, 1),
  );
};

test('the month moves with previous, next and today; today is marked', async ({ page }) => {
  await signedInAccount(page);
  await page.goto('/app/calendar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Calendar');
  const month = page.getByRole('main').getByRole('heading', { level: 2 }).first();
  await expect(month).toHaveText(monthLabel(0));
  await expect(page.getByRole('columnheader')).toHaveText('Mon Tue Wed Thu Fri Sat Sun'.split(' '));
  const today = page.locator('[aria-current="date"]');
  await expect(today).toHaveCount(1);
  await expect(today).toContainText(String(new Date().getDate()));

  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(month).toHaveText(monthLabel(1));
  await expect(today).toHaveCount(0);
  // The month stays in the address, so a reload keeps it.
  await page.reload();
  await expect(month).toHaveText(monthLabel(1));
  await page.getByRole('button', { name: 'Previous month' }).click();
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(month).toHaveText(monthLabel(-1));
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(month).toHaveText(monthLabel(0));
  await expect(page).toHaveURL('/app/calendar');

  // A day is a button: Enter opens it in the drawer.
  await today.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('No drives on this day.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(today).toBeFocused();
});

test.describe('in a US browser', () => {
  test.use({ locale: 'en-US' });

  test('the weeks start on Sunday, with US names', async ({ page }) => {
    await signedInAccount(page);
    await page.goto('/app/calendar?month=2026-03');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText(
      'March 2026',
    );
    await expect(page.getByRole('columnheader')).toHaveText(
      'Sun Mon Tue Wed Thu Fri Sat'.split(' '),
    );
    // 1 March 2026 is a Sunday: it opens the first row, and the day is named the US way.
    const grid = page.getByTestId('month-grid');
    await expect(grid.getByRole('button').first()).toHaveAccessibleName(
      /^Sunday, March 1, 2026, no drives/,
    );
    await expect(grid.getByRole('button')).toHaveCount(35);
  });
});

test('the personal feed address can be copied and reset; the old address stops working', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const me = await signedInAccount(page);
  await page.goto('/app/calendar');
  const field = page.getByLabel('Your calendar address');
  await expect(field).toHaveValue(/\/api\/calendar\/feed\/.+\.ics$/);
  await expect(field).toHaveAttribute('readonly', '');
  const first = await field.inputValue();
  const pathOf = (url: string) => new URL(url).pathname;

  const feed = await page.request.get(pathOf(first));
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');

  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Calendar address copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

  // Cancelling keeps the address.
  await page.getByRole('button', { name: 'Reset address' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reset calendar address' });
  await expect(confirm).toContainText('will stop receiving your drives');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  // The dialog's own "Reset address" stays in the page until it has closed.
  await expect(confirm).toBeHidden();
  await expect(field).toHaveValue(first);

  await page.getByRole('button', { name: 'Reset address' }).click();
  await confirm.getByRole('button', { name: 'Reset address' }).click();
  await expect(page.getByText('The old address no longer works.', { exact: false })).toBeVisible();
  await expect(field).not.toHaveValue(first);
  const second = await field.inputValue();
  expect(second).toMatch(/\/api\/calendar\/feed\/.+\.ics$/);
  expect((await page.request.get(pathOf(first))).status()).toBe(404);
  expect((await page.request.get(pathOf(second))).status()).toBe(200);

  // The same address after a reload.
  await page.reload();
  await expect(field).toHaveValue(second);

  // Someone else signing in on this tab never sees this address, even from the cache.
  await page.getByRole('button', { name: `Account menu for ${me.username}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  const other = await apiUser(page.request);
  // Signed in on the same loaded page (no reload), so only the logout can have cleared the cache.
  await page.getByLabel('Email').fill(other.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Settings' })
    .click();
  await page.getByRole('link', { name: 'Calendar' }).click();
  await expect(field).toHaveValue(/\.ics$/);
  expect(await field.inputValue()).not.toBe(second);
});

test('the calendar: no serious accessibility problems, light and dark, drawer open too', async ({
  page,
}) => {
  await signedInAccount(page);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    await page.goto('/app/calendar');
    await expect(page.locator('html')).toHaveAttribute('data-theme', themeAttribute(theme));
    await expect(page.getByLabel('Your calendar address')).toHaveValue(/\.ics$/);
    await expectNoSeriousA11yViolations(page);
    await page.locator('[aria-current="date"]').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
  }
});
