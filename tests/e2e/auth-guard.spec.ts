import { expect, test } from '@playwright/test';
import { apiUser, codeIn, E2E_PASSWORD as PASSWORD, mailDir } from '../support/e2e-accounts';
import { waitForMail } from '../support/smtp-receiver';

test('a signed-out visit to an app page signs in first, then comes back to it', async ({
  page,
}) => {
  const { email } = await apiUser(page.request, { role: 'corporate' });

  await page.goto('/app/calendar');
  await expect(page).toHaveURL(`/login?from=${encodeURIComponent('/app/calendar')}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/app/calendar', { timeout: 5_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();

  // Signed in: every account screen sends the user to their own dashboard.
  for (const path of ['/login', '/register', '/otp']) {
    await page.goto(path);
    await expect(page).toHaveURL('/app/corporate-dashboard');
  }
});

test('an unsafe "from" is ignored: sign-in goes to the dashboard', async ({ page }) => {
  const { email } = await apiUser(page.request);
  await page.goto(`/login?from=${encodeURIComponent('//evil.example/app')}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/app/dashboard', { timeout: 5_000 });
});

test('signing in before verifying asks for a new code and goes to /otp', async ({ page }) => {
  const { username, email } = await apiUser(page.request, { verify: false });

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const since = Date.now();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    page.getByText('Please verify your email with the OTP sent to your email address.'),
  ).toBeVisible();
  await expect(page).toHaveURL(`/otp?email=${encodeURIComponent(email)}`, { timeout: 5_000 });
  await expect(page.getByText(email)).toBeVisible();

  // A code was sent automatically on the way here; ask for another (it voids the first).
  await waitForMail(mailDir(), email, since);
  const resentSince = Date.now();
  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect(page.getByText('a new code is on its way')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Resend code in (60|59|58)s$/ })).toBeVisible();
  const mail = await waitForMail(mailDir(), email, resentSince);
  await page.getByLabel('Verification code').fill(codeIn(mail.text)!);
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Email verified!' })).toBeVisible();
  await expect(page).toHaveURL('/app/dashboard', { timeout: 5_000 });
  await expect(page.getByRole('heading', { name: `Welcome, ${username}!` })).toBeVisible();
});

test('a reload draws the app without waiting for the session check, which still ends a revoked session', async ({
  page,
}) => {
  const { email } = await apiUser(page.request);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/app/dashboard', { timeout: 5_000 });

  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // The check answers only after 4 s: the page is there long before.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/users/currentuser', async (route) => {
    await Promise.race([held, new Promise((r) => setTimeout(r, 4_000))]);
    await route.continue();
  });
  await page.goto('/app/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible({
    timeout: 2_000,
  });
  const checked = page.waitForResponse('**/api/users/currentuser');
  release();
  expect((await checked).ok()).toBe(true);
  await page.unroute('**/api/users/currentuser');

  // Signed out on the server meanwhile: the next check sends this tab to sign-in.
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const out = await page.request.post('/api/users/logout', { headers: { 'x-auth-token': token! } });
  expect(out.ok()).toBe(true);
  await page.reload();
  await expect(page).toHaveURL(/\/login\?from=/, { timeout: 5_000 });
});
