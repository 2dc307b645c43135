import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { VERIFICATION_MESSAGES } from '../../contract/tree-verification';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiDrive, apiToken, localDayKey, type DrivePlace } from '../support/drives-e2e';
import { apiUser } from '../support/e2e-accounts';
import { buildJpeg } from '../support/images';
import { signIn } from '../support/shell-session';

/** Its own place, so the other journeys' trees and map bubbles are not near it. */
const KIRSTENBOSCH: DrivePlace = {
  location: 'Kirstenbosch, Cape Town',
  lat: '-33.9875',
  lng: '18.4327',
  description: 'Planting yellowwood saplings along the garden path.',
};

const auth = (token: string) => ({ 'x-auth-token': token });

/** A tree at the drive with a photo, registered through the API by a participant. */
async function plantedWithPhoto(
  request: APIRequestContext,
  token: string,
  driveId: string,
  treeName: string,
  seed: number,
) {
  const planted = new Date();
  planted.setDate(planted.getDate() - 2);
  const res = await request.post('/api/trees', {
    headers: auth(token),
    multipart: {
      treesType: '1',
      treeCount: '3',
      treeSize: 'packet',
      plantedAt: localDayKey(planted),
      treeLat: KIRSTENBOSCH.lat,
      treeLong: KIRSTENBOSCH.lng,
      treeLocation: KIRSTENBOSCH.location,
      treeName,
      driveId,
      treeImage: {
        name: 'tree.jpg',
        mimeType: 'image/jpeg',
        buffer: await buildJpeg({ width: 320, height: 240, seed }),
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { tree: { id: string } } }).data.tree.id;
}

/** Ends the browser's session and signs another account in. */
async function switchTo(page: Page, email: string) {
  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.removeItem('token');
  });
  await page.goto('/login');
  await page.evaluate(() => sessionStorage.clear());
  await signIn(page, email);
}

const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '390 px phone', width: 390, height: 844 },
];

for (const viewport of viewports) {
  test(`a verifier verifies a tree and rejects another, and the queue's and the drive's counts move (${viewport.name})`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const stamp = `${Date.now()}${viewport.width}`;
    const organiser = await apiUser(page.request, {
      role: 'corporate',
      username: `verorg${stamp}`,
    });
    const planter = await apiUser(page.request, { username: `verplanter${stamp}` });
    const organiserToken = await apiToken(page.request, organiser.email);
    const planterToken = await apiToken(page.request, planter.email);
    const { id: driveId } = await apiDrive(page.request, organiserToken, {
      driveName: `Kirstenbosch verified ${stamp}`,
      daysAhead: 2,
      trees: 20,
      place: KIRSTENBOSCH,
    });
    const joined = await page.request.post(`/api/drives/${driveId}/participants`, {
      headers: auth(planterToken),
    });
    expect(joined.status(), await joined.text()).toBe(200);
    const first = await plantedWithPhoto(page.request, planterToken, driveId, `Good ${stamp}`, 5);
    const second = await plantedWithPhoto(
      page.request,
      planterToken,
      driveId,
      `Blurry ${stamp}`,
      9,
    );

    // The planter cannot vouch for their own tree.
    const own = await page.request.post(`/api/trees/${first}/verification`, {
      headers: auth(planterToken),
      data: { decision: 'verified' },
    });
    expect(own.status()).toBe(403);
    expect(((await own.json()) as { message: string }).message).toBe(VERIFICATION_MESSAGES.ownTree);

    // The drive's page counts both trees' plants as planted, none verified yet (issue 21 §3).
    await signIn(page, organiser.email);
    const figures = async (planted: string, verified: string) => {
      await page.goto(`/app/delive-detail/${driveId}`);
      await expect(page.getByTestId('four-treesPlanted-value')).toHaveText(planted);
      await expect(page.getByTestId('four-treesVerified-value')).toHaveText(verified);
    };
    await figures('6', '0');

    // The organiser opens the queue from the navigation.
    if (viewport.width < 640) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Verify trees' }).click();
    await expect(page).toHaveURL(/\/app\/verify$/);
    await expect(page.getByTestId('verify-waiting')).toHaveText('2');
    const items = page.getByTestId('verify-item');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText(planter.username);
    await expect(items.first()).toContainText('Kirstenbosch');
    await expectNoSeriousA11yViolations(page);

    // Verify the first tree.
    await items.nth(0).getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(VERIFICATION_MESSAGES.verified)).toBeVisible();
    await expect(page.getByTestId('verify-waiting')).toHaveText('1');
    await expect(items).toHaveCount(1);

    // Reject the other: the dialog asks why, first refusing no reason.
    await items.first().getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: /^Reject / });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Reject tree' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please choose why the tree is rejected.');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('radio', { name: 'Photo unclear' }).check();
    await dialog.getByRole('button', { name: 'Reject tree' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(VERIFICATION_MESSAGES.rejected)).toBeVisible();
    await expect(page.getByTestId('verify-waiting')).toHaveText('0');
    await expect(page.getByText('Nothing to verify right now.')).toBeVisible();
    // The drive's figures moved: the rejected tree's plants left the total, the other's verified.
    await figures('3', '3');

    // The trees' pages: verified by the organiser; the planter sees the rejection and how to resend.
    const [verifiedId, rejectedId] = await (async () => {
      const res = await page.request.get(`/api/trees/${first}`, { headers: auth(organiserToken) });
      const status = (
        (await res.json()) as { data: { tree: { verification: { status: string } } } }
      ).data.tree.verification.status;
      return status === 'verified' ? [first, second] : [second, first];
    })();
    await page.goto(`/app/trees/${verifiedId}`);
    await expect(page.getByTestId('tree-verification')).toContainText(
      `Verified by ${organiser.username} on`,
    );
    await switchTo(page, planter.email);
    await page.goto(`/app/trees/${rejectedId}`);
    const rejection = page.getByTestId('tree-verification');
    await expect(rejection).toContainText('Not verified: Photo unclear');
    await expect(rejection).toContainText('To send it again, add a new photo');
    await expectNoSeriousA11yViolations(page);

    // The rejected tree left the public map; the verified one is on it.
    const map = await page.request.get('/api/trees/map?bbox=18.42,-34.0,18.45,-33.97', {
      headers: auth(planterToken),
    });
    const onMap = ((await map.json()) as { data: { id: string }[] }).data.map((t) => t.id);
    expect(onMap).toContain(verifiedId);
    expect(onMap).not.toContain(rejectedId);
  });
}
