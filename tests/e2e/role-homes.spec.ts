import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiDrive, apiToken } from '../support/drives-e2e';
import { apiUser } from '../support/e2e-accounts';
import { signIn, signedInAccount } from '../support/shell-session';
import { themeAttribute } from '../support/theme';
import { apiTree } from '../support/trees-e2e';

// Issue 23: the signed-in home of each role leads with what that account does next, on desktop
// and a 390 px phone, light and dark: axe finds nothing serious and nothing is wider than the
// screen. The sidebar's one Help entry is reached by keyboard.

const SCREENS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '390 px phone', width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;

async function join(request: APIRequestContext, token: string, driveId: string) {
  const joined = await request.post(`/api/drives/${driveId}/participants`, {
    headers: { 'x-auth-token': token },
  });
  expect(joined.status(), await joined.text()).toBe(200);
}

/** How far the page or its main pane is wider than the screen (0: not at all). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const main = document.getElementById('main');
    return Math.max(
      root.scrollWidth - root.clientWidth,
      main ? main.scrollWidth - main.clientWidth : 0,
    );
  });

async function checkPage(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  expect(await overflow(page), 'horizontal overflow (px)').toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
}

for (const screen of SCREENS)
  for (const theme of THEMES)
    test.describe(`role homes (${screen.name}, ${theme})`, () => {
      test.beforeEach(async ({ page }) => {
        await page.setViewportSize({ width: screen.width, height: screen.height });
        await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      });

      test('an individual with trees and a drive sees their forest and their next drive first', async ({
        page,
      }) => {
        test.setTimeout(90_000);
        const stamp = Date.now();
        const org = await apiUser(page.request, { role: 'corporate', username: `ho${stamp}` });
        const orgToken = await apiToken(page.request, org.email);
        const driveName = `Home drive ${stamp}`;
        const drive = await apiDrive(page.request, orgToken, { driveName, daysAhead: 6 });
        const me = await apiUser(page.request, { username: `hi${stamp}` });
        const token = await apiToken(page.request, me.email);
        const treeName = `Home neem ${stamp}`;
        await apiTree(page.request, token, treeName);
        await join(page.request, token, drive.id);

        await signIn(page, me.email);
        await expect(page.locator('html')).toHaveAttribute('data-theme', themeAttribute(theme));
        const forest = page.getByRole('region', { name: 'Your forest' });
        await expect(forest.getByTestId('home-forest-words')).toContainText(
          '2 trees are in the ground for you',
        );
        await expect(forest.getByTestId('forest-tree')).toHaveCount(1);
        await expect(forest.getByRole('link', { name: treeName })).toBeVisible();
        await expect(forest.getByRole('link', { name: 'See my forest' })).toHaveAttribute(
          'href',
          '/app/my-forest',
        );
        const next = page.getByTestId('home-next-drive');
        await expect(next.getByRole('link', { name: driveName })).toBeVisible();
        await expect(next).toContainText('Asia/Kolkata');
        await expect(next).toContainText('You joined');
        // The forest and the next drive lead; the figures follow under Your impact.
        const order = await page.evaluate(() =>
          ['my-forest', 'next-drive', 'care-due', 'your-impact'].map(
            (id) => document.getElementById(id)?.getBoundingClientRect().top ?? -1,
          ),
        );
        expect(order.every((top) => top >= 0)).toBe(true);
        expect([...order].sort((a, b) => a - b)).toEqual(order);
        await checkPage(page);

        // Their pass, opened in place.
        await next.getByText('Show my pass').click();
        await expect(page.getByTestId('pass-code')).toBeVisible();
      });

      test('a brand-new member gets an honest empty home: donate, register a tree, find a drive', async ({
        page,
      }) => {
        await signedInAccount(page, { username: `hn${Date.now()}` });
        const empty = page.getByTestId('home-forest-empty');
        await expect(empty.getByRole('link', { name: 'Donate trees' })).toBeVisible();
        await expect(empty.getByRole('link', { name: 'Register a tree' })).toBeVisible();
        await expect(
          page.getByRole('region', { name: 'Your next drive' }).getByRole('link', {
            name: 'Find a drive',
          }),
        ).toBeVisible();
        await expect(page.getByTestId('impact-empty')).toBeVisible();
        await expect(page.getByRole('region', { name: 'Care due today' })).toHaveCount(0);
        await checkPage(page);
      });

      test('a corporate home leads with the next drive and its check-in desk', async ({ page }) => {
        test.setTimeout(60_000);
        const stamp = Date.now();
        const org = await apiUser(page.request, { role: 'corporate', username: `hc${stamp}` });
        const driveName = `Desk drive ${stamp}`;
        const drive = await apiDrive(page.request, await apiToken(page.request, org.email), {
          driveName,
          daysAhead: 3,
        });
        await signIn(page, org.email);
        const next = page.getByTestId('corporate-next-drive');
        await expect(next.getByRole('link', { name: driveName, exact: true })).toBeVisible();
        await expect(
          next.getByRole('link', { name: `Open the check-in desk of ${driveName}` }),
        ).toHaveAttribute('href', `/app/drives/${drive.id}/check-in`);
        await expect(page.getByRole('button', { name: 'Add Tree Drive' }).first()).toBeVisible();
        await expect(page.getByTestId('showing-period')).toContainText('all time');
        await checkPage(page);
      });

      test('a nursery home leads with what waits for it and Add stock', async ({ page }) => {
        const nursery = await apiUser(page.request, {
          role: 'nursery',
          username: `hs${Date.now()}`,
        });
        await signIn(page, nursery.email);
        const next = page.getByTestId('nursery-next');
        await expect(next.getByRole('heading', { name: 'What’s next' })).toBeVisible();
        await expect(next).toContainText('No stock listed yet.');
        await expect(next.getByRole('link', { name: 'Add stock' })).toHaveAttribute(
          'href',
          '/app/nursery-stock',
        );
        await checkPage(page);
      });
    });

test('the sidebar’s Help entry is reached and opened by keyboard', async ({ page }) => {
  await signedInAccount(page);
  const help = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' });
  await page.locator('body').focus();
  let reached = false;
  for (let step = 0; step < 60 && !reached; step += 1) {
    await page.keyboard.press('Tab');
    reached = await help.evaluate((el) => el === document.activeElement);
  }
  expect(reached, 'Tab reaches Help').toBe(true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/app/help');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help');
  await expect(help).toHaveAttribute('aria-current', 'page');
  const guides = page.getByTestId('help-list');
  for (const name of ['Getting started', 'Features', 'Charts', 'Documentation', 'Integration'])
    await expect(guides.getByRole('link', { name })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'For developers' })
      .getByRole('link', { name: 'UI components' }),
  ).toHaveAttribute('href', '/app/components');
  await expectNoSeriousA11yViolations(page);
});
