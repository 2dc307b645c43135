import { expect, test, type Page } from '@playwright/test';
import { EARLY_GETS } from '../../web/lib/early-requests';
import { apiToken } from '../support/drives-e2e';
import { signedInAccount } from '../support/shell-session';
import { apiTree } from '../support/trees-e2e';

/**
 * Issue 20: a signed-in screen's first GETs start from index.html's inline script, before the
 * page's code; the app takes their answers instead of asking again, so each goes out once (the
 * list in web/lib/early-requests.ts is exactly what the screen's first render asks for). The
 * screen's stylesheets are preloaded with the same mode as the app's own links: fetched once.
 */
const onceEach = (page: Page) => {
  const asked = new Map<string, number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== new URL(process.env.CANOPY_E2E_URL!).origin) return;
    const key = `${request.method()} ${url.pathname}${url.search}`;
    asked.set(key, (asked.get(key) ?? 0) + 1);
  });
  return asked;
};

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '390 px phone', width: 390, height: 844 },
])
  test(`My Trees opened afresh asks for each early GET once and shows its answers (${viewport.name})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const me = await signedInAccount(page, { username: `early${Date.now()}` });
    await apiTree(page.request, await apiToken(page.request, me.email), 'Early oak');

    const asked = onceEach(page);
    await page.goto('/app/my-trees');
    await expect(page.getByRole('heading', { level: 1, name: 'My Trees' })).toBeVisible();
    await expect(page.getByTestId('tree-card')).toHaveCount(1);
    await expect(page.getByTestId('tree-card')).toContainText('Early oak');
    await expect(page.locator('.leaflet-tile-container')).not.toHaveCount(0);

    const early = EARLY_GETS['/app/my-trees']!;
    for (const path of early) expect(asked.get(`GET ${path}`), path).toBe(1);
    // The inline script started them all, and the app took every answer (none is left for a
    // later, staler read).
    const gets = await page.evaluate(() =>
      Object.entries(
        (window as { __canopyEarly?: { gets: Record<string, unknown> } }).__canopyEarly?.gets ?? {},
      ).map(([path, response]) => [path, response === undefined ? 'taken' : 'left']),
    );
    expect(Object.fromEntries(gets)).toEqual(Object.fromEntries(early.map((p) => [p, 'taken'])));
    // The map's stylesheets: preloaded by the inline script, then applied, one request each.
    const css = [...asked].filter(([key]) => key.endsWith('.css'));
    expect(css.length).toBeGreaterThan(1);
    for (const [key, count] of css) expect(count, key).toBe(1);
  });

test('a signed-out visit starts no early request', async ({ page }) => {
  const asked = onceEach(page);
  await page.goto('/app/my-trees');
  await expect(page).toHaveURL(/\/login/);
  for (const path of EARLY_GETS['/app/my-trees']!)
    expect(asked.get(`GET ${path}`), path).toBeUndefined();
});
