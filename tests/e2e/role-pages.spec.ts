import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiUser } from '../support/e2e-accounts';
import { signIn } from '../support/shell-session';

// Issue 23, item 2: a role-only page opened by URL by an account it is not for explains itself
// once, with the way home; never a "Try again" or an action that account cannot take.

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '390 px phone', width: 390, height: 844 },
];

/** The explanation instead of the page: its heading, the link home, nothing to retry or add. */
async function expectExplained(page: Page, heading: string, home: string) {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
    'href',
    home,
  );
  await expect(main.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Add stock' })).toHaveCount(0);
  await expect(main.getByRole('alert')).toHaveCount(0);
}

/** No part of the page is wider than the screen. */
async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => {
    const main = document.getElementById('main');
    return main ? main.scrollWidth - main.clientWidth : 0;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const viewport of VIEWPORTS)
  test(`an individual opening nursery and corporate pages by URL is told who they are for (${viewport.name})`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const me = await apiUser(page.request, { username: `role${Date.now()}` });
    await signIn(page, me.email);

    const roleApis: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/nursery') || /^\/api\/dashboard\/(nursery|corporate)/.test(path))
        roleApis.push(path);
    });

    for (const path of ['/app/nursery-dashboard', '/app/nursery-stock']) {
      await page.goto(path);
      await expectExplained(page, 'This is for partner nurseries', '/app/dashboard');
      await expect(page.getByText(/only partner nursery accounts can use it/)).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await expectNoSeriousA11yViolations(page);
    }

    await page.goto('/app/corporate-dashboard');
    await expect(page).toHaveURL(/\/app\/corporate-dashboard$/);
    await expectExplained(page, 'This is for corporate accounts', '/app/dashboard');
    await expect(page.getByText(/corporate accounts and the members of their team/)).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);

    await page.goto('/app/settings-team');
    await expectExplained(page, 'This is for corporate accounts', '/app/dashboard');

    expect(roleApis, 'no request to a role-only API').toEqual([]);

    // The way home works.
    await page.getByRole('main').getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
  });

test('the accounts a role page is for still get it, and each is told about the others’ pages', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const stamp = Date.now();
  const nursery = await apiUser(page.request, { role: 'nursery', username: `rnur${stamp}` });
  const corporate = await apiUser(page.request, { role: 'corporate', username: `rorg${stamp}` });

  await signIn(page, nursery.email);
  await expect(page).toHaveURL(/\/app\/nursery-dashboard$/);
  await expect(page.getByTestId('role-page')).toHaveCount(0);
  await page.goto('/app/nursery-stock');
  await expect(page.getByRole('button', { name: 'Add stock' })).toBeVisible();
  await expect(page.getByTestId('role-page')).toHaveCount(0);
  await page.goto('/app/corporate-dashboard');
  await expectExplained(page, 'This is for corporate accounts', '/app/nursery-dashboard');
  await expectNoSeriousA11yViolations(page);

  await page.evaluate(() => sessionStorage.clear());
  await signIn(page, corporate.email);
  await expect(page).toHaveURL(/\/app\/corporate-dashboard$/);
  await expect(page.getByRole('heading', { level: 2, name: /^Welcome, / })).toBeVisible();
  await expect(page.getByTestId('role-page')).toHaveCount(0);
  await page.goto('/app/settings-team');
  await expect(page.getByTestId('role-page')).toHaveCount(0);
  await page.goto('/app/nursery-stock');
  await expectExplained(page, 'This is for partner nurseries', '/app/corporate-dashboard');
  await expectNoSeriousA11yViolations(page);
});
