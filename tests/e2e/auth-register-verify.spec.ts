import { expect, test } from '@playwright/test';
import { waitForMail } from '../support/smtp-receiver';

const PASSWORD = 'leafy-Canopy-2026';
const mailDir = () => process.env.CANOPY_E2E_MAIL_DIR!;

test('register an individual account, verify it with the mailed code, land on the dashboard', async ({
  page,
}) => {
  const username = `u${Date.now()}`;
  const email = `${username}@example.test`;

  await page.goto('/register');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Create your Canopy account' }),
  ).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page
    .getByRole('radiogroup', { name: 'Account type' })
    .getByText('Individual', { exact: true })
    .click();
  await expect(page.getByRole('radio', { name: 'Individual', exact: true })).toBeChecked();

  const since = Date.now();
  const submit = page.getByRole('button', { name: 'Create Account' });
  await submit.click();
  await expect(page.getByText(/Account created!/)).toBeVisible();
  const toastShownAt = Date.now();
  // The button stays off while the screen waits to move on.
  await expect(page.getByRole('button', { name: 'Creating account…' })).toBeDisabled();
  await expect(page).toHaveURL(/\/register$/);

  // Registration success goes to /otp after 3 seconds, carrying the email.
  await expect(page).toHaveURL(`/otp?email=${encodeURIComponent(email)}`, { timeout: 6_000 });
  expect(Date.now() - toastShownAt).toBeGreaterThan(2_000);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  const mail = await waitForMail(mailDir(), email, since);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code, 'the mail carries a 6-digit code').toBeTruthy();

  const codeField = page.getByLabel('Verification code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('maxlength', '6');
  await codeField.fill(code!);
  await page.getByRole('button', { name: 'Verify Email' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Email verified!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'href',
    '/app/dashboard',
  );
  await expect(page).toHaveURL('/app/dashboard', { timeout: 5_000 });
  await expect(page.getByRole('heading', { name: `Welcome, ${username}!` })).toBeVisible();
});
