import { shownDay } from '../support/dates-e2e';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DRIVE_MESSAGES } from '../../contract/drives';
import { CARE_MESSAGES } from '../../contract/tree-care';
import { TREE_MESSAGES } from '../../contract/trees';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken } from '../support/drives-e2e';
import { apiUser } from '../support/e2e-accounts';
import { buildJpeg } from '../support/images';
import { signedInAccount, signIn } from '../support/shell-session';
import { themeAttribute } from '../support/theme';

// Issue 23: forms are short — steps on a phone, the whole form on one screen on a desktop,
// tiles for few choices, sensible defaults, and days in the browser's locale.

const PHONE = { width: 390, height: 844 };

/** Today as a date field shows it in `locale`. */
const shownToday = (locale: string) => shownDay(new Date(), locale);

async function findLodhiGarden(form: Locator) {
  await form.getByLabel('Search location').fill('Lodhi Garden');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(form.getByLabel('Location', { exact: true })).toHaveValue(
    'Lodhi Garden, New Delhi, India',
  );
}

async function useDarkTheme(page: Page) {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
}

for (const theme of ['light', 'dark'] as const)
  test(`registers a tree on a 390 px phone through three steps (${theme})`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize(PHONE);
    if (theme === 'dark') await useDarkTheme(page);
    await signedInAccount(page);
    await page.goto('/app/tree-registeration');
    await expect(page.locator('html')).toHaveAttribute('data-theme', themeAttribute(theme));
    const form = page.getByRole('form', { name: 'Register a tree' });

    // Step 1 of 3: What. Next checks only this step, with the contract's messages.
    await expect(form.getByRole('heading', { name: 'Step 1 of 3 What' })).toBeVisible();
    await expect(form.getByLabel('How many')).toHaveValue('1');
    await expect(form.getByLabel('Planting date')).toHaveValue(shownToday('en-US'));
    await expect(form.getByLabel('Search location')).toBeHidden();
    await form.getByRole('button', { name: 'Next' }).click();
    await expect(form.getByText(TREE_MESSAGES.typeRequired)).toBeVisible();
    await expect(form.getByText(TREE_MESSAGES.sizeRequired)).toBeVisible();
    await expect(form.getByText(TREE_MESSAGES.locationRequired)).toHaveCount(0);
    await expect(form.getByLabel('Tree Type')).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    await form.getByLabel('Find a species').fill('neem');
    await form.getByLabel('Tree Type').selectOption({ label: 'Neem' });
    const size = form.getByRole('radiogroup', { name: 'Size at planting' });
    await size.getByText('Potted', { exact: true }).click();
    await expect(size.getByRole('radio', { name: 'Potted' })).toBeChecked();
    await form.getByRole('button', { name: 'Next' }).click();

    // Step 2 of 3: Where (its heading takes focus; the map mounts now that it shows).
    await expect(form.getByRole('heading', { name: 'Step 2 of 3 Where' })).toBeFocused();
    await expect(form.getByLabel('Tree Type')).toBeHidden();
    await form.getByRole('button', { name: 'Next' }).click();
    await expect(form.getByText(TREE_MESSAGES.locationRequired)).toBeVisible();
    await findLodhiGarden(form);
    await form.getByRole('button', { name: 'Next' }).click();

    // Step 3 of 3: Photo & details; Back keeps what was chosen.
    await expect(form.getByRole('heading', { name: 'Step 3 of 3 Photo & details' })).toBeFocused();
    await form.getByRole('button', { name: 'Back' }).click();
    await expect(form.getByLabel('Location', { exact: true })).toHaveValue(
      'Lodhi Garden, New Delhi, India',
    );
    await form.getByRole('button', { name: 'Back' }).click();
    await expect(size.getByRole('radio', { name: 'Potted' })).toBeChecked();
    await expect(form.getByLabel('Tree Type').locator('option:checked')).toHaveText('Neem');
    await form.getByRole('button', { name: 'Next' }).click();
    await form.getByRole('button', { name: 'Next' }).click();
    const nickname = `Phone neem ${Date.now()}`;
    await form.getByLabel('Nickname (optional)').fill(nickname);
    await expectNoSeriousA11yViolations(page);
    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await form.getByRole('button', { name: 'Register tree' }).click();
    await expect(page.getByText(TREE_MESSAGES.saved)).toBeVisible();
    await expect(page).toHaveURL(/\/app\/trees\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 2, name: nickname })).toBeVisible();
  });

test('registers a tree at 1280 px on one screen', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInAccount(page);
  await page.goto('/app/tree-registeration');
  const form = page.getByRole('form', { name: 'Register a tree' });
  for (const part of ['What', 'Where', 'Photo & details'])
    await expect(form.getByRole('heading', { level: 3, name: part })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await expect(form.getByText(/Step \d of 3/)).toHaveCount(0);
  await form.getByLabel('Tree Type').selectOption({ label: 'Neem' });
  await form
    .getByRole('radiogroup', { name: 'Size at planting' })
    .getByText('Packet', { exact: true })
    .click();
  await findLodhiGarden(form);
  await form.getByRole('button', { name: 'Register tree' }).click();
  await expect(page.getByText(TREE_MESSAGES.saved)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/trees\/[^/]+$/);
});

