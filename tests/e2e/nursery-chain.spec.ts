import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { NURSERY_MESSAGES } from '../../contract/nursery';
import { TREE_MESSAGES } from '../../contract/trees';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiDrive, apiToken, type DrivePlace } from '../support/drives-e2e';
import { apiUser } from '../support/e2e-accounts';
import { signIn } from '../support/shell-session';
import { themeAttribute } from '../support/theme';
import { payWithTestCard } from '../support/test-card';
import { fillNeemAtLodhiDrive } from '../support/trees-e2e';

const LODHI_GARDEN: DrivePlace = {
  location: 'Lodhi Garden, New Delhi',
  lat: '28.5933',
  lng: '77.2197',
  description: 'Planting neem saplings from a partner nursery along the garden path.',
};

/** A drive at Lodhi Garden (the geocoder stub's place), five days from now. */
const driveAtLodhiGarden = async (request: APIRequestContext, token: string, driveName: string) =>
  (await apiDrive(request, token, { driveName, daysAhead: 5, trees: 100, place: LODHI_GARDEN })).id;

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

test('a nursery lists stock, an organiser reserves it for a drive, the nursery delivers, a donor pays at its price, a volunteer plants it and the tree page shows the whole chain', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const stamp = Date.now();
  const nursery = await apiUser(page.request, { role: 'nursery', username: `nursery${stamp}` });
  const organiser = await apiUser(page.request, { role: 'corporate', username: `org${stamp}` });
  const volunteer = await apiUser(page.request, { username: `vol${stamp}` });
  const donor = await apiUser(page.request, { username: `donor${stamp}` });
  const driveName = `Lodhi saplings ${stamp}`;
  const driveId = await driveAtLodhiGarden(
    page.request,
    await apiToken(page.request, organiser.email),
    driveName,
  );

  // The nursery: its dashboard, then its stock manager, where it lists saplings.
  await signIn(page, nursery.email);
  await expect(page).toHaveURL(/\/app\/nursery-dashboard$/);
  await expect(page.getByText('No reservations are waiting for you.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Manage stock' }).click();
  await expect(page).toHaveURL(/\/app\/nursery-stock$/);
  await expect(page.getByText(/No stock yet/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Add stock' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add stock' });
  // Sending it empty says what is missing, in the contract's words.
  await dialog.getByRole('button', { name: 'Add stock' }).click();
  await expect(dialog.getByText(NURSERY_MESSAGES.speciesRequired)).toBeVisible();
  await dialog.getByLabel('Species').selectOption({ label: 'Neem' });
  await dialog
    .getByRole('radiogroup', { name: 'Size' })
    .getByText('Packet', { exact: true })
    .click();
  await dialog.getByLabel('Saplings available').fill('40');
  await dialog.getByLabel(/Price per sapling/).fill('2.50');
  await dialog.getByLabel('Search location').fill('Lodhi Garden');
  await dialog.getByRole('button', { name: 'Search' }).click();
  await expect(dialog.getByLabel('Location', { exact: true })).toHaveValue(
    'Lodhi Garden, New Delhi, India',
  );
  await dialog.getByLabel('Notes').fill('Collect at the east gate, 8–12.');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Add stock' }).click();
  await expect(page.getByText(NURSERY_MESSAGES.stockSaved)).toBeVisible();
  const row = page.getByTestId('stock-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Neem');
  await expect(row).toContainText('40');
  await expect(row).toContainText('$2.50');

  // It corrects the count, then adds a second line and deletes it again after confirming.
  await page.getByRole('button', { name: 'Edit Neem stock' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit stock' });
  await edit.getByLabel('Saplings available').fill('45');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(row).toContainText('45');
  await page.getByRole('button', { name: 'Add stock' }).click();
  const second = page.getByRole('dialog', { name: 'Add stock' });
  await second.getByLabel('Species').selectOption({ label: 'Peepal (Sacred fig)' });
  await second
    .getByRole('radiogroup', { name: 'Size' })
    .getByText('Potted', { exact: true })
    .click();
  await second.getByLabel('Saplings available').fill('5');
  await second.getByLabel(/Price per sapling/).fill('4');
  await second.getByLabel('Search location').fill('Lodhi Garden');
  await second.getByRole('button', { name: 'Search' }).click();
  await expect(second.getByLabel('Location', { exact: true })).toHaveValue(
    'Lodhi Garden, New Delhi, India',
  );
  await second.getByRole('button', { name: 'Add stock' }).click();
  await expect(row).toHaveCount(2);
  await expect(row.filter({ hasText: 'Peepal' })).toContainText('Low stock');
  await page.getByRole('button', { name: /^Delete Peepal/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete stock' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(NURSERY_MESSAGES.stockDeleted)).toBeVisible();
  await expect(row).toHaveCount(1);

  // The organiser finds it near the drive and reserves 12 saplings.
  await switchTo(page, organiser.email);
  await page.goto(`/app/delive-detail/${driveId}`);
  const panel = page.getByRole('region', { name: 'Saplings: from nursery to living tree' });
  await expect(panel.getByText(/No saplings reserved yet/)).toBeVisible();
  await panel.getByRole('button', { name: 'Reserve saplings' }).click();
  const finder = page.getByRole('dialog', { name: 'Reserve saplings' });
  // Every nursery's stock shows, nearest first (issue 23): this nursery's, at the drive's place.
  const result = finder.getByTestId('stock-result').first();
  await expect(result).toContainText(nursery.username);
  await expect(result.getByTestId('stock-distance')).toHaveText(/^\d(\.\d)? km away$/);
  await expect(result).toContainText('45 available');
  await expectNoSeriousA11yViolations(page);
  await result.getByLabel(`Saplings from ${nursery.username}`).fill('12');
  await result.getByRole('button', { name: 'Reserve' }).click();
  await expect(page.getByText(NURSERY_MESSAGES.reserved)).toBeVisible();
  await expect(panel.getByTestId('reservation')).toHaveAttribute('data-status', 'requested');
  await expect(panel.getByTestId('chain-Reserved')).toContainText('12');
  await expectNoSeriousA11yViolations(page);

  // The nursery confirms, then delivers, from its dashboard.
  await switchTo(page, nursery.email);
  const open = page.getByTestId('reservation');
  await expect(open).toContainText(driveName);
  await open.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(NURSERY_MESSAGES.confirmed)).toBeVisible();
  await open.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(page.getByText(NURSERY_MESSAGES.delivered)).toBeVisible();
  await expect(page.getByText('No reservations are waiting for you.')).toBeVisible();
  await expect(page.getByTestId('figure-Saplings delivered')).toHaveText('12');
  await expect(page.getByTestId('figure-Drives supplied')).toHaveText('1');
  await expect(page.getByTestId('figure-Saplings in stock')).toHaveText('33');
  await expect(page.getByTestId('nursery-monthly-chart')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A donor gives 4 trees to the drive: priced at the nursery's $2.50, which grows them.
  await switchTo(page, donor.email);
  await page.goto(`/app/delive-detail/${driveId}`);
  await page
    .getByRole('region', { name: 'Donations', exact: true })
    .getByRole('link', { name: 'Donate' })
    .click();
  await expect(page).toHaveURL(`/app/donate-tree?drive=${driveId}`);
  // A tile is its label (the radio inside is visually hidden).
  await page.getByText('Other number', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Other number', exact: true })).toBeChecked();
  const trees = page.getByLabel('Number of trees');
  await trees.fill('4');
  await expect(page.getByText(`saplings grown by ${nursery.username}`)).toBeVisible();
  await expect(page.getByTestId('donation-total')).toHaveText('Total: $10.00');
  // The review beside the choices prices the trees at the nursery's price.
  await expect(page.getByTestId('review-total')).toHaveText('$10.00');
  await page.getByRole('button', { name: 'Pay $10.00' }).click();
  await payWithTestCard(page, '$10.00');
  await expect(page.getByRole('heading', { name: 'Thank you for your donation!' })).toBeVisible({
    timeout: 15_000,
  });

  // A volunteer who joined the drive registers trees from those saplings.
  const volunteerToken = await apiToken(page.request, volunteer.email);
  const joined = await page.request.post(`/api/drives/${driveId}/participants`, {
    headers: { 'x-auth-token': volunteerToken },
  });
  expect(joined.status()).toBe(200);
  await switchTo(page, volunteer.email);
  await page.goto('/app/tree-registeration');
  const form = page.getByRole('form', { name: 'Register a tree' });
  // The planting date starts on today.
  await fillNeemAtLodhiDrive(form, 10, driveId);
  const from = form.getByLabel('Saplings from (optional)');
  await expect(from).toBeVisible();
  await from.selectOption({ label: `12 × Neem from ${nursery.username}` });
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Register tree' }).click();
  await expect(page.getByText(TREE_MESSAGES.saved)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/trees\/[^/]+$/);

  // The tree's page tells its whole provenance.
  const provenance = page.getByRole('region', { name: 'Provenance' });
  await expect(provenance.getByTestId('provenance-nursery')).toHaveText(nursery.username);
  await expect(provenance.getByTestId('provenance-drive')).toContainText(driveName);
  await expect(provenance.getByTestId('provenance-planter')).toHaveText(volunteer.username);
  await expect(provenance.getByTestId('provenance-donors')).toHaveText(donor.username);
  await expectNoSeriousA11yViolations(page);

  // The drive page shows the chain: reserved → delivered → planted → alive today.
  await provenance.getByRole('link', { name: driveName }).click();
  await expect(page).toHaveURL(`/app/delive-detail/${driveId}`);
  const chain = page.getByRole('region', { name: 'Saplings: from nursery to living tree' });
  await expect(chain.getByTestId('chain-Reserved')).toContainText('12');
  await expect(chain.getByTestId('chain-Delivered')).toContainText('12');
  await expect(chain.getByTestId('chain-Planted')).toContainText('10');
  await expect(chain.getByTestId('chain-Alive today')).toContainText('10');
  await expect(chain.getByText(`Saplings from ${nursery.username}.`)).toBeVisible();
});

test('the nursery dashboard, stock manager and a drive’s saplings panel pass axe in the dark theme', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  const stamp = Date.now();
  const nursery = await apiUser(page.request, { role: 'nursery', username: `dnursery${stamp}` });
  const organiser = await apiUser(page.request, { role: 'corporate', username: `dorg${stamp}` });
  const organiserToken = await apiToken(page.request, organiser.email);
  const driveId = await driveAtLodhiGarden(page.request, organiserToken, `Dark drive ${stamp}`);
  const stock = await page.request.post('/api/nursery/stock', {
    headers: { 'x-auth-token': await apiToken(page.request, nursery.email) },
    data: {
      speciesId: 1,
      size: 'packet',
      quantityAvailable: 8,
      priceMinor: 300,
      pickupLat: 28.5933,
      pickupLng: 77.2197,
      pickupLocation: 'Lodhi Garden, New Delhi, India',
    },
  });
  expect(stock.status(), await stock.text()).toBe(201);
  const stockId = ((await stock.json()) as { data: { id: string } }).data.id;
  const reserved = await page.request.post(`/api/drives/${driveId}/reservations`, {
    headers: { 'x-auth-token': organiserToken },
    data: { stockId, quantity: 3 },
  });
  expect(reserved.status(), await reserved.text()).toBe(201);

  await signIn(page, nursery.email);
  await expect(page.locator('html')).toHaveAttribute('data-theme', themeAttribute('dark'));
  await expect(page.getByTestId('reservation')).toHaveAttribute('data-status', 'requested');
  await expect(page.getByText(/Low stock/)).toBeVisible();
  await expect(page.getByTestId('nursery-monthly-chart')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Manage stock' }).click();
  await expect(page.getByTestId('stock-row')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  await switchTo(page, organiser.email);
  await page.goto(`/app/delive-detail/${driveId}`);
  const panel = page.getByRole('region', { name: 'Saplings: from nursery to living tree' });
  await expect(panel.getByTestId('reservation')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Cancel reservation' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
