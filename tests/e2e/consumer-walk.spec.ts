import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiDrive, apiToken } from '../support/drives-e2e';
import { apiUser } from '../support/e2e-accounts';
import { signIn } from '../support/shell-session';
import { themeAttribute } from '../support/theme';
import { apiTree } from '../support/trees-e2e';

// Issue 23's bar for done: the screens people see first, walked at 1280 px and 390 px in light
// and dark: no serious accessibility finding, nothing wider than the screen, no clipped text and
// no word broken in the middle.

const SCREENS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '390 px phone', width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;

interface Problems {
  overflow: number;
  clipped: string[];
  brokenWords: string[];
}

/** What the eye would call broken on the page as painted. */
function layoutProblems(page: Page): Promise<Problems> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const main = document.getElementById('main');
    const overflow = Math.max(
      root.scrollWidth - root.clientWidth,
      main ? main.scrollWidth - main.clientWidth : 0,
    );
    const shown = (el: Element) => {
      if (el.closest('[aria-hidden="true"], .leaflet-container, .sr-only, [hidden]')) return false;
      const box = el.getBoundingClientRect();
      return box.width > 2 && box.height > 2;
    };
    // Text cut off by a box that hides its overflow (an ellipsis is a deliberate, titled cut).
    const clipped: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (!shown(el)) continue;
      const style = getComputedStyle(el);
      if (!['hidden', 'clip'].includes(style.overflowX)) continue;
      if (style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none') continue;
      const ownText = [...el.childNodes].some(
        (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
      );
      if (ownText && el.scrollWidth > el.clientWidth + 1)
        clipped.push(
          `${el.tagName.toLowerCase()}: "${(el.textContent ?? '').trim().slice(0, 60)}"`,
        );
    }
    // A word of letters painted on two lines was broken in its middle.
    const brokenWords: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !shown(parent) || parent.closest('script, style, svg, title')) continue;
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\p{L}{3,}/gu)) {
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) brokenWords.push(match[0]);
      }
    }
    return { overflow, clipped, brokenWords };
  });
}

async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  // Charts and maps below the fold mount when scrolled to: scroll through like a reader.
  for (let step = 0; step < 40; step += 1) {
    const more = await page.evaluate(() => {
      const pane = document.getElementById('main');
      const scroller =
        pane && pane.scrollHeight > pane.clientHeight ? pane : document.scrollingElement!;
      const before = scroller.scrollTop;
      scroller.scrollTop += window.innerHeight * 0.8;
      return scroller.scrollTop > before;
    });
    if (!more) break;
    await page.waitForTimeout(150);
  }
  // A panel whose code arrived after the reader had scrolled past mounts its map only when seen
  // again (CI under load): look back at anything still loading, as a reader would.
  const waiting = page.getByText(/^Loading/);
  await expect(async () => {
    const left = await waiting.count();
    for (let i = 0; i < left; i += 1)
      await waiting
        .nth(i)
        .scrollIntoViewIfNeeded({ timeout: 2_000 })
        .catch(() => undefined);
    await expect(waiting).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** One screen as a visitor sees it: settled, then checked. */
async function walk(page: Page, path: string, theme: (typeof THEMES)[number]) {
  await page.goto(path);
  await settled(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', themeAttribute(theme));
  const problems = await layoutProblems(page);
  expect.soft(problems.overflow, `${path}: wider than the screen by`).toBeLessThanOrEqual(0);
  expect.soft(problems.clipped, `${path}: clipped text`).toEqual([]);
  expect.soft(problems.brokenWords, `${path}: words broken mid-word`).toEqual([]);
  await expectNoSeriousA11yViolations(page);
}

for (const screen of SCREENS)
  for (const theme of THEMES)
    test(`the screens people see first are whole and accessible (${screen.name}, ${theme})`, async ({
      page,
    }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width: screen.width, height: screen.height });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      const stamp = `${Date.now()}`;

      // The people of the walk: an organiser with a drive, a member who joined it and planted,
      // and a partner nursery.
      const organiser = await apiUser(page.request, { role: 'corporate', username: `wo${stamp}` });
      const member = await apiUser(page.request, { username: `wm${stamp}` });
      const nursery = await apiUser(page.request, { role: 'nursery', username: `wn${stamp}` });
      const organiserToken = await apiToken(page.request, organiser.email);
      const memberToken = await apiToken(page.request, member.email);
      const drive = await apiDrive(page.request, organiserToken, {
        driveName: `Riverside neem and tamarind planting ${stamp}`,
      });
      const joined = await page.request.post(`/api/drives/${drive.id}/participants`, {
        headers: { 'x-auth-token': memberToken },
      });
      expect(joined.status(), await joined.text()).toBe(200);
      const tree = await apiTree(page.request, memberToken, `Lakeside neem ${stamp}`);

      // Signed out: the landing page and sign-up.
      await walk(page, '/', theme);
      await walk(page, '/register', theme);

      await signIn(page, member.email);
      for (const path of [
        '/app/dashboard',
        '/app/my-forest',
        '/app/donate-tree',
        '/app/my-trees',
        `/app/trees/${tree.id}`,
        `/app/delive-detail/${drive.id}`,
      ])
        await walk(page, path, theme);

      await page.context().clearCookies();
      await page.evaluate(() => sessionStorage.clear());
      await signIn(page, organiser.email);
      await walk(page, '/app/corporate-dashboard', theme);
      await walk(page, `/app/delive-detail/${drive.id}`, theme);

      await page.evaluate(() => sessionStorage.clear());
      await signIn(page, nursery.email);
      await walk(page, '/app/nursery-dashboard', theme);
      await walk(page, '/app/nursery-stock', theme);
    });
