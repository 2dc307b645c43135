import { expect, test, type Locator, type Page } from '@playwright/test';
import { countryCentroid } from '../../contract/country-centroids';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiDrive, apiToken } from '../support/drives-e2e';
import { apiUser, mailDir } from '../support/e2e-accounts';
import { expectMapShown } from '../support/maps-e2e';
import { signIn } from '../support/shell-session';
import { waitForMail } from '../support/smtp-receiver';

// Issue 23 §4 and §6, at a desktop and a 390 px phone: the tree page's cards line up, emails wrap
// at sensible points, long titles fit, the map's tiles-failed notice covers none of its controls,
// and a member's picker opens on the country their profile names.
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '390 px phone', width: 390, height: 844 },
] as const;

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => {
  const b = await locator.boundingBox();
  expect(b, 'the element is laid out').not.toBeNull();
  return b!;
};
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Line breaks inside a word in `locator`'s text: two letters or digits of one block, the second
 * on a lower line than the first. Breaks after @, dots, hyphens and spaces are fine.
 */
async function midWordBreaks(locator: Locator): Promise<string[]> {
  return locator.evaluate((root) => {
    const blockOf = (node: Node) => {
      let e = node.parentElement;
      while (e && e !== root && getComputedStyle(e).display.startsWith('inline'))
        e = e.parentElement;
      return e;
    };
    const word = /[\p{L}\p{N}]/u;
    const found: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let prev: { ch: string; top: number; block: Element | null; text: string } | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const block = blockOf(node);
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const ch = text[i]!;
        const rect = range.getClientRects()[0];
        // A space (drawn or swallowed at a line's end) is a fine place for a line to end.
        if (/\s/.test(ch)) {
          if (prev) prev.ch = ' ';
          continue;
        }
        if (!rect || rect.width === 0) continue;
        if (
          prev &&
          prev.block === block &&
          rect.top > prev.top + 4 &&
          word.test(prev.ch) &&
          word.test(ch)
        )
          found.push(`"${prev.text}" | "${text}" (${prev.ch}|${ch})`);
        prev = { ch, top: rect.top, block, text };
      }
    }
    return found;
  });
}

/**
 * Nothing on the page (nor in the app's scrolling main area) is wider than the screen; a failure
 * names the elements that reach past its right edge.
 */
async function expectNoSidewaysScroll(page: Page) {
  const found = await page.evaluate(() => {
    const main = document.querySelector('main');
    const page = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    const inMain = main ? main.scrollWidth - main.clientWidth : 0;
    const edge = main ? main.getBoundingClientRect().right : document.documentElement.clientWidth;
    const past =
      page > 0 || inMain > 0
        ? [...document.querySelectorAll('body *')]
            .filter((e) => e.getBoundingClientRect().right > edge + 0.5)
            .slice(0, 8)
            .map(
              (e) => `${e.tagName.toLowerCase()}.${e.className} (${e.textContent?.slice(0, 40)})`,
            )
        : [];
    return { page, main: inMain, past };
  });
  expect(found).toEqual({ page: 0, main: 0, past: [] });
}

/** Map tiles fail as they do without the internet (the run's tile server otherwise answers). */
const failTiles = (page: Page) =>
  page.route(/\/\d+\/\d+\/\d+\.png(\?.*)?$/, (route) => route.abort('internetdisconnected'));

