import { expect, test } from '@playwright/test';
import { NURSERY_MESSAGES } from '../../contract/nursery';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiDrive, apiToken, type DrivePlace } from '../support/drives-e2e';
import { apiUser } from '../support/e2e-accounts';
import { signIn } from '../support/shell-session';

// Issue 23: reserving saplings starts with the nearest stock, sorted by distance, never an empty
// 100 km circle. Each viewport's drive and nursery sit far from every other spec's stock.
const JOURNEYS = [
  {
    name: 'desktop',
    viewport: { width: 1280, height: 800 },
    drive: {
      location: 'Port Blair, Andaman Islands',
      lat: '11.6234',
      lng: '92.7265',
      description: 'Planting mangrove saplings along the bay with the island school.',
    },
    // Car Nicobar, about 274 km south of Port Blair.
    stock: { lat: 9.1573, lng: 92.8195, place: 'Car Nicobar harbour nursery' },
    away: '274 km away',
  },
  {
    name: '390 px phone',
    viewport: { width: 390, height: 844 },
    drive: {
      location: 'Leh, Ladakh',
      lat: '34.1526',
      lng: '77.5771',
      description: 'Planting willow and poplar saplings along the stream with the village.',
    },
    // Kargil, about 140 km west of Leh.
    stock: { lat: 34.5539, lng: 76.1349, place: 'Kargil valley nursery' },
    away: '140 km away',
  },
] as const satisfies ReadonlyArray<{ drive: DrivePlace } & Record<string, unknown>>;

for (const journey of JOURNEYS)
  test(`an organiser with a drive far from the only nursery sees its stock first, with its distance, and reserves it (${journey.name})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(journey.viewport);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const stamp = Date.now();
    const nursery = await apiUser(page.request, { role: 'nursery', username: `far${stamp}` });
    const organiser = await apiUser(page.request, {
      role: 'corporate',
      username: `orgfar${stamp}`,
    });
    const stocked = await page.request.post('/api/nursery/stock', {
      headers: { 'x-auth-token': await apiToken(page.request, nursery.email) },
      data: {
        speciesId: 1,
        size: 'packet',
        quantityAvailable: 60,
        priceMinor: 300,
        pickupLat: journey.stock.lat,
        pickupLng: journey.stock.lng,
        pickupLocation: journey.stock.place,
      },
    });
    expect(stocked.status(), await stocked.text()).toBe(201);
    const driveName = `Far saplings ${stamp}`;
    const { id: driveId } = await apiDrive(
      page.request,
      await apiToken(page.request, organiser.email),
      { driveName, daysAhead: 6, trees: 40, place: journey.drive },
    );

    await signIn(page, organiser.email);
    await page.goto(`/app/delive-detail/${driveId}`);
    const panel = page.getByRole('region', { name: 'Saplings: from nursery to living tree' });
    await panel.getByRole('button', { name: 'Reserve saplings' }).click();
    const finder = page.getByRole('dialog', { name: 'Reserve saplings' });

    // Over 100 km away, yet it is the first line, with how far it is.
    const first = finder.getByTestId('stock-result').first();
    await expect(first).toContainText(nursery.username);
    await expect(first).toContainText(journey.stock.place);
    await expect(first.getByTestId('stock-distance')).toHaveText(journey.away);
    await expect(finder.getByLabel('Distance')).toHaveValue('');
    await expectNoSeriousA11yViolations(page);

    // Narrowing to 100 km empties it, and says how to widen it again.
    await finder.getByLabel('Distance').selectOption({ label: 'Within 100 km' });
    await expect(
      finder.getByText('No nursery has saplings within 100 km of the drive.'),
    ).toBeVisible();
    await finder.getByRole('button', { name: 'Search any distance' }).click();
    await expect(first.getByTestId('stock-distance')).toHaveText(journey.away);

    // On a phone the dialog fits the screen: nothing runs off to the side.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await first.getByLabel(`Saplings from ${nursery.username}`).fill('25');
    await first.getByRole('button', { name: 'Reserve' }).click();
    await expect(page.getByText(NURSERY_MESSAGES.reserved)).toBeVisible();
    await expect(panel.getByTestId('reservation')).toHaveAttribute('data-status', 'requested');
    await expect(panel.getByTestId('reservation')).toContainText(nursery.username);
    await expect(panel.getByTestId('chain-Reserved')).toContainText('25');
    await expectNoSeriousA11yViolations(page);
  });
