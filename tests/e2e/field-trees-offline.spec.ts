import { expect, test, type Page } from '@playwright/test';
import { apiToken } from '../support/drives-e2e';
import { goOffline, goOnline, savedOfflineReads } from '../support/offline-e2e';
import { buildJpeg } from '../support/images';
import { signedInAccount } from '../support/shell-session';
import { apiTree, withE2eDatabase } from '../support/trees-e2e';

// Issue 24's journey: with the network cut, register a tree with a photo and measure another
// (with a photo too), log its care and report a problem, reload the app offline (it opens), go
// online, and the server has exactly one new tree and one measurement, each with its photo, one
// care entry and the report.

test.use({ serviceWorkers: 'allow' });

const SCREENS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'a 390 px phone', viewport: { width: 390, height: 844 } },
] as const;
const SAVED = 'Saved on this phone — will upload when you are online.';

/** What the e2e server's database holds for a member (read straight from its SQLite file). */
async function serverRows(ownerEmail: string, measuredTreeId: string) {
  return withE2eDatabase(async (db) => {
    const owner = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', ownerEmail)
      .executeTakeFirstOrThrow();
    const trees = await db
      .selectFrom('trees')
      .select(['id', 'nickname', 'photo_file_id'])
      .where('owner_id', '=', owner.id)
      .execute();
    const measurements = await db
      .selectFrom('tree_measurements')
      .select(['height_cm', 'photo_file_id'])
      .where('tree_id', '=', measuredTreeId)
      .execute();
    const care = await db
      .selectFrom('tree_care_log')
      .select(['action'])
      .where('tree_id', '=', measuredTreeId)
      .execute();
    const health = await db
      .selectFrom('trees')
      .select(['health_note'])
      .where('id', '=', measuredTreeId)
      .executeTakeFirstOrThrow();
    return { trees, measurements, care, healthNote: health.health_note };
  });
}

/** On a phone the form is three steps: Next until the last. */
async function toLastStep(page: Page) {
  const form = page.getByRole('form', { name: 'Register a tree' });
  for (let i = 0; i < 2; i += 1) {
    const next = form.getByRole('button', { name: 'Next' });
    if (await next.isVisible()) await next.click();
  }
}

