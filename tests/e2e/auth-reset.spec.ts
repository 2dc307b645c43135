import { expect, test, type Page } from '@playwright/test';
import { apiUser, E2E_PASSWORD as OLD_PASSWORD, mailDir } from '../support/e2e-accounts';
import { waitForMail } from '../support/smtp-receiver';

const NEW_PASSWORD = 'mossy-Grove-2027';

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('forgot password, open the mailed link, set a new password, sign in with it', async ({
  page,
}) => {
  const { username, email } = await apiUser(page.request);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await page.getByLabel('Email address').fill(email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send Reset Link' }).click();

  const panel = page.getByTestId('reset-link-sent');
  await expect(panel.getByRole('heading', { level: 1, name: 'Reset Link Sent' })).toBeVisible();
  await expect(panel).toContainText('If an account exists for that email');
  await expect(panel.getByRole('link', { name: 'Enter reset token' })).toHaveAttribute(
    'href',
    `/reset-password?email=${encodeURIComponent(email)}`,
  );
  await expect(panel.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
    'href',
    '/login',
  );
  // Then on to /reset-password after 2 s, with the email filled in.
  await expect(page).toHaveURL(`/reset-password?email=${encodeURIComponent(email)}`);
  await expect(page.getByLabel('Email address')).toHaveValue(email);

  const mail = await waitForMail(mailDir(), email, since);
  const link = /(https?:\/\/\S+\/reset-password\?\S+)/.exec(mail.text)?.[1];
  expect(link, 'the mail carries the reset link').toBeTruthy();
  const url = new URL(link!);
  await page.goto(`${url.pathname}${url.search}`);

  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue(email);
  await expect(page.getByLabel('Reset token')).toHaveValue(url.searchParams.get('token')!);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Your password has been reset.')).toBeVisible();
  const toastShownAt = Date.now();
  await expect(page).toHaveURL('/login', { timeout: 6_000 });
  expect(Date.now() - toastShownAt).toBeGreaterThan(2_000);

  // The old password no longer works.
  await signIn(page, email, OLD_PASSWORD);
  await expect(page.getByText('Invalid credentials')).toBeVisible();
  await expect(page).toHaveURL('/login');

  // The new one does.
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/app/dashboard', { timeout: 5_000 });
  await expect(page.getByRole('heading', { name: `Welcome, ${username}!` })).toBeVisible();
});