test.describe('with the browser in en-GB', () => {
  test.use({ locale: 'en-GB' });

  test('a date field shows and reads dd/mm/yyyy, and the day is stored as typed', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const { email } = await signedInAccount(page);
    await page.goto('/app/tree-registeration');
    const form = page.getByRole('form', { name: 'Register a tree' });
    const day = form.getByLabel('Planting date');
    // Today, day first (not the native input's mm/dd/yyyy).
    await expect(day).toHaveValue(shownToday('en-GB'));
    await expect(day).toHaveAccessibleDescription(/dd\/mm\/yyyy/);
    await day.fill('');
    await expect(day).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    // 3 February, typed the British way.
    await day.fill('03/02/2026');
    await day.press('Tab');
    await expect(day).toHaveValue('03/02/2026');

    await form.getByLabel('Tree Type').selectOption({ label: 'Neem' });
    await form
      .getByRole('radiogroup', { name: 'Size at planting' })
      .getByText('Packet', { exact: true })
      .click();
    await findLodhiGarden(form);
    await form.getByRole('button', { name: 'Register tree' }).click();
    await expect(page.getByText(TREE_MESSAGES.saved)).toBeVisible();
    await expect(page).toHaveURL(/\/app\/trees\/[^/]+$/);
    const id = page.url().split('/').pop()!;
    const token = await apiToken(page.request, email);
    const tree = await page.request.get(`/api/trees/${id}`, {
      headers: { 'x-auth-token': token },
    });
    expect(tree.status()).toBe(200);
    const body = (await tree.json()) as { data: { tree: { plantedAt: string } } };
    expect(body.data.tree.plantedAt.slice(0, 10)).toBe('2026-02-03');

    // The tree page's care dialog: the kind of care as tiles, the day in en-GB too.
    await page.getByRole('button', { name: 'Log care' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log care' });
    await expect(dialog.getByLabel('When')).toHaveValue(shownToday('en-GB'));
    const care = dialog.getByRole('radiogroup', { name: 'What did you do?' });
    await expect(care.getByRole('radio')).toHaveCount(6);
    await dialog.getByRole('button', { name: 'Log care' }).click();
    await expect(dialog.getByText(CARE_MESSAGES.actionRequired)).toBeVisible();
    await care.getByText('Mulched', { exact: true }).click();
    await expect(care.getByRole('radio', { name: 'Mulched' })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Log care' }).click();
    await expect(page.getByText(CARE_MESSAGES.careLogged)).toBeVisible();
    await expect(dialog).toBeHidden();
  });
});

for (const theme of ['light', 'dark'] as const)
  test(`sign-up's account type tiles pass axe (${theme})`, async ({ page }) => {
    if (theme === 'dark') await useDarkTheme(page);
    await page.setViewportSize(PHONE);
    await page.goto('/register');
    await expect(page.locator('html')).toHaveAttribute('data-theme', themeAttribute(theme));
    const tiles = page.getByRole('radiogroup', { name: 'Account type' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(tiles).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);
    await tiles.getByText('Corporate/Institution', { exact: true }).click();
    await expect(tiles.getByRole('radio', { name: 'Corporate/Institution' })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
  });

for (const theme of ['light', 'dark'] as const)
  test(`a corporate member creates a drive on a 390 px phone through three steps (${theme})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize(PHONE);
    if (theme === 'dark') await useDarkTheme(page);
    const { email } = await apiUser(page.request, { role: 'corporate' });
    await signIn(page, email);
    await page.getByRole('button', { name: 'Add Tree Drive' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Add New Tree Drive' });
    const form = modal.getByRole('form', { name: 'New tree drive' });

    // Step 1 of 3: What & when.
    await expect(form.getByRole('heading', { name: 'Step 1 of 3 What & when' })).toBeVisible();
    await form.getByRole('button', { name: 'Next' }).click();
    for (const message of [
      DRIVE_MESSAGES.nameRequired,
      DRIVE_MESSAGES.quantityRequired,
      DRIVE_MESSAGES.sizeRequired,
      DRIVE_MESSAGES.typeRequired,
    ])
      await expect(form.getByText(message)).toBeVisible();
    // The next steps' fields are not checked yet.
    await expect(form.getByText(DRIVE_MESSAGES.countryRequired)).toHaveCount(0);
    await expect(form.getByLabel('Drive Name')).toBeFocused();
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="app-modal"]' });

    const driveName = `Phone drive ${Date.now()}`;
    await form.getByLabel('Drive Name').fill(driveName);
    await form.getByLabel('Tree Quantity').fill('40');
    const types = form.getByRole('combobox', { name: 'Tree Type' });
    await types.fill('neem');
    await types.press('Enter');
    await form.getByLabel('Packet (2 ft – 4 ft)').check();
    const duration = form.getByRole('radiogroup', { name: 'Duration' });
    // One hour by default; three chosen by tile.
    await expect(duration.getByRole('radio', { name: '01:00 hours' })).toBeChecked();
    await duration.getByText('03:00 hours', { exact: true }).click();
    await form.getByRole('button', { name: 'Next' }).click();

    // Step 2 of 3: Where.
    await expect(form.getByRole('heading', { name: 'Step 2 of 3 Where' })).toBeFocused();
    await form.getByLabel('Country').selectOption({ label: 'India' });
    await findLodhiGarden(form);
    await form.getByRole('button', { name: 'Next' }).click();

    // Step 3 of 3: Details; the image is required.
    await expect(form.getByRole('heading', { name: 'Step 3 of 3 Details' })).toBeFocused();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText(DRIVE_MESSAGES.imageRequired)).toBeVisible();
    await form.getByLabel('Tree Drive Image').setInputFiles({
      name: 'drive.jpg',
      mimeType: 'image/jpeg',
      buffer: await buildJpeg({ width: 640, height: 480, seed: 9 }),
    });
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="app-modal"]' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('New Drive Added!')).toBeVisible();
    await expect(modal).toBeHidden();
  });
