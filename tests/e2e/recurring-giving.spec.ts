import { expect, test, type Locator, type Page } from '@playwright/test';
import { DONATION_MESSAGES, donationOptionsResponseSchema } from '../../contract/donations';
import { formatMoney } from '../../contract/money';
import { RECURRING_MESSAGES } from '../../contract/recurring-gifts';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken } from '../support/drives-e2e';
import { signedInAccount } from '../support/shell-session';
import { payWithTestCard } from '../support/test-card';
import { themeAttribute } from '../support/theme';

/*
 * Issue 22: a member starts a monthly gift of trees with the test card, sees it active on
 * Settings → Billing, pauses it, resumes it, changes it and cancels it — on a desktop and on a
 * 390 px phone.
 */

const SCREENS = [
  { name: 'a desktop', viewport: { width: 1280, height: 800 }, phone: false },
  { name: 'a 390 px phone', viewport: { width: 390, height: 844 }, phone: true },
] as const;

async function treePrice(page: Page, email: string) {
  const answer = await page.request.get('/api/donations/options', {
    headers: { 'x-auth-token': await apiToken(page.request, email) },
  });
  expect(answer.status()).toBe(200);
  return donationOptionsResponseSchema.parse(await answer.json()).data;
}

/** `YYYY-MM-DD`, `days` from today in the browser's zone (the date input's value). */
function dayAhead(days: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Starts a gift of `trees` every month on Donate, up to the test card page. */
async function startMonthlyGift(page: Page, trees: number, total: string, phone: boolean) {
  await page.goto('/app/donate-tree');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Donate Tree');
  const often = page.getByRole('group', { name: 'How often' });
  // A tile is its label (the radio inside is visually hidden).
  await often.getByText('Every month', { exact: true }).click();
  await expect(often.getByRole('radio', { name: 'Every month' })).toBeChecked();
  await page.getByText(`${trees} trees`, { exact: true }).click();
  await expect(page.getByTestId('donation-total')).toHaveText(`Total: ${total} every month`);
  // No drive and no gift to someone for a recurring gift.
  await expect(page.getByLabel('Search upcoming drives')).toHaveCount(0);
  await expect(page.getByTestId('recurring-recipient')).toContainText('General fund');
  const give = page.getByRole('button', { name: `Give ${trees} trees every month` });
  if (phone) {
    await expect(give).toBeHidden();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
  }
  await expect(page.getByTestId('review-interval')).toHaveText('Every month');
  await give.click();
  await expect(page).toHaveURL(/\/app\/checkout-tree\?donation=.+/);
  await expect(page.getByTestId('recurring-note')).toContainText(
    'This first payment starts your monthly gift',
  );
}

/** The toast with the server's message. */
const toastSays = (page: Page, message: string | RegExp) =>
  expect(
    (typeof message === 'string'
      ? page.getByText(message, { exact: true })
      : page.getByText(message)
    ).first(),
  ).toBeVisible();

async function openDialog(gift: Locator, page: Page, action: string, title: string) {
  await gift.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const screen of SCREENS) {
  test(`on ${screen.name}: a monthly gift with the test card, active on Billing, paused, resumed, changed and cancelled`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(screen.viewport);
    const me = await signedInAccount(page);
    const options = await treePrice(page, me.email);
    const total = formatMoney(5 * options.treePrice, options.currency);

    await startMonthlyGift(page, 5, total, screen.phone);
    await expectNoSeriousA11yViolations(page);
    await payWithTestCard(page, total);
    await expect(page.getByRole('heading', { name: 'Thank you for your donation!' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByTestId('recurring-started')).toBeVisible();
    await page.getByRole('link', { name: 'Manage your recurring gift' }).click();

    // Billing: the gift is active, with its next payment and the first payment's receipt.
    await expect(page).toHaveURL('/app/settings-billing');
    let gift = page.getByRole('article', { name: '5 trees every month' });
    await expect(gift.getByTestId('recurring-status')).toHaveText('Active');
    await expect(gift.getByTestId('recurring-each-payment')).toHaveText(total);
    await expect(gift.getByTestId('recurring-next-payment')).not.toBeEmpty();
    await gift.getByText('Payments (1)').click();
    const period = gift.getByTestId('recurring-period');
    await expect(period.getByTestId('status-badge')).toHaveText('Paid');
    const receipt = period.getByRole('button', { name: /^Download receipt CAN-/ });
    await expect(receipt).toBeVisible();
    const download = page.waitForEvent('download');
    await receipt.click();
    expect((await download).suggestedFilename()).toMatch(/^receipt-CAN-\d{4}-\d{6}\.pdf$/);
    await expectNoSeriousA11yViolations(page);

    // Pause until a day three weeks away (keyboard: the dialog's field, then Enter sends it).
    let dialog = await openDialog(gift, page, 'Pause', 'Pause recurring gift');
    const until = dayAhead(21);
    await dialog.getByLabel('Pause until').fill(until);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByLabel('Pause until').press('Enter');
    // The server names the day in words ("Paused: nothing is charged until 18 December 2026.").
    await toastSays(page, /^Paused: nothing is charged until .+2\d{3}\.$/);
    await expect(dialog).toBeHidden();
    await expect(gift.getByTestId('recurring-status')).toHaveText('Paused');
    await expect(gift.getByTestId('recurring-paused-until')).toBeVisible();

    // Resume.
    await gift.getByRole('button', { name: 'Resume', exact: true }).click();
    await toastSays(page, RECURRING_MESSAGES.resumed);
    await expect(gift.getByTestId('recurring-status')).toHaveText('Active');

    // Change to 8 trees from the next payment; the server's limits first.
    dialog = await openDialog(gift, page, 'Change', 'Change recurring gift');
    const trees = dialog.getByLabel('Trees each month');
    await expect(trees).toHaveValue('5');
    await trees.fill(String(options.maxTrees + 1));
    await dialog.getByRole('button', { name: 'Save change' }).click();
    await expect(dialog.getByText(DONATION_MESSAGES.treesRange(options.maxTrees))).toBeVisible();
    await trees.fill('8');
    await dialog.getByRole('button', { name: 'Save change' }).click();
    await toastSays(page, RECURRING_MESSAGES.changed);
    gift = page.getByRole('article', { name: '8 trees every month' });
    await expect(gift.getByTestId('recurring-each-payment')).toHaveText(
      formatMoney(8 * options.treePrice, options.currency),
    );

    // One yearly statement instead of a mail per payment.
    const statement = gift.getByRole('switch', {
      name: 'One yearly statement instead of a mail per payment',
    });
    await statement.check();
    await toastSays(page, RECURRING_MESSAGES.statementChoice);
    await page.reload();
    await expect(statement).toBeChecked();

    // Cancel at the end of the period: it says when it ends; then cancel it now.
    dialog = await openDialog(gift, page, 'Cancel', 'Cancel recurring gift');
    await expect(dialog.getByRole('radio', { name: /At the end of the period/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Cancel the gift' }).click();
    await expect(dialog).toBeHidden();
    await expect(gift.getByTestId('recurring-ends-on')).toBeVisible();
    await expect(gift.getByRole('button', { name: 'Pause', exact: true })).toHaveCount(0);
    // Keep giving takes it back; then it is cancelled now.
    await gift.getByRole('button', { name: 'Keep giving' }).click();
    await toastSays(page, RECURRING_MESSAGES.resumed);
    await expect(gift.getByTestId('recurring-next-payment')).toBeVisible();

    dialog = await openDialog(gift, page, 'Cancel', 'Cancel recurring gift');
    await dialog.getByText('Now', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Cancel the gift' }).click();
    await toastSays(page, RECURRING_MESSAGES.cancelledNow);
    await expect(gift.getByTestId('recurring-status')).toHaveText('Cancelled');
    await expect(gift.getByRole('group', { name: /^Manage/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    // And in the dark theme.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', themeAttribute('dark'));
    await expect(gift.getByTestId('recurring-status')).toHaveText('Cancelled');
    await expectNoSeriousA11yViolations(page);
  });
}

test('a declined first payment leaves the gift waiting for its first payment; it can only be cancelled', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const me = await signedInAccount(page);
  const options = await treePrice(page, me.email);
  const total = formatMoney(5 * options.treePrice, options.currency);
  await startMonthlyGift(page, 5, total, false);
  await payWithTestCard(page, total, '4000 0000 0000 0002');
  await expect(page.getByTestId('payment-refusal')).toContainText(DONATION_MESSAGES.cardDeclined);
  await expect(page.getByRole('link', { name: 'Start again' })).toHaveAttribute(
    'href',
    '/app/donate-tree',
  );

  await page.goto('/app/settings-billing');
  const gift = page.getByRole('article', { name: '5 trees every month' });
  await expect(gift.getByTestId('recurring-status')).toHaveText('Waiting for the first payment');
  await expect(gift.getByRole('button', { name: 'Pause', exact: true })).toHaveCount(0);
  await gift.getByRole('button', { name: 'Cancel', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel recurring gift' });
  await dialog.getByRole('button', { name: 'Cancel the gift' }).click();
  await toastSays(page, RECURRING_MESSAGES.cancelledNow);
  await expect(gift.getByTestId('recurring-status')).toHaveText('Cancelled');
  // The yearly statements are offered whatever was paid.
  const year = new Date().getFullYear();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Statement ${year} (PDF)` }).click();
  const file = await download;
  const pdf = Buffer.concat(await (await file.createReadStream()).toArray());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
