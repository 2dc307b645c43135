import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import type { Drive, DriveListResponse } from '../../contract/drives';
import { DRIVE_MESSAGES } from '../../contract/drives';
import { fromZonedWallClock } from '../../web/lib/wall-clock';
import { apiUser, E2E_PASSWORD } from '../support/e2e-accounts';
import { buildJpeg } from '../support/images';
import { signIn } from '../support/shell-session';
import { themeAttribute } from '../support/theme';

/** Tomorrow at 10:00 as the date picker writes it in en-US ("Pp"): 07/04/2026, 10:00 AM. */
function tomorrowAtTen() {
  const when = new Date();
  when.setDate(when.getDate() + 1);
  when.setHours(10, 0, 0, 0);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    when,
    text: `${two(when.getMonth() + 1)}/${two(when.getDate())}/${when.getFullYear()}, 10:00 AM`,
  };
}

test('a corporate member adds a tree drive from the dashboard', async ({ page }) => {
  // Reduced motion: the map jumps to a found place at once, so the click below lands where expected.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { username, email } = await apiUser(page.request, { role: 'corporate' });
  await signIn(page, email);
  const driveName = `Riverside planting ${Date.now()}`;

  // The corporate home may offer the button more than once (its next step, its drives).
  await page.getByRole('button', { name: 'Add Tree Drive' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Add New Tree Drive' });
  await expect(modal).toBeVisible();
  // The form's second part, Where, holds the map: it loads when scrolled into view (the
  // location box just under it).
  await modal.getByLabel('Location', { exact: true }).scrollIntoViewIfNeeded();
  const map = modal.getByRole('region', { name: 'Map: click to choose the drive location' });
  await expect(map).toBeVisible();
  // Tiles come from the server's map configuration (the local tile server here).
  await expect(map.locator('img.leaflet-tile').first()).toHaveAttribute('src', /127\.0\.0\.1/);

  // Saving the empty form shows the spec's messages and sends nothing.
  await modal.getByRole('button', { name: 'Save' }).click();
  for (const message of [
    DRIVE_MESSAGES.nameRequired,
    DRIVE_MESSAGES.quantityRequired,
    DRIVE_MESSAGES.countryRequired,
    DRIVE_MESSAGES.locationRequired,
    DRIVE_MESSAGES.sizeRequired,
    DRIVE_MESSAGES.typeRequired,
    DRIVE_MESSAGES.imageRequired,
  ])
    await expect(modal.getByText(message)).toBeVisible();
  await expect(modal.getByLabel('Drive Name')).toBeFocused();

  // The open modal, errors showing, has no serious or critical accessibility problem.
  await expectNoSeriousA11yViolations(page, { include: '[data-testid="app-modal"]' });

  await modal.getByLabel('Drive Name').fill(driveName);
  await expect(modal.getByText(DRIVE_MESSAGES.nameRequired)).toHaveCount(0);
  await modal.getByLabel('Tree Quantity').fill('120');
  const { when, text } = tomorrowAtTen();
  const date = modal.getByRole('textbox', { name: 'Date and time' });
  await date.fill(text);
  await date.press('Tab');
  await expect(date).toHaveValue(text);
  await modal.getByLabel('Country').selectOption({ label: 'India' });

  // An empty search asks for text; a found place moves the map and fills the location.
  await modal.getByRole('button', { name: 'Search' }).click();
  await expect(modal.getByText('Please enter a location to search.')).toBeVisible();
  await modal.getByLabel('Search location').fill('Lodhi Garden');
  await modal.getByRole('button', { name: 'Search' }).click();
  await expect(modal.getByLabel('Location', { exact: true })).toHaveValue(
    'Lodhi Garden, New Delhi, India',
  );
  await expect(modal.getByTestId('chosen-point')).toHaveText(
    'Chosen point: Latitude: 28.593300, Longitude: 77.219700',
  );
  await expect(modal.getByText(DRIVE_MESSAGES.locationRequired)).toHaveCount(0);
  // The place is in India: the typed 10:00 stays, now as local time there.
  await expect(date).toHaveValue(text);
  await expect(
    modal.getByText(/Local time at the drive's place \(Asia\/Kolkata, GMT\+5:30\)/),
  ).toBeVisible();

  // Then a click a little east of the found place chooses that point and names it.
  await expect(map.getByRole('img', { name: 'Chosen location' })).toBeVisible();
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width / 2 + 30, y: box.height / 2 } });
  await expect(modal.getByTestId('chosen-point')).not.toHaveText(/77\.219700/);
  await expect(modal.getByTestId('chosen-point')).toHaveText(
    /Latitude: 28\.59\d+, Longitude: 77\.2\d+/,
  );
  await expect(modal.getByLabel('Location', { exact: true })).toHaveValue(
    /^(Lodhi Garden, New Delhi, India|Latitude: 28\.\d{6}, Longitude: 77\.\d{6})$/,
  );
  const chosen = (await modal.getByTestId('chosen-point').textContent())!;
  const [, lat, lng] = /Latitude: ([\d.]+), Longitude: ([\d.]+)/.exec(chosen)!;

  await modal.getByLabel('Description').fill('Bring gloves and water.');
  await modal.getByLabel('Packet (2 ft – 4 ft)').check();
  await modal.getByLabel('Potted (5 ft – 7 ft)').check();
  await modal
    .getByRole('radiogroup', { name: 'Duration' })
    .getByText('02:00 hours', { exact: true })
    .click();

  const sponsors = modal.getByLabel('Sponsored By');
  await sponsors.fill('Acme Trust');
  await sponsors.press('Enter');
  await sponsors.fill('Green Fund');
  await modal.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(
    modal.getByRole('list', { name: 'Chosen sponsors' }).getByRole('listitem'),
  ).toHaveCount(2);

  const types = modal.getByRole('combobox', { name: 'Tree Type' });
  await types.fill('neem');
  await types.press('Enter');
  await types.fill('mango');
  await modal.getByRole('option', { name: /Mango/ }).click();
  await types.press('Escape');
  await expect(modal).toBeVisible(); // Escape closed the list, not the modal.
  await expect(
    modal.getByRole('list', { name: 'Chosen tree types' }).getByRole('listitem'),
  ).toHaveCount(2);

  const land = modal.getByRole('combobox', { name: 'Land Donated By' });
  await land.fill(username);
  await modal.getByRole('option', { name: username }).click();
  await land.press('Tab');

  await modal.getByLabel('Tree Drive Image').setInputFiles({
    name: 'drive.jpg',
    mimeType: 'image/jpeg',
    buffer: await buildJpeg({ width: 640, height: 480, seed: 5 }),
  });
  await expect(modal.getByRole('img', { name: 'Preview of the chosen drive image' })).toBeVisible();

  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('New Drive Added!')).toBeVisible();
  await expect(modal).toBeHidden();
  // The toast links to the new drive, whose time shows in the zone of its place (Delhi).
  const toastLink = page.getByRole('link', { name: `Open ${driveName}` });
  await expect(toastLink).toHaveAttribute('href', /^\/app\/delive-detail\/[\w-]+$/);
  await toastLink.click();
  await expect(page).toHaveURL(/\/app\/delive-detail\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: driveName })).toBeVisible();
  await expect(page.getByText(/\(Asia\/Kolkata, GMT\+5:30\)/).first()).toContainText('10:00');

  // The drive is stored with what was chosen.
  const login = await page.request.post('/api/users/login', {
    data: { email, password: E2E_PASSWORD },
  });
  const token = ((await login.json()) as { result: { token: string } }).result.token;
  const list = await page.request.get(
    `/api/trees/geteventdetail?q=${encodeURIComponent(driveName)}`,
    { headers: { 'x-auth-token': token } },
  );
  expect(list.status()).toBe(200);
  const drives = ((await list.json()) as DriveListResponse).data;
  const drive = drives.find((d) => d.driveName === driveName) as Drive;
  expect(drive).toBeDefined();
  expect(drive.treeQuantity).toBe(120);
  // The time was typed as 10:00 and is read in the zone of the chosen place (Delhi).
  expect(drive.driveDate).toBe(fromZonedWallClock(when, 'Asia/Kolkata').toISOString());
  expect(drive.timeZone).toBe('Asia/Kolkata');
  expect(drive.country.value).toBe('IN');
  expect(drive.driveLat).toBeCloseTo(Number(lat), 5);
  expect(drive.driveLong).toBeCloseTo(Number(lng), 5);
  expect(drive.driveLocation).toMatch(/Lodhi Garden|Latitude/);
  expect(drive.driveDesc).toBe('Bring gloves and water.');
  expect(drive.treeSize.map((o) => o.value).sort()).toEqual(['packet', 'potted']);
  expect(drive.treesType.map((o) => o.value).sort()).toEqual(['1', '2']);
  expect(drive.treeSponsored.map((o) => o.label)).toEqual(['Acme Trust', 'Green Fund']);
  expect(drive.landDonatedBy.map((o) => o.label)).toEqual([username]);
  expect(drive.driveDuration.value).toBe('2');
  expect(drive.image).toMatch(/^\/api\/files\/[a-f0-9]{64}$/);
  expect(drive.isOrganizer).toBe(true);
});

test('the open form, errors showing, passes axe in the dark theme too', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  const { email } = await apiUser(page.request, { role: 'corporate' });
  await signIn(page, email);
  await expect(page.locator('html')).toHaveAttribute('data-theme', themeAttribute('dark'));
  // The corporate home may offer the button more than once (its next step, its drives).
  await page.getByRole('button', { name: 'Add Tree Drive' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Add New Tree Drive' });
  await modal.getByLabel('Location', { exact: true }).scrollIntoViewIfNeeded();
  await expect(modal.getByRole('region', { name: /^Map:/ })).toBeVisible();
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByText(DRIVE_MESSAGES.typeRequired)).toBeVisible();
  await modal.getByRole('combobox', { name: 'Tree Type' }).click();
  await expect(modal.getByRole('listbox', { name: 'Tree Type' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { include: '[data-testid="app-modal"]' });
});

test('members who are not corporate see no Add Tree Drive button', async ({ page }) => {
  const { email } = await apiUser(page.request, { role: 'individual' });
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Tree Drive' })).toHaveCount(0);
});
