import { expect, type Page } from '@playwright/test';
import { apiUser, E2E_PASSWORD } from './e2e-accounts';

/** Signs in through /login and waits for the shell to show the dashboard. */
export async function signIn(page: Page, email: string, password = E2E_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/app\/(corporate-|nursery-)?dashboard$/, { timeout: 6_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** A fresh verified account, signed in. */
export async function signedInAccount(page: Page, options: Parameters<typeof apiUser>[1] = {}) {
  const account = await apiUser(page.request, options);
  await signIn(page, account.email);
  return account;
}