async function registerTree(page: Page, email: string) {
  const token = await apiToken(page.request, email);
  const created = await page.request.post('/api/trees', {
    headers: { 'x-auth-token': token },
    multipart: {
      treesType: '2',
      treeCount: '3',
      treeSize: 'potted',
      plantedAt: '2025-01-15',
      treeLat: '12.9763',
      treeLong: '77.5929',
      treeLocation: 'Cubbon Park, Bengaluru',
      treeName: 'Lakeside mango',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { data: { tree: { id: string } } }).data.tree.id;
}

for (const viewport of VIEWPORTS) {
  test.describe(`layout fixes (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the tree page: the Provenance card lines up with the other cards', async ({ page }) => {
      const me = await apiUser(page.request);
      const id = await registerTree(page, me.email);
      await signIn(page, me.email);
      await page.goto(`/app/trees/${id}`);
      const provenance = page.getByRole('region', { name: 'Provenance' });
      await expect(provenance.getByTestId('provenance')).toBeVisible();
      // Every card of the page's column, top to bottom, measured at once once the page settles
      // (the growth chart and photos arrive after the first paint).
      await page.waitForLoadState('networkidle');
      await expect(async () => {
        const boxes = await page.locator('main section.card').evaluateAll((cards) =>
          cards.map((c) => {
            const r = c.getBoundingClientRect();
            return {
              x: r.x,
              y: r.y,
              width: r.width,
              height: r.height,
              id: c.getAttribute('aria-labelledby'),
            };
          }),
        );
        expect(boxes.length).toBeGreaterThanOrEqual(4);
        const last = boxes.at(-1)!;
        expect(last.id).toBe('tree-provenance-heading');
        for (const b of boxes) {
          expect(Math.abs(b.x - last.x), 'same left edge').toBeLessThanOrEqual(1);
          expect(Math.abs(b.width - last.width), 'same width').toBeLessThanOrEqual(1);
        }
        // The same gap above it as between the others.
        const gaps = boxes.slice(1).map((b, i) => b.y - (boxes[i]!.y + boxes[i]!.height));
        for (const gap of gaps) expect(Math.abs(gap - gaps[0]!), 'same gap').toBeLessThanOrEqual(1);
      }).toPass({ timeout: 10_000 });
      // The same padding and heading look as the impact card.
      const looks = (section: Locator) =>
        section.evaluate((s) => {
          const body = s.firstElementChild as HTMLElement;
          const heading = s.querySelector('h2') as HTMLElement;
          const b = getComputedStyle(body);
          const h = getComputedStyle(heading);
          return {
            padding: b.padding,
            headingSize: h.fontSize,
            headingWeight: h.fontWeight,
            headingTop: heading.getBoundingClientRect().top - s.getBoundingClientRect().top,
          };
        });
      const impact = page.locator('main section.card', {
        has: page.getByRole('heading', { level: 2, name: /impact/i }),
      });
      expect(await looks(provenance)).toEqual(await looks(impact));
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page);
    });

    test('a team invite to a long email wraps at sensible points, never mid-word', async ({
      page,
      browser,
    }) => {
      test.setTimeout(60_000);
      const owner = await apiUser(page.request, {
        role: 'corporate',
        username: `co${Date.now()}`,
      });
      const ownerHeaders = { 'x-auth-token': await apiToken(page.request, owner.email) };
      const mine = await page.request.get('/api/teams/mine', { headers: ownerHeaders });
      const orgId = ((await mine.json()) as { data: { organisation: { id: string } }[] }).data[0]!
        .organisation.id;
      const email = `maria.fernanda.oliveira-santos${Date.now()}@greenleaf-partners-international.example.test`;
      const since = Date.now();
      const invited = await page.request.post(`/api/teams/${orgId}/invites`, {
        headers: ownerHeaders,
        data: { email, role: 'member' },
      });
      expect(invited.status()).toBe(201);
      const link = /(https?:\/\/\S+\/team-invite\?token=[\w-]+)/.exec(
        (await waitForMail(mailDir(), email, since)).text,
      )?.[1];
      const token = new URL(link!).searchParams.get('token')!;

      // The invitee's page, signed out.
      const baseURL = test.info().project.use.baseURL;
      const context = await browser.newContext({
        baseURL,
        viewport: { width: viewport.width, height: viewport.height },
      });
      const invitee = await context.newPage();
      await invitee.goto(`/team-invite?token=${token}`);
      const summary = invitee.getByTestId('invite-summary');
      await expect(summary).toContainText(email);
      const content = summary.locator('xpath=..');
      await expect(content).toContainText(`Sign in with ${email} to accept`);
      expect(await midWordBreaks(content)).toEqual([]);
      await expectNoSidewaysScroll(invitee);
      await expectNoSeriousA11yViolations(invitee);
      await context.close();

      // The owner's team settings: the pending invite and the members' table.
      await signIn(page, owner.email);
      await page.goto('/app/settings-team');
      const pending = page.getByTestId('pending-invite');
      await expect(pending).toContainText(email);
      expect(await midWordBreaks(pending)).toEqual([]);
      expect(await midWordBreaks(page.getByTestId('team-member').first())).toEqual([]);
      const pendingBox = await box(pending);
      expect(pendingBox.x + pendingBox.width).toBeLessThanOrEqual(viewport.width);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page);

      // API tokens: the kit table wraps between words too.
      await page.goto('/app/integration');
      const form = page.getByRole('form', { name: 'Create an API token' });
      await form.getByLabel('Token name').fill('Nightly export to the greenleaf warehouse');
      await form.getByRole('button', { name: /create/i }).click();
      const list = page.getByTestId('token-list');
      await expect(list).toContainText('Nightly export to the greenleaf warehouse');
      expect(await midWordBreaks(list)).toEqual([]);
      await expectNoSidewaysScroll(page);
    });

    test('a long drive name fits the screen; the map notice covers none of its controls', async ({
      page,
    }) => {
      const organiser = await apiUser(page.request, {
        role: 'corporate',
        username: `org${Date.now()}`,
      });
      const driveName =
        'Community planting along the Yamuna floodplain with the Delhi schools environmental network';
      const drive = await apiDrive(page.request, await apiToken(page.request, organiser.email), {
        driveName,
      });
      await signIn(page, organiser.email);
      await failTiles(page);
      await page.goto(`/app/delive-detail/${drive.id}`);
      const name = page.getByRole('heading', { level: 2, name: driveName });
      await expect(name).toBeVisible();
      const nameBox = await box(name);
      expect(nameBox.x).toBeGreaterThanOrEqual(0);
      expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(viewport.width);
      expect(await midWordBreaks(name)).toEqual([]);
      const title = page.getByTestId('page-title');
      const titleBox = await box(title);
      expect(titleBox.x + titleBox.width).toBeLessThanOrEqual(viewport.width);
      await expectNoSidewaysScroll(page);

      // A display map: the notice sits below it, and says nothing about choosing a point.
      await expectMapShown(page);
      const notice = page.getByTestId('map-tiles-failed');
      await expect(notice).toBeVisible();
      await expect(notice).not.toContainText('choose a point');
      const map = page.getByTestId('point-map');
      const noticeBox = await box(notice);
      for (const control of [
        map.locator('.leaflet-control-zoom'),
        map.locator('.leaflet-control-attribution'),
      ])
        expect(overlaps(noticeBox, await box(control))).toBe(false);
      expect(overlaps(noticeBox, await box(map))).toBe(false);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page);
    });

    test("a nursery's picker opens on its profile's country; the notice there covers no control", async ({
      page,
    }) => {
      const nursery = await apiUser(page.request, {
        role: 'nursery',
        username: `nu${Date.now()}`,
      });
      const headers = { 'x-auth-token': await apiToken(page.request, nursery.email) };
      const saved = await page.request.patch('/api/users/me', {
        headers,
        data: {
          name: 'Rift Valley Seedlings',
          username: nursery.username,
          bio: '',
          location: 'Nairobi, Kenya',
        },
      });
      expect(saved.status(), await saved.text()).toBe(200);
      await signIn(page, nursery.email);
      await failTiles(page);
      await page.goto('/app/nursery-stock');
      await page.getByRole('button', { name: 'Add stock' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add stock' });
      const mapRegion = dialog.getByRole('region', {
        name: 'Map: click to choose the pickup point',
      });
      // The map mounts once its place comes near the screen.
      await expect(async () => {
        await dialog.getByText('Pickup location', { exact: true }).first().scrollIntoViewIfNeeded();
        await expect(mapRegion).toBeVisible({ timeout: 1_000 });
      }).toPass();

      // The notice: below the map, clear of zoom, attribution and Show my position.
      const notice = dialog.getByTestId('map-tiles-failed');
      await expect(notice).toContainText('choose a point');
      const noticeBox = await box(notice);
      const map = dialog.getByTestId('location-picker-map');
      for (const control of [
        map.locator('.leaflet-control-zoom'),
        map.locator('.leaflet-control-attribution'),
        dialog.getByRole('button', { name: 'Show my position' }),
        map,
      ])
        expect(overlaps(noticeBox, await box(control))).toBe(false);

      // The browser says en-US; the profile says Kenya: the map opens on Kenya. Enter picks its centre.
      await mapRegion.focus();
      await page.keyboard.press('Enter');
      const kenya = countryCentroid('KE')!;
      await expect(dialog.getByTestId('chosen-point')).toContainText(
        `Latitude: ${kenya.lat.toFixed(6)}, Longitude: ${kenya.lng.toFixed(6)}`,
      );
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test("an individual's tree picker opens on the profile's country, not a fixed one (desktop)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const me = await apiUser(page.request);
  const headers = { 'x-auth-token': await apiToken(page.request, me.email) };
  const saved = await page.request.patch('/api/users/me', {
    headers,
    data: { name: 'Asha', username: me.username, bio: '', location: 'Pune, India' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await signIn(page, me.email);
  await page.goto('/app/tree-registeration');
  const map = page.getByRole('region', { name: 'Map: click to choose where the tree stands' });
  // The map mounts once its place comes near the screen.
  await expect(async () => {
    await page.getByText('Tree location', { exact: true }).first().scrollIntoViewIfNeeded();
    await expect(map).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await map.focus();
  await page.keyboard.press('Enter');
  const india = countryCentroid('IN')!;
  await expect(page.getByTestId('chosen-point')).toContainText(
    `Latitude: ${india.lat.toFixed(6)}, Longitude: ${india.lng.toFixed(6)}`,
  );
});
