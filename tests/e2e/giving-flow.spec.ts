import { expect, test } from '@playwright/test';
import {
  createDonationResponseSchema,
  donationOptionsResponseSchema,
} from '../../contract/donations';
import { formatMoney } from '../../contract/money';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken } from '../support/drives-e2e';
import { signedInAccount } from '../support/shell-session';
import { payWithTestCard } from '../support/test-card';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

for (const [device, viewport] of [
  ['a 390 px phone', PHONE],
  ['a desktop', DESKTOP],
] as const) {
  test(`on ${device}: a tile, review and pay with the test card; the success page celebrates`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const me = await signedInAccount(page);
    const token = await apiToken(page.request, me.email);
    const options = donationOptionsResponseSchema.parse(
      await (
        await page.request.get('/api/donations/options', { headers: { 'x-auth-token': token } })
      ).json(),
    ).data;
    const total = formatMoney(5 * options.treePrice, options.currency);

    await page.goto('/app/donate-tree');
    // A tile is its label (the radio inside is visually hidden).
    await page.getByText('5 trees', { exact: true }).click();
    await expect(page.getByRole('radio', { name: '5 trees', exact: true })).toBeChecked();
    await expect(page.getByTestId('donation-total')).toHaveText(`Total: ${total}`);
    const pay = page.getByRole('button', { name: `Pay ${total}` });
    if (viewport === PHONE) {
      // Two screens: choose, then review & pay.
      await expect(pay).toBeHidden();
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page.getByTestId('donate-choose')).toBeHidden();
    }
    await expect(page.getByTestId('review-gift')).toHaveText('5 trees');
    await expect(page.getByTestId('review-recipient')).toHaveText('General fund');
    await expectNoSeriousA11yViolations(page);
    await pay.click();
    await payWithTestCard(page, total);

    await expect(page.getByRole('heading', { name: 'Thank you for your donation!' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByRole('button', { name: 'Certificate (PDF)' })).toBeVisible();
    const share = page.getByRole('group', { name: 'Share your gift' });
    await expect(share).toBeVisible();
    await expect(share.getByRole('button', { name: /Copy link/i })).toBeVisible();
    await expect(page.getByRole('link', { name: 'See it in your forest' })).toHaveAttribute(
      'href',
      '/app/my-forest',
    );
    await expectNoSeriousA11yViolations(page);
  });
}

test('Transactions: cards on a 390 px phone; a pending donation offers Pay now and Cancel', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  const me = await signedInAccount(page);
  const token = await apiToken(page.request, me.email);
  const start = async (amount: number) => {
    const res = await page.request.post('/api/donations', {
      headers: { 'x-auth-token': token },
      data: { kind: 'cash', amount },
    });
    expect(res.status()).toBe(200);
    return createDonationResponseSchema.parse(await res.json()).data.donation;
  };
  const first = await start(1500);
  await start(2000);

  await page.goto('/app/transactions');
  const rows = page.getByTestId('donation-row');
  await expect(rows).toHaveCount(2);
  // Each row is a card whose cells carry their column's name.
  expect(await rows.first().evaluate((row) => getComputedStyle(row).display)).toBe('block');
  expect(await rows.first().locator('td').first().getAttribute('data-label')).toBe('Date');
  const table = page.getByTestId('donations-table');
  expect((await table.boundingBox())!.width).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);

  // Cancel the $20.00 one: it says Cancelled, nothing charged.
  const second = rows.filter({ hasText: '$20.00' });
  await second.getByRole('button', { name: /^Cancel/ }).click();
  await expect(second.getByTestId('status-badge')).toHaveText('Cancelled');
  await expect(second.getByRole('button', { name: /^Pay now/ })).toHaveCount(0);

  // Pay now resumes the $15.00 checkout.
  const pending = rows.filter({ hasText: '$15.00' });
  await pending.getByRole('button', { name: /^Pay now/ }).click();
  await expect(page).toHaveURL(`/app/checkout-tree?donation=${first.id}`);
  await payWithTestCard(page, '$15.00');
  await expect(page.getByRole('heading', { name: 'Thank you for your donation!' })).toBeVisible({
    timeout: 15_000,
  });
});
