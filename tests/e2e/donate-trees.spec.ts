import { expect, test, type Page } from '@playwright/test';
import { DONATION_MESSAGES, donationOptionsResponseSchema } from '../../contract/donations';
import { formatMoney } from '../../contract/money';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { pdfPages, pdfText } from '../support/pdf-text';
import { apiDrive, apiToken } from '../support/drives-e2e';
import { apiUser } from '../support/e2e-accounts';
import { signedInAccount } from '../support/shell-session';
import { payWithTestCard } from '../support/test-card';
import { expectMapShown } from '../support/maps-e2e';

/** The server's prices and limits, as the donate form reads them. */
async function donationOptions(page: Page, token: string) {
  const answer = await page.request.get('/api/donations/options', {
    headers: { 'x-auth-token': token },
  });
  expect(answer.status()).toBe(200);
  return donationOptionsResponseSchema.parse(await answer.json()).data;
}

async function payWithCard(page: Page, number: string, amount: string) {
  await expect(page.getByTestId('test-mode')).toContainText('TEST MODE');
  await payWithTestCard(page, amount, number);
}

async function openTransactions(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const settings = nav.getByRole('button', { name: 'Settings' });
  if ((await settings.getAttribute('aria-expanded')) !== 'true') await settings.click();
  await nav.getByRole('link', { name: 'Transactions' }).click();
  await expect(page).toHaveURL('/app/transactions');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transactions');
}

/** Certificate (PDF) on the success page downloads the gift's one-page certificate. */
async function expectCertificate(page: Page, receiptNumber: string, driveName: string) {
  const button = page.getByRole('button', { name: 'Certificate (PDF)' });
  await expect(button).toBeVisible();
  const download = page.waitForEvent('download');
  await button.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`certificate-${receiptNumber}.pdf`);
  const pdf = Buffer.concat(await (await file.createReadStream()).toArray());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdfPages(pdf).count).toBe(1);
  const text = pdfText(pdf).replace(/\s+/g, ' ');
  expect(text).toContain(`gave 3 trees to “${driveName}”`);
  expect(text).toContain(`Receipt ${receiptNumber}`);
}

test('a member donates 3 trees to a drive with the test card, gets a receipt and a certificate (also on a 390 px phone), and sees it Paid in Transactions', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const organiser = await apiUser(page.request, {
    role: 'corporate',
    username: `org${Date.now()}`,
  });
  const driveName = `Riverside mango ${Date.now()}`;
  const drive = await apiDrive(page.request, await apiToken(page.request, organiser.email), {
    driveName,
  });
  const me = await signedInAccount(page);
  const options = await donationOptions(page, await apiToken(page.request, me.email));
  const total = formatMoney(3 * options.treePrice, options.currency);

  // The drive says what it has received so far and offers Donate.
  await page.goto(`/app/delive-detail/${drive.id}`);
  const panel = page.getByRole('region', { name: 'Donations', exact: true });
  await expect(panel.getByTestId('drive-trees-given')).toHaveText('0');
  await expect(panel.getByTestId('drive-cash-given')).toHaveText(formatMoney(0, options.currency));
  await panel.getByRole('link', { name: 'Donate' }).click();

  // The form has the drive chosen; 3 trees priced by the server.
  await expect(page).toHaveURL(`/app/donate-tree?drive=${drive.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Donate Tree');
  await expect(page.getByRole('radio', { name: new RegExp(driveName) })).toBeChecked();
  // A tile is its label (the radio inside is visually hidden).
  await page.getByText('Other number', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Other number', exact: true })).toBeChecked();
  await page.getByLabel('Number of trees').fill('3');
  await expect(page.getByTestId('donation-total')).toHaveText(`Total: ${total}`);
  await page.getByText('Category, message and name (optional)').click();
  await page.getByLabel('Category').selectOption('Trees');
  await page.getByLabel('Message (optional)').fill('For the river bank.');
  await expectNoSeriousA11yViolations(page);

  // The review beside the choices (one screen on a desktop), then Pay.
  const summary = page.getByTestId('donation-review');
  await expect(summary).toContainText(driveName);
  await expect(summary).toContainText('3 trees');
  await expect(summary).toContainText('For the river bank.');
  await expect(page.getByTestId('review-total')).toHaveText(total);
  await page.getByRole('button', { name: `Pay ${total}` }).click();

  // The built-in test card page.
  await expect(page).toHaveURL(/\/app\/checkout-tree\?donation=.+/);
  const donationId = new URL(page.url()).searchParams.get('donation');
  await expect(page.getByTestId('test-cards')).toContainText('4242 4242 4242 4242');
  await expectNoSeriousA11yViolations(page);
  await payWithCard(page, '4242 4242 4242 4242', total);

  // Success: confirmed, with the receipt number and the PDF.
  await expect(page).toHaveURL(`/app/donate-tree/success?donation=${donationId}`);
  await expect(page.getByRole('heading', { name: 'Thank you for your donation!' })).toBeVisible({
    timeout: 15_000,
  });
  const receiptNumber = (await page.getByTestId('receipt-number').textContent()) ?? '';
  expect(receiptNumber).toMatch(/^CAN-\d{4}-\d{6}$/);
  await expect(page.getByRole('link', { name: driveName })).toHaveAttribute(
    'href',
    `/app/delive-detail/${drive.id}`,
  );
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download receipt' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`receipt-${receiptNumber}.pdf`);
  const bytes = Buffer.concat(await (await file.createReadStream()).toArray());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expectCertificate(page, receiptNumber, driveName);
  await expectNoSeriousA11yViolations(page);

  // Transactions lists it as Paid, with its receipt and certificate.
  await openTransactions(page);
  const row = page.getByTestId('donation-row').filter({ hasText: driveName });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('status-badge')).toHaveText('Paid');
  await expect(row).toContainText(total);
  await expect(
    row.getByRole('button', { name: `Download receipt ${receiptNumber}` }),
  ).toBeVisible();
  await expect(
    row.getByRole('button', { name: `Certificate (PDF) ${receiptNumber}` }),
  ).toBeVisible();

  // The drive counts it, under the donor's name.
  await page.goto(`/app/delive-detail/${drive.id}`);
  // A tree donation counts as trees; the cash total is for cash gifts.
  await expect(panel.getByTestId('drive-trees-given')).toHaveText('3');
  await expect(panel.getByTestId('drive-cash-given')).toHaveText(formatMoney(0, options.currency));
  await expect(panel.getByTestId('donor-list')).toContainText(`${me.username}3 trees`);
  await expectMapShown(page);
  await expectNoSeriousA11yViolations(page);

  // On a 390 px phone the success page still gives the certificate.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/app/donate-tree/success?donation=${donationId}`);
  await expect(page.getByRole('heading', { name: 'Thank you for your donation!' })).toBeVisible();
  await expectCertificate(page, receiptNumber, driveName);
});

