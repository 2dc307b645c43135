import { expect, test } from '@playwright/test';

// POST /api/newsletter allows 5 requests a minute per address; this file makes exactly 3.
const SUBSCRIBED =
  "Thanks for subscribing! You'll hear from us when new drives and stories take root.";

test('subscribing to the newsletter from the footer', async ({ page }) => {
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/newsletter')
      posts += 1;
  });
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Newsletter' });
  const input = form.getByRole('textbox', { name: 'Email address' });
  const button = form.getByRole('button', { name: 'Subscribe' });
  const status = form.getByRole('status');
  const alert = form.getByRole('alert');

  await expect(input).toHaveAttribute('type', 'email');
  await expect(input).toHaveAttribute('required', '');

  // The browser refuses an empty field and a malformed address; nothing is sent.
  await button.click();
  expect(await input.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  await input.fill('not-an-email');
  await button.click();
  expect(await input.evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
  expect(posts).toBe(0);

  // A new address: the button is disabled while sending, then the server's message shows.
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.route('**/api/newsletter', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await input.fill(email);
  const first = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/newsletter');
  await button.click();
  await expect(form.getByRole('button', { name: 'Subscribing…' })).toBeDisabled();
  expect((await first).status()).toBe(200);
  await expect(status).toHaveText(SUBSCRIBED);
  await expect(input).toHaveValue('');
  await expect(alert).toHaveText('');
  await expect(button).toBeEnabled();
  await page.unroute('**/api/newsletter');

  // The same address again: subscribing is idempotent and answers the same.
  await input.fill(email.toUpperCase());
  const second = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/newsletter');
  await button.click();
  expect((await second).status()).toBe(200);
  await expect(status).toHaveText(SUBSCRIBED);
  await expect(input).toHaveValue('');

  // An address the browser accepts but the server does not: its message shows as an alert.
  await input.fill('someone@localhost');
  const third = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/newsletter');
  await button.click();
  expect((await third).status()).toBe(400);
  await expect(alert).not.toHaveText('');
  await expect(status).toHaveText('');
  await expect(input).toHaveValue('someone@localhost');
  expect(posts).toBe(3);
});
