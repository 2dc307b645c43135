import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken, localDayKey } from '../support/drives-e2e';
import { signedInAccount } from '../support/shell-session';

const SCREENS = [
  { name: 'desktop', viewport: null },
  { name: 'a 390 px phone', viewport: { width: 390, height: 844 } },
] as const;

const EXACT_LAT = '12.976312';
const EXACT_LNG = '77.592911';

for (const screen of SCREENS)
  test(`a member makes their forest public and anyone sees it, with a link preview (${screen.name})`, async ({
    page,
    browser,
  }) => {
    // The place others see is named by a pass each minute on the server (issue 25): room for it.
    test.setTimeout(240_000);
    if (screen.viewport) await page.setViewportSize(screen.viewport);
    const stamp = Date.now();
    const member = await signedInAccount(page, { username: `fs${stamp}` });
    const token = await apiToken(page.request, member.email);
    const registered = await page.request.post('/api/trees', {
      headers: { 'x-auth-token': token },
      multipart: {
        treesType: '1',
        treeCount: '4',
        treeSize: 'packet',
        plantedAt: localDayKey(new Date()),
        treeLat: EXACT_LAT,
        treeLong: EXACT_LNG,
        treeLocation: '12 Kasturba Road, Cubbon Park, Bengaluru',
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);

    // The forest is private until the member chooses a handle.
    await page.goto('/app/my-forest');
    const share = page.getByRole('region', { name: 'Share your forest' });
    await expect(share).toContainText('Your forest is private.');
    const handleField = share.getByLabel("Your forest's address");
    await handleField.fill('ab');
    await share.getByRole('button', { name: 'Make my forest public' }).click();
    await expect(share.getByText(/3 to 30 characters/)).toBeVisible();
    const handle = `grove-${stamp}`;
    await handleField.fill(handle);
    await share.getByRole('button', { name: 'Make my forest public' }).click();
    await expect(share.getByRole('link', { name: `/forest/${handle}` })).toBeVisible();
    const buttons = share.getByRole('group', { name: 'Share the link' });
    await expect(buttons.getByRole('button', { name: 'Copy link' })).toBeVisible();
    for (const network of ['X', 'Facebook', 'LinkedIn', 'WhatsApp'])
      await expect(
        buttons.getByRole('link', { name: `Share on ${network} (opens in a new tab)` }),
      ).toHaveAttribute('href', new RegExp(encodeURIComponent(`/forest/${handle}`)));
    await expectNoSeriousA11yViolations(page);

    // Signed out, anyone opens /forest/{handle}: counts and species, places rounded.
    const context = await browser.newContext(screen.viewport ? { viewport: screen.viewport } : {});
    const visitor = await context.newPage();
    await visitor.goto(`/forest/${handle}`);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(/’s forest$/);
    const figures = visitor.getByTestId('public-figures');
    await expect(figures).toContainText('4');
    await expect(figures).toContainText('trees planted');
    await expect(visitor.getByTestId('public-species')).toContainText('Neem');
    const tree = visitor.getByTestId('public-tree');
    await expect(tree).toHaveCount(1);
    // The geocoder's name for the area around the point, never the owner's address.
    await expect(async () => {
      await visitor.reload();
      await expect(tree).toContainText('Sampangi Rama Nagar, Bengaluru, India', {
        timeout: 2_000,
      });
    }).toPass({ timeout: 120_000, intervals: [5_000] });
    await expect(tree).not.toContainText('Kasturba');
    const body = await visitor.locator('body').innerText();
    expect(body).not.toContain(EXACT_LAT);
    expect(body).not.toContain(EXACT_LNG);
    await expect(visitor.getByRole('group', { name: 'Share this forest' })).toBeVisible();
    await expectNoSeriousA11yViolations(visitor);

    // The page's HTML carries the link-preview tags; the card is a 1200×630 PNG.
    const html = await (await context.request.get(`/forest/${handle}`)).text();
    expect(html).toMatch(
      new RegExp(
        `<meta property="og:image" content="[^"]*/api/public/forests/${handle}/card.png">`,
      ),
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    const card = await context.request.get(`/api/public/forests/${handle}/card.png`);
    expect(card.status()).toBe(200);
    expect(card.headers()['content-type']).toBe('image/png');
    const meta = await sharp(await card.body()).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    const json = await (await context.request.get(`/api/public/forests/${handle}`)).text();
    expect(json).not.toContain(EXACT_LAT);

    // Private again: the page is gone for the visitor.
    await share.getByRole('button', { name: 'Make my forest private' }).click();
    await expect(share).toContainText('Your forest is private.');
    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(
      'This forest is not public',
    );
    await context.close();
  });
