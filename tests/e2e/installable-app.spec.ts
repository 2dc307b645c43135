import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken, driveStartingSoon, joinDrive } from '../support/drives-e2e';
import { apiUser } from '../support/e2e-accounts';
import { goOffline, goOnline, savedOfflineData } from '../support/offline-e2e';
import { signedInAccount } from '../support/shell-session';
import { apiTree } from '../support/trees-e2e';

const OFFLINE_NOTICE = 'You are offline. Canopy shows what this phone last saved.';

// Issue 24, "Installable": a manifest a browser can install from, and a service worker that
// opens the app without a connection after one visit.

test.use({ serviceWorkers: 'allow' });

const SCREENS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'a 390 px phone', viewport: { width: 390, height: 844 } },
] as const;

/** Width and height from a PNG's header. */
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

test('the web app manifest names Canopy, starts at the dashboard, standalone, with 192 and 512 icons including a maskable one', async ({
  page,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('no-cache');
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
  };
  expect(manifest).toMatchObject({
    short_name: 'Canopy',
    start_url: '/app/dashboard',
    display: 'standalone',
    theme_color: '#166534',
  });
  expect(manifest.name).toMatch(/^Canopy/);
  for (const size of ['192x192', '512x512'])
    expect(manifest.icons.some((i) => i.sizes === size && i.purpose !== 'maskable')).toBe(true);
  expect(manifest.icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512')).toBe(true);
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    expect(pngSize(await image.body()).join('x')).toBe(icon.sizes);
  }
  const worker = await page.request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['cache-control']).toBe('no-cache');
});

for (const screen of SCREENS)
  test(`after one visit Canopy opens without a connection and says what works offline (${screen.name})`, async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(screen.viewport);
    const me = await signedInAccount(page);
    const treeName = `Neem by the gate ${Date.now()}`;
    await apiTree(page.request, await apiToken(page.request, me.email), treeName);
    // My Trees loaded once online is kept on the phone for reading offline.
    await page.goto('/app/my-trees');
    await expect(page.getByText(treeName).first()).toBeVisible();
    // The worker is active once every screen's code is precached.
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.state;
    });

    // Saved a moment after loading (the home's forest may have been saved before: wait for the
    // trees themselves).
    await expect.poll(async () => (await savedOfflineData(page)).includes(treeName)).toBe(true);
    // Chromium's own installability check (what Lighthouse's used to ask): nothing missing.
    await page.reload();
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    // "in-incognito" is the test's own browser context (every Playwright context is one).
    expect(
      installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'),
    ).toEqual([]);
    await cdp.detach();

    await goOffline(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const notice = page.getByRole('status').filter({ hasText: OFFLINE_NOTICE });
    await expect(notice).toBeVisible();
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

    // Another screen opens offline too: its code came from the cache.
    await notice.getByRole('link', { name: 'What works offline' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Canopy without a connection' }),
    ).toBeVisible();
    await expect(
      page.getByText('You are offline now. Everything below still works.'),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto('/app/my-trees');
    await expect(page.getByRole('heading', { level: 1, name: 'My Trees' })).toBeVisible();
    // Read offline, saying from when.
    await expect(page.getByText(treeName).first()).toBeVisible();
    await expect(page.getByTestId('offline-as-of')).toContainText('What you see here is as of');

    // Back online, the notice goes.
    await goOnline(page);
    await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0);
  });

test('My Forest and a joined drive’s page read offline too, each saying from when', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const me = await signedInAccount(page);
  const myToken = await apiToken(page.request, me.email);
  const treeName = `Forest neem ${stamp}`;
  await apiTree(page.request, myToken, treeName);
  const organiser = await apiUser(page.request, { role: 'corporate', username: `ofo${stamp}` });
  const driveName = `Offline grove ${stamp}`;
  const driveId = await driveStartingSoon(
    page.request,
    await apiToken(page.request, organiser.email),
    driveName,
  );
  await joinDrive(page.request, myToken, driveId);

  // Read once online, each for a moment: the forest, then the drive's page.
  await page.goto('/app/my-forest');
  await expect(page.getByText(treeName).first()).toBeVisible();
  await expect.poll(async () => (await savedOfflineData(page)).includes(treeName)).toBe(true);
  await page.goto(`/app/delive-detail/${driveId}`);
  await expect(page.getByRole('heading', { name: driveName }).first()).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(async () => (await savedOfflineData(page)).includes(driveName)).toBe(true);

  await goOffline(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: driveName }).first()).toBeVisible();
  await expect(page.getByTestId('offline-as-of')).toContainText('What you see here is as of');
  await page.goto('/app/my-forest');
  await expect(page.getByText(treeName).first()).toBeVisible();
  await expect(page.getByTestId('offline-as-of')).toContainText('What you see here is as of');
  await goOnline(page);
});

test('a new version waits until the member chooses "Reload to update"', async ({ page }) => {
  test.setTimeout(60_000);
  await signedInAccount(page);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const firstWorker = await page.evaluate(
    async () => (await navigator.serviceWorker.ready).active?.scriptURL,
  );
  expect(firstWorker).toMatch(/\/sw\.js$/);
  // The second visit runs under the worker (the first page loaded before it existed).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  // A new version is published: the worker's bytes change (its compressed copies set aside).
  const dist = path.resolve('dist/web');
  const worker = path.join(dist, 'sw.js');
  const original = await fs.readFile(worker, 'utf8');
  const siblings = ['sw.js.br', 'sw.js.gz'].map((name) => path.join(dist, name));
  const aside = await Promise.all(
    siblings.map((file) =>
      fs.rename(file, `${file}.aside`).then(
        () => file,
        () => null,
      ),
    ),
  );
  try {
    await fs.writeFile(worker, `${original}\n// next version ${Date.now()}\n`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    // The open app keeps running the old version and asks.
    const toast = page.getByText('A new version of Canopy is ready.');
    await expect(toast).toBeVisible({ timeout: 20_000 });
    expect(
      await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting),
    ).toBe(true);
    // The new worker takes over, then the page reloads under it.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload to update' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect
      .poll(() =>
        page
          .evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return !registration?.waiting && !!navigator.serviceWorker.controller;
          })
          // A late reload may still be under way: ask again.
          .catch(() => false),
      )
      .toBe(true);
  } finally {
    await fs.writeFile(worker, original);
    await Promise.all(aside.map((file) => (file ? fs.rename(`${file}.aside`, file) : null)));
  }
});
