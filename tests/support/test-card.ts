import { expect, type Page } from '@playwright/test';

/** On the built-in test-mode card page: fills the card (4242… pays) and presses Pay {amount}. */
export async function payWithTestCard(page: Page, amount: string, number = '4242 4242 4242 4242') {
  await expect(page).toHaveURL(/\/app\/checkout-tree\?donation=.+/);
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
}
