import { expect, test } from '@playwright/test';
import { apiUser, E2E_PASSWORD as PASSWORD } from '../support/e2e-accounts';

test('sign in with Remember me keeps only the email for next time', async ({ page }) => {
  const { username, email } = await apiUser(page.request);

  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Canopy' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
  await expect(page.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  await expect(page.getByRole('link', { name: 'Create New Account' })).toHaveAttribute(
    'href',
    '/register',
  );

  await page.getByLabel('Email').fill(email);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill(PASSWORD);

  // Show/hide switch.
  const toggle = page.getByRole('button', { name: 'Show password' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');

  await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Signed in successfully. Welcome back!')).toBeVisible();
  const toastShownAt = Date.now();
  await expect(page).toHaveURL('/app/dashboard', { timeout: 5_000 });
  expect(Date.now() - toastShownAt).toBeGreaterThan(1_200);
  await expect(page.getByRole('heading', { name: `Welcome, ${username}!` })).toBeVisible();
  // The sign-in toast belonged to the account screen: the app's toaster does not show it again
  // (it would within a moment of mounting, for 3 s). Counted once, not awaited away.
  await page.waitForTimeout(500);
  expect(await page.getByText('Signed in successfully. Welcome back!').count()).toBe(0);

  // Only the email is kept, never the password.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).toContain(email);
  expect(stored).not.toContain(PASSWORD);

  // Logout lives in the top bar's account menu.
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await page.reload();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

  // Unticking it forgets the email at the next sign-in.
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: 'Remember me' }).uncheck();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/app/dashboard', { timeout: 5_000 });
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(email);
});