test('a declined test card says why, nothing shows as Paid, and Try again starts afresh', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signedInAccount(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Donate Tree' }).click();
  await expect(page).toHaveURL('/app/donate-tree');
  await expect(page.getByRole('radio', { name: /General fund/ })).toBeChecked();
  // A tile is its label (the radio inside is visually hidden).
  await page.getByText('Other amount', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Other amount', exact: true })).toBeChecked();
  await page.getByLabel(/^Amount/).fill('12.50');
  await expect(page.getByTestId('donation-total')).toHaveText(/Total: \$12\.50/);
  await page.getByText('Category, message and name (optional)').click();
  await page.getByLabel('Category').selectOption('Planting-Ops');
  await page.getByLabel('Show my name with this donation').uncheck();
  await expect(page.getByTestId('donation-review')).toContainText('Hidden (anonymous)');
  await page.getByRole('button', { name: 'Pay $12.50' }).click();

  await payWithCard(page, '4000 0000 0000 0002', '$12.50');
  await expect(page.getByTestId('payment-refusal')).toHaveText(DONATION_MESSAGES.cardDeclined);
  const donationInUrl = () => new URL(page.url()).searchParams.get('donation');
  const firstId = donationInUrl();
  expect(firstId).toBeTruthy();
  await expect(page.getByTestId('test-mode')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Try again: a new donation with the same choices, back on the card page.
  await page.getByRole('button', { name: 'Try again' }).click();
  // The card page is already open for the first donation: wait for the new one's address.
  await expect.poll(donationInUrl).not.toBe(firstId);
  await expect(page).toHaveURL(/\/app\/checkout-tree\?donation=.+/);
  await expect(page.getByRole('heading', { name: 'Pay $12.50' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveValue('');

  await openTransactions(page);
  await expect(page.getByTestId('donation-row')).toHaveCount(2);
  await expect(page.getByTestId('status-badge').filter({ hasText: 'Failed' })).toHaveCount(1);
  await expect(page.getByTestId('status-badge').filter({ hasText: 'Paid' })).toHaveCount(0);
  await page.getByLabel('Status').selectOption('paid');
  await expect(page).toHaveURL('/app/transactions?status=paid');
  await expect(page.getByTestId('empty-state')).toHaveText(/You have no paid donations\./);
});
