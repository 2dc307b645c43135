import { expect, test, type APIRequestContext } from '@playwright/test';
import { createDonationResponseSchema } from '../../contract/donations';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken } from '../support/drives-e2e';
import { signedInAccount } from '../support/shell-session';

/** Starts a cash donation to the general fund through the API; answers its id. */
async function apiDonation(request: APIRequestContext, token: string) {
  const answer = await request.post('/api/donations', {
    headers: { 'x-auth-token': token },
    data: { kind: 'cash', amount: 2000, driveId: null, category: 'Media', anonymous: false },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return createDonationResponseSchema.parse(await answer.json()).data.donation.id;
}

test('a new member sees what to do on Transactions and Billing, saves billing details, and a cancelled payment charges nothing', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const me = await signedInAccount(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Settings' }).click();

  await nav.getByRole('link', { name: 'Transactions' }).click();
  await expect(page).toHaveURL('/app/transactions');
  // The dashboard left behind has empty states of its own: take the Transactions page's.
  const empty = page.getByTestId('empty-state').filter({ hasText: 'donations yet' });
  await expect(empty).toContainText('You have not made any donations yet.');
  await expect(empty.getByRole('link', { name: 'Donate Tree' })).toHaveAttribute(
    'href',
    '/app/donate-tree',
  );

  await nav.getByRole('link', { name: 'Billing' }).click();
  await expect(page).toHaveURL('/app/settings-billing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Billing');
  await expect(page.getByTestId('empty-state')).toContainText('No receipts yet.');
  await page.getByLabel('Billing name').fill('Green Roots Ltd');
  await page.getByLabel('City').fill('Pune');
  await page.getByLabel('Tax ID').fill('X'.repeat(41));
  // Leaving the field says what is wrong; sending focuses it.
  await page.getByLabel('Billing name').focus();
  await expect(page.getByText('At most 40 characters.')).toBeVisible();
  await page.getByRole('button', { name: 'Save billing details' }).click();
  await expect(page.getByLabel('Tax ID')).toBeFocused();
  await page.getByLabel('Tax ID').fill('GSTIN-27AAA');
  await page.getByRole('button', { name: 'Save billing details' }).click();
  await expect(page.getByText('Billing details saved.').first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Billing name')).toHaveValue('Green Roots Ltd');
  await expect(page.getByLabel('Tax ID')).toHaveValue('GSTIN-27AAA');

  // Back from the payment page without paying.
  const id = await apiDonation(page.request, await apiToken(page.request, me.email));
  await page.goto(`/app/donate-tree/cancel?donation=${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment cancelled');
  await expect(page.getByRole('heading', { level: 2, name: 'Nothing was charged' })).toBeVisible();
  await expect(page.getByTestId('donation-summary')).toContainText('General fund');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/app\/checkout\/General%20fund\/cash\/Media\?donation=.+/);
  expect(new URL(page.url()).searchParams.get('donation')).not.toBe(id);
  await expect(page.getByRole('button', { name: 'Pay $20.00' })).toBeVisible();
});

test('the donation screens have no serious accessibility problems, light and dark', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const me = await signedInAccount(page);
  const id = await apiDonation(page.request, await apiToken(page.request, me.email));
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);

    await page.goto('/app/donate-tree');
    await expect(page.locator('html')).toHaveAttribute('data-theme', /./);
    // The form with an error showing: "Other amount" left blank, then Pay.
    await page.getByText('Other amount', { exact: true }).click();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByText('Please enter the amount you give.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/app/checkout/General%20fund/cash/Media?donation=${id}`);
    await expect(page.getByRole('button', { name: 'Pay $20.00' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/app/checkout-tree?donation=${id}`);
    await page.getByRole('button', { name: 'Pay $20.00' }).click();
    await expect(page.getByText('Please enter a valid card number.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/app/transactions');
    await expect(page.getByTestId('donation-row')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);

    await page.goto('/app/settings-billing');
    await expect(page.getByLabel('Billing name')).toBeVisible();
    await expect(page.getByTestId('empty-state')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});