for (const screen of SCREENS)
  test(`a tree and a measurement with their photos, care and a problem report saved offline upload once, after an offline reload (${screen.name})`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize(screen.viewport);
    const me = await signedInAccount(page);
    const existing = await apiTree(
      page.request,
      await apiToken(page.request, me.email),
      `Old neem ${Date.now()}`,
    );
    // One visit online: the registration form, then the tree's page.
    await page.goto('/app/tree-registeration');
    await expect(page.getByRole('form', { name: 'Register a tree' })).toBeVisible();
    await page.goto(`/app/trees/${existing.id}`);
    await expect(page.getByRole('button', { name: 'Add a measurement' })).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // The tree page's data is saved a moment after it loads (longer on a loaded machine).
    await expect
      .poll(
        async () => (await savedOfflineReads(page)).some((hash) => hash.includes(existing.id)),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);

    // The signal goes; the app reopens from the phone, on the tree's page as saved.
    await goOffline(page);
    await page.reload();
    await page.getByRole('button', { name: 'Add a measurement' }).click();
    const measure = page.getByRole('dialog', { name: 'Add a measurement' });
    await measure.getByLabel('Height (cm)').fill('88');
    await measure.getByLabel('Trunk diameter (cm)').fill('1.1');
    await measure.getByLabel('Photo (optional)').setInputFiles({
      name: 'measured.jpg',
      mimeType: 'image/jpeg',
      buffer: await buildJpeg({ width: 480, height: 640, seed: 8 }),
    });
    await measure.getByRole('button', { name: 'Save measurement' }).click();
    await expect(page.getByText(SAVED).first()).toBeVisible();
    const bar = page.getByTestId('outbox-bar');
    await expect(bar).toContainText(
      `1 item saved on this phone — will upload when you are online.`,
    );

    // Care and a health report, offline too.
    await page.getByRole('button', { name: 'Log care' }).click();
    const careDialog = page.getByRole('dialog', { name: 'Log care' });
    await careDialog
      .getByRole('radiogroup', { name: 'What did you do?' })
      .getByText('Mulched', { exact: true })
      .click();
    await careDialog.getByRole('button', { name: 'Log care' }).click();
    await expect(careDialog).toHaveCount(0);
    await expect(bar).toContainText(`2 items saved on this phone`);
    await page.getByRole('button', { name: 'Report a problem' }).click();
    const problem = page.getByRole('dialog', { name: 'Report a problem' });
    await problem.getByLabel('What is wrong?').selectOption({ label: 'Pests' });
    await problem.getByLabel('What do you see? (optional)').fill('Beetles on the bark');
    await problem.getByRole('button', { name: 'Report the problem' }).click();
    await expect(problem).toHaveCount(0);
    await expect(bar).toContainText(`3 items saved on this phone`);

    // A new tree with its photo, registered offline.
    await page.goto('/app/tree-registeration');
    const form = page.getByRole('form', { name: 'Register a tree' });
    await expect(form).toBeVisible();
    await form.getByLabel('Tree Type').selectOption({ label: 'Neem' });
    await form.getByLabel('How many').fill('3');
    await form
      .getByRole('radiogroup', { name: 'Size at planting' })
      .getByText('Packet', { exact: true })
      .click();
    const next = form.getByRole('button', { name: 'Next' });
    if (await next.isVisible()) await next.click();
    // No place search without a signal: the point is chosen on the map.
    const map = form.getByRole('region', { name: 'Map: click to choose where the tree stands' });
    await map.scrollIntoViewIfNeeded();
    await expect(map).toBeVisible();
    const box = (await map.boundingBox())!;
    await map.click({ position: { x: box.width / 2, y: box.height / 2 } });
    await expect(form.getByTestId('chosen-point')).toContainText('Latitude');
    await toLastStep(page);
    const nickname = `Offline neem ${Date.now()}`;
    await form.getByLabel('Nickname (optional)').fill(nickname);
    await form.getByLabel('Photo (optional)').setInputFiles({
      name: 'neem.jpg',
      mimeType: 'image/jpeg',
      buffer: await buildJpeg({ width: 640, height: 480, seed: 21 }),
    });
    await form.getByRole('button', { name: 'Register tree' }).click();
    await expect(form.getByTestId('tree-kept')).toHaveText(SAVED);

    // Closed and reopened without a signal: all four wait on the phone.
    await page.reload();
    await expect(bar).toContainText(
      `4 items saved on this phone — will upload when you are online.`,
    );
    expect((await serverRows(me.email, existing.id)).trees).toHaveLength(1);

    // Back online: they upload by themselves, once.
    await goOnline(page);
    await expect(bar).toHaveCount(0, { timeout: 20_000 });
    const rows = await serverRows(me.email, existing.id);
    const made = rows.trees.filter((t) => t.nickname === nickname);
    expect(made).toHaveLength(1);
    expect(made[0]!.photo_file_id).not.toBeNull();
    expect(rows.trees).toHaveLength(2);
    expect(rows.measurements.map((m) => Number(m.height_cm))).toEqual([88]);
    expect(rows.measurements[0]!.photo_file_id).not.toBeNull();
    expect(rows.care.map((c) => c.action)).toEqual(['mulched']);
    expect(rows.healthNote).toBe('Beetles on the bark');
  });

test('a half-filled registration, photo included, survives closing the app; Start again drops it', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInAccount(page);
  await page.goto('/app/tree-registeration');
  const form = page.getByRole('form', { name: 'Register a tree' });
  await form.getByLabel('Tree Type').selectOption({ label: 'Neem' });
  const nickname = `Draft neem ${Date.now()}`;
  await form.getByLabel('Nickname (optional)').fill(nickname);
  await form.getByLabel('Photo (optional)').setInputFiles({
    name: 'draft.jpg',
    mimeType: 'image/jpeg',
    buffer: await buildJpeg({ width: 480, height: 360, seed: 33 }),
  });
  await expect(form.getByRole('img', { name: 'Preview of the chosen tree photo' })).toBeVisible();

  // A moment later the photo is kept beside the fields; then the app is closed and opened again.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('canopy-tree-draft-photos');
            open.onupgradeneeded = () => open.transaction?.abort();
            open.onerror = () => resolve(0);
            open.onsuccess = () => {
              const count = open.result.transaction('photos').objectStore('photos').count();
              count.onsuccess = () => resolve(count.result);
            };
          }),
      ),
    )
    .toBe(1);
  await page.goto('/app/dashboard');
  await page.goto('/app/tree-registeration');
  await expect(form.getByText(/Your unfinished tree from .* is back\./)).toBeVisible();
  await expect(form.getByLabel('Nickname (optional)')).toHaveValue(nickname);
  await expect(form.getByLabel('Tree Type').locator('option:checked')).toHaveText('Neem');
  await expect(form.getByRole('img', { name: 'Preview of the chosen tree photo' })).toBeVisible();

  await form.getByRole('button', { name: 'Start again' }).click();
  await expect(form.getByLabel('Nickname (optional)')).toHaveValue('');
  await page.reload();
  await expect(form).toBeVisible();
  await expect(form.getByText(/is back\./)).toHaveCount(0);
});
