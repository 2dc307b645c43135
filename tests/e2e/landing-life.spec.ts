import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiDrive, apiToken } from '../support/drives-e2e';
import { apiUser } from '../support/e2e-accounts';
import { signIn } from '../support/shell-session';
import { themeAttribute } from '../support/theme';

/**
 * The landing page's own life (issue 23): live figures, the newest drives, the map of planted
 * trees loaded only after scrolling, members' testimonials they opted in, on a desktop and a
 * 390 px phone, light and dark.
 */

/** Waits until the figures are in and no time-based animation is half-way. */
async function settle(page: Page) {
  await expect(page.getByTestId('hero-live-planted')).toBeVisible();
  await expect(page.getByText('Loading testimonials')).toHaveCount(0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.timeline !== document.timeline || a.playState !== 'running'),
  );
}

/** How far the page reaches past the viewport's width (0: no horizontal scrolling). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.beforeAll(async ({ request }) => {
  test.setTimeout(60_000);
  // At least one upcoming drive with its picture, organised by a company.
  const organiser = await apiUser(request, { role: 'corporate', username: `lifeorg${Date.now()}` });
  const token = await apiToken(request, organiser.email);
  await apiDrive(request, token, { driveName: 'Landing life planting', daysAhead: 1 });
  // The server shares its answer for up to 30 s: wait until it lists drives.
  await expect
    .poll(
      async () =>
        ((await (await request.get('/api/drives/newest')).json()) as { data: unknown[] }).data
          .length,
      { timeout: 45_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0);
});

const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

for (const theme of ['light', 'dark'] as const) {
  for (const viewport of viewports) {
    test(`${viewport.name}, ${theme}: figures, drives, a lazy map; axe clean, no overflow`, async ({
      page,
    }) => {
      const mapRequests: string[] = [];
      page.on('request', (r) => {
        if (/leaflet|\/api\/trees\/public-map|\/api\/map-config/.test(r.url()))
          mapRequests.push(r.url());
      });
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      // The figures the page itself was sent: a second request may land after the server's
      // cached figures expired and count the members earlier specs added since.
      const statsAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/stats');
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('data-theme', themeAttribute(theme));
      await settle(page);

      // The hero's figures are the server's, not samples.
      const stats = (await (await statsAnswer).json()) as {
        data: { treesPlanted: number; members: number };
      };
      await expect(page.getByTestId('hero-live-members')).toHaveText(
        new Intl.NumberFormat('en-US').format(stats.data.members),
      );

      // The newest drives, with their pictures.
      await expect(page.getByTestId('showcase-drive').first()).toBeVisible();
      await settle(page);
      const card = page.getByTestId('showcase-drive').first();
      await expect(card.getByRole('link')).toHaveAttribute('href', /^\/app\/delive-detail\//);

      // No map code until the map's place comes near the screen.
      expect(mapRequests).toEqual([]);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page);

      const placeholder = page.locator('#map').getByText('Loading map…');
      await placeholder.scrollIntoViewIfNeeded();
      await expect(page.locator('#map .leaflet-container')).toBeVisible();
      await expect(page.getByTestId('landing-map-caption')).toContainText(/trees? in this view/);
      expect(mapRequests.some((url) => url.includes('/api/trees/public-map'))).toBe(true);

      // Everything below the fold loaded: still no overflow and nothing serious.
      await page.locator('#contact').scrollIntoViewIfNeeded();
      await settle(page);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page);
    });
  }
}

test('a member opts in a testimonial and it shows on the home page', async ({ page }) => {
  const me = await apiUser(page.request, { username: `voice${Date.now()}` });
  const quote = `We planted a whole hedgerow with ${me.username} and friends.`;
  await signIn(page, me.email);
  await page.goto('/app/settings-profile');
  const form = page.getByTestId('testimonial-form');
  await form.getByLabel('Your words').fill(quote);
  await form.getByRole('checkbox', { name: "Show this on Canopy's home page" }).check();
  await form.getByRole('button', { name: 'Save testimonial' }).click();
  await expect(
    page.getByText('Your testimonial is saved and shown on Canopy’s home page.'),
  ).toBeVisible();

  await page.goto('/');
  const carousel = page.getByTestId('testimonials');
  await carousel.scrollIntoViewIfNeeded();
  // The newest first: it is the slide shown.
  const first = page.getByTestId('testimonial').first();
  await expect(first).toContainText(quote);
  await expect(first).toContainText(me.username);
  await expect(first).toContainText('Member');
});
