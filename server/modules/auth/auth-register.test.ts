import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../contract/auth';
import { codeFrom } from '../../../tests/support/memory-mailer';
import { databaseTargets } from '../../../tests/support/test-database';
import { useAccountsApi } from './auth-test-kit';
import { AUTH_MESSAGES } from './auth.service';

describe.each(databaseTargets)('accounts API on $name', (target) => {
  const kit = useAccountsApi(target);
  const { setup, post, register, currentUser } = kit;

  describe('register', () => {
    it('creates an unverified account and mails a 6-digit code', async () => {
      await setup();
      const res = await register({ email: '  Maple@Example.org ' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.registered });
      const user = await kit.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
      expect(user).toMatchObject({
        email: 'maple@example.org',
        username: 'maple',
        profile_type: 'individual',
        verified_at: null,
      });
      expect(user.password_hash).toMatch(/^\$argon2id\$/);
      const mail = await kit.mailer.next('maple@example.org');
      expect(mail.subject).toMatch(/Canopy/);
      expect(codeFrom(mail)).toMatch(/^\d{6}$/);
      expect(mail.html).toContain(codeFrom(mail));
      const otp = await kit.db.selectFrom('otp_codes').selectAll().executeTakeFirstOrThrow();
      expect(otp.code_hash).not.toContain(codeFrom(mail));
    });

    it.each([
      [{ username: '  ' }, MESSAGES.usernameRequired],
      [{ username: 'a b' }, MESSAGES.usernameInvalid],
      [{ email: '' }, MESSAGES.emailRequired],
      [{ email: 'nope' }, MESSAGES.emailInvalid],
      [{ password: '', passwordConfirm: '' }, MESSAGES.passwordRequired],
      [{ password: 'short', passwordConfirm: 'short' }, MESSAGES.passwordTooShort],
      [{ password: 'x'.repeat(129), passwordConfirm: 'x'.repeat(129) }, MESSAGES.passwordTooLong],
      [{ passwordConfirm: 'something-else' }, MESSAGES.passwordsDoNotMatch],
      [{ role: '' }, MESSAGES.roleRequired],
      [{ role: 'admin' }, MESSAGES.roleRequired],
      [{ password: 'Password123', passwordConfirm: 'Password123' }, MESSAGES.passwordTooCommon],
    ])('refuses %j with "%s"', async (overrides, message) => {
      await setup();
      const res = await register(overrides);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
      expect(await kit.db.selectFrom('users').selectAll().execute()).toHaveLength(0);
    });

    it('answers 409 when the email or the username is taken', async () => {
      await setup();
      await register();
      const sameEmail = await register({ username: 'other' });
      expect(sameEmail.statusCode).toBe(409);
      expect(sameEmail.json()).toMatchObject({
        message: AUTH_MESSAGES.emailTaken,
        code: 'CONFLICT',
      });
      const sameName = await register({ email: 'other@example.org', username: 'MAPLE' });
      expect(sameName.statusCode).toBe(409);
      expect(sameName.json()).toMatchObject({ message: AUTH_MESSAGES.usernameTaken });
    });
  });

  describe('OTP', () => {
    it('verifies with the mailed code and signs in to the right dashboard', async () => {
      await setup();
      await register({
        role: 'corporate',
        isCoperate: true,
        username: 'greenco',
        email: 'green@co.org',
      });
      const code = codeFrom(await kit.mailer.next('green@co.org'));
      const res = await post('/api/users/users-otpmatch', { email: 'green@co.org', otpCode: code });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: AUTH_MESSAGES.verified,
        dashboardRoute: '/app/corporate-dashboard',
      });
      const me = await currentUser(res.json().token);
      expect(me.json().user).toMatchObject({
        username: 'greenco',
        verified: true,
        profileType: 'corporate',
        file: '',
      });
      // Single use.
      const again = await post('/api/users/users-otpmatch', {
        email: 'green@co.org',
        otpCode: code,
      });
      // Refusals all look alike (see auth-otp.test.ts).
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(MESSAGES.expiredOtp);
    });

    it('voids the code after 5 wrong tries', async () => {
      await setup();
      await register();
      const code = codeFrom(await kit.mailer.next('maple@example.org'));
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const res = await post('/api/users/users-otpmatch', {
          email: 'maple@example.org',
          otpCode: wrong,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(MESSAGES.expiredOtp);
      }
      const right = await post('/api/users/users-otpmatch', {
        email: 'maple@example.org',
        otpCode: code,
      });
      expect(right.statusCode).toBe(400);
    });

    it('expires after 10 minutes', async () => {
      await setup();
      await register();
      const code = codeFrom(await kit.mailer.next('maple@example.org'));
      kit.clock.advance(10 * 60_000 + 1000);
      const res = await post('/api/users/users-otpmatch', {
        email: 'maple@example.org',
        otpCode: code,
      });
      expect(res.statusCode).toBe(400);
    });

    it('a new code voids the old one', async () => {
      await setup();
      await register();
      const first = codeFrom(await kit.mailer.next('maple@example.org'));
      expect((await post('/api/users/creatotp', { email: 'maple@example.org' })).statusCode).toBe(
        200,
      );
      const second = codeFrom(await kit.mailer.next('maple@example.org'));
      if (first !== second) {
        expect(
          (await post('/api/users/users-otpmatch', { email: 'maple@example.org', otpCode: first }))
            .statusCode,
        ).toBe(400);
      }
      expect(
        (await post('/api/users/users-otpmatch', { email: 'maple@example.org', otpCode: second }))
          .statusCode,
      ).toBe(200);
    });

    it('answers the same whether or not the account exists, and limits sends to 3 per 15 minutes', async () => {
      await setup();
      await register(); // the sign-up code counts as the first send
      const known = await post('/api/users/creatotp', { email: 'maple@example.org' });
      const unknown = await post('/api/users/creatotp', { email: 'nobody@example.org' });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      await post('/api/users/creatotp', { email: 'maple@example.org' });
      await post('/api/users/creatotp', { email: 'nobody@example.org' });
      await post('/api/users/creatotp', { email: 'nobody@example.org' });
      const knownLimited = await post('/api/users/creatotp', { email: 'maple@example.org' });
      const unknownLimited = await post('/api/users/creatotp', { email: 'nobody@example.org' });
      expect(knownLimited.statusCode).toBe(429);
      expect(unknownLimited.statusCode).toBe(429);
      expect(knownLimited.headers['retry-after']).toBeDefined();
      expect(kit.mailer.sent.filter((m) => m.to === 'maple@example.org')).toHaveLength(3);
      kit.clock.advance(15 * 60_000 + 1000);
      expect((await post('/api/users/creatotp', { email: 'maple@example.org' })).statusCode).toBe(
        200,
      );
    });

    it.each([
      [{ email: 'maple@example.org', otpCode: '' }, MESSAGES.otpRequired],
      [{ email: 'maple@example.org', otpCode: '12ab56' }, MESSAGES.otpInvalidFormat],
      [{ otpCode: '123456' }, MESSAGES.emailRequired],
    ])('refuses %j with "%s"', async (payload, message) => {
      await setup();
      const res = await post('/api/users/users-otpmatch', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });
  });
});
