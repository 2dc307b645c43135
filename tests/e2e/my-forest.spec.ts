import { expect, test, type Page } from '@playwright/test';
import { donationOptionsResponseSchema } from '../../contract/donations';
import { formatMoney } from '../../contract/money';
import { TREE_MESSAGES } from '../../contract/trees';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiDrive, apiToken } from '../support/drives-e2e';
import { apiUser } from '../support/e2e-accounts';
import { buildJpeg } from '../support/images';
import { signedInAccount, signIn } from '../support/shell-session';
import { payWithTestCard } from '../support/test-card';
import { fillNeemAtLodhiDrive } from '../support/trees-e2e';

const SCREENS = [
  { name: 'desktop', viewport: null },
  { name: 'a 390 px phone', viewport: { width: 390, height: 844 } },
] as const;

/** A day as the browser shows it (lib/dates' formatDate: medium style, the browser's zone). */
const browserDay = (page: Page, iso: string) =>
  page.evaluate(
    (at) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(at)),
    iso,
  );

for (const screen of SCREENS)
  test(`a donor gives 3 trees to a drive and follows them into their forest until the organiser plants them (${screen.name})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    if (screen.viewport) await page.setViewportSize(screen.viewport);
    const stamp = Date.now();
    const organiser = await apiUser(page.request, { role: 'corporate', username: `mfo${stamp}` });
    const organiserToken = await apiToken(page.request, organiser.email);
    const driveName = `Forest edge neems ${stamp}`;
    const drive = await apiDrive(page.request, organiserToken, { driveName });
    const donor = await signedInAccount(page, { username: `mfd${stamp}` });
    const options = donationOptionsResponseSchema.parse(
      await (
        await page.request.get('/api/donations/options', {
          headers: { 'x-auth-token': await apiToken(page.request, donor.email) },
        })
      ).json(),
    ).data;
    const total = formatMoney(3 * options.treePrice, options.currency);

    // A new member's forest is empty and says how to fill it.
    await page.goto('/app/my-forest');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My forest');
    await expect(page.getByText(/Your forest is empty for now/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Donate trees' })).toBeVisible();

    // The donor gives 3 trees to the drive from its page and pays with the test card.
    await page.goto(`/app/delive-detail/${drive.id}`);
    await page
      .getByRole('region', { name: 'Donations', exact: true })
      .getByRole('link', { name: 'Donate' })
      .click();
    await expect(page.getByRole('radio', { name: new RegExp(driveName) })).toBeChecked();
    // A tile is its label (the radio inside is visually hidden).
    await page.getByText('Other number', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Other number', exact: true })).toBeChecked();
    await page.getByLabel('Number of trees').fill('3');
    await expect(page.getByTestId('donation-total')).toHaveText(`Total: ${total}`);
    // A phone reviews on a second screen; a desktop has the review beside the choices.
    const next = page.getByRole('button', { name: 'Continue', exact: true });
    if (await next.isVisible()) await next.click();
    await page.getByRole('button', { name: `Pay ${total}` }).click();
    await payWithTestCard(page, total);
    await expect(page.getByRole('heading', { name: 'Thank you for your donation!' })).toBeVisible({
      timeout: 15_000,
    });

    // The success page has the gift's certificate, a one-page PDF.
    const certificate = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Certificate (PDF)' }).click();
    const pdf = Buffer.concat(await (await (await certificate).createReadStream()).toArray());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The success page leads to the forest: 3 trees funded, planting on the drive's day.
    await page.getByRole('link', { name: 'See it in your forest' }).click();
    await expect(page).toHaveURL('/app/my-forest');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My forest');
    await expect(page.getByTestId('forest-funded')).toContainText('3');
    await expect(page.getByTestId('forest-planted')).toContainText('0');
    const gifts = page.getByRole('region', { name: 'Your tree gifts' });
    const gift = gifts.getByTestId('forest-gift');
    await expect(gift).toContainText(`3 trees for ${driveName}`);
    await expect(gift.getByTestId('gift-status')).toHaveText(
      `Planting on ${await browserDay(page, drive.start.toISOString())}`,
    );
    await expect(page.getByText(/No tree is in the ground for you yet/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The organiser, in their own browser, records the planting: 5 neems registered at the drive.
    const organiserContext = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
    });
    const organiserPage = await organiserContext.newPage();
    await signIn(organiserPage, organiser.email);
    await organiserPage.goto('/app/tree-registeration');
    const form = organiserPage.getByRole('form', { name: 'Register a tree' });
    await fillNeemAtLodhiDrive(form, 5, drive.id);
    await form.getByRole('button', { name: 'Register tree' }).click();
    await expect(organiserPage.getByText(TREE_MESSAGES.saved)).toBeVisible();
    await expect(organiserPage).toHaveURL(/\/app\/trees\/[^/]+$/);
    const treeId = new URL(organiserPage.url()).pathname.split('/').pop()!;

    // Then posts a field update with a photo on the drive's page.
    const updateText = `All 5 neems are in along the forest edge ${stamp}`;
    await organiserPage.goto(`/app/delive-detail/${drive.id}`);
    const updateForm = organiserPage
      .getByRole('region', { name: 'Field updates' })
      .getByRole('form', { name: 'Post a field update' });
    await updateForm.getByLabel('What happened at the drive?').fill(updateText);
    await updateForm.getByLabel('Add a photo (optional)').setInputFiles({
      name: 'forest-edge.jpg',
      mimeType: 'image/jpeg',
      buffer: await buildJpeg({ width: 800, height: 600, seed: 5 }),
    });
    await expect(updateForm.getByTestId('chosen-update-photo')).toHaveCount(1);
    await updateForm.getByRole('button', { name: 'Post update' }).click();
    await expect(organiserPage.getByText('Your update was posted.')).toBeVisible();
    await organiserContext.close();

    // The donor's forest shows them planted: the gift, the card, the map and the timeline.
    await page.reload();
    await expect(gift.getByTestId('gift-status')).toHaveText('Planted');
    await expect(page.getByTestId('forest-planted')).toContainText('3');
    await expect(page.getByTestId('forest-alive')).toContainText('3');
    const card = page.getByTestId('forest-tree');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { name: 'Neem × 5' })).toBeVisible();
    await expect(card).toContainText('Your gifts paid for 3 of the 5 plants here.');
    await expect(card).toContainText(`drive “${driveName}”`);
    await expect(card.getByTestId('forest-tree-alive')).toHaveText('All 5 alive');
    await expect(card).toContainText(/CO₂ stored\s*about .* kg/);
    // The map loads once scrolled to (on a phone it sits below the four numbers).
    const where = page.getByRole('region', { name: 'Where your trees grow' });
    await where.scrollIntoViewIfNeeded();
    await expect(where.locator('.leaflet-container')).toBeVisible();
    const update = page.getByTestId('forest-event').filter({ hasText: updateText });
    await expect(update).toContainText(organiser.username);
    const photo = update.getByRole('img', { name: /^Photo 1 of 1 from / });
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(
      page.getByTestId('forest-event').filter({ hasText: `Neem × 5 planted at ${driveName}` }),
    ).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);

    // A card opens the tree.
    await card.getByRole('link', { name: 'Neem × 5' }).click();
    await expect(page).toHaveURL(`/app/trees/${treeId}`);
  });
