import { expect, type APIRequestContext } from '@playwright/test';
import { waitForMail } from './smtp-receiver';

export const E2E_PASSWORD = 'leafy-Canopy-2026';
export const mailDir = () => process.env.CANOPY_E2E_MAIL_DIR!;
export const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

/** Registers an account through the API with E2E_PASSWORD; verifies it with the mailed code unless `verify` is false. A `username` lets a journey search for it. */
export async function apiUser(
  request: APIRequestContext,
  { role = 'individual', verify = true, username = `u${Date.now()}` } = {},
) {
  const email = `${username}@example.test`;
  const since = Date.now();
  const registered = await request.post('/api/users/register', {
    data: {
      username,
      email,
      password: E2E_PASSWORD,
      passwordConfirm: E2E_PASSWORD,
      role,
      profileType: role,
      isCoperate: role === 'corporate',
    },
  });
  expect(registered.status()).toBe(201);
  const mail = await waitForMail(mailDir(), email, since);
  if (verify) {
    const verified = await request.post('/api/users/users-otpmatch', {
      data: { email, otpCode: codeIn(mail.text) },
    });
    expect(verified.status()).toBe(200);
  }
  return { username, email };
}
