import { SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../contract/auth';
import { codeFrom, memoryMailer, resetLinkFrom } from '../../../tests/support/memory-mailer';
import { buildTestApp, movableClock, type TestApp } from '../../../tests/support/test-app';
import { databaseTargets } from '../../../tests/support/test-database';
import { AUTH_MESSAGES } from './auth.service';

const START = '2026-11-21T10:00:00.000Z';
const PASSWORD = 'green-canopy-42';

describe.each(databaseTargets)('accounts API on $name', (target) => {
  let t: TestApp;
  let mailer: ReturnType<typeof memoryMailer>;
  let clock: ReturnType<typeof movableClock>;
  afterEach(async () => t?.close());

  async function setup() {
    mailer = memoryMailer();
    clock = movableClock(START);
    t = await buildTestApp(target, { mailer, clock, config: { appUrl: 'http://canopy.test' } });
  }
  const post = (url: string, payload: unknown, ip = '10.1.1.1') =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });
  const register = (overrides: Record<string, unknown> = {}) =>
    post('/api/users/register', {
      username: 'maple',
      email: 'maple@example.org',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      role: 'individual',
      profileType: 'individual',
      isCoperate: false,
      ...overrides,
    });
  async function registerAndVerify(overrides: Record<string, unknown> = {}) {
    const email = String(overrides.email ?? 'maple@example.org');
    expect((await register(overrides)).statusCode).toBe(201);
    const code = codeFrom(await mailer.next(email));
    const res = await post('/api/users/users-otpmatch', { email, otpCode: code });
    expect(res.statusCode).toBe(200);
    return res.json() as { token: string; dashboardRoute: string };
  }
  const currentUser = (token?: string, header = 'x-auth-token') =>
    t.app.inject({
      method: 'GET',
      url: '/api/users/currentuser',
      headers: token ? { [header]: header === 'authorization' ? `Bearer ${token}` : token } : {},
    });

  describe('register', () => {
    it('creates an unverified account and mails a 6-digit code', async () => {
      await setup();
      const res = await register({ email: '  Maple@Example.org ' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.registered });
      const user = await t.database.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
      expect(user).toMatchObject({
        email: 'maple@example.org',
        username: 'maple',
        profile_type: 'individual',
        verified_at: null,
      });
      expect(user.password_hash).toMatch(/^\$argon2id\$/);
      const mail = await mailer.next('maple@example.org');
      expect(mail.subject).toMatch(/Canopy/);
      expect(codeFrom(mail)).toMatch(/^\d{6}$/);
      expect(mail.html).toContain(codeFrom(mail));
      const otp = await t.database.db.selectFrom('otp_codes').selectAll().executeTakeFirstOrThrow();
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
      expect(await t.database.db.selectFrom('users').selectAll().execute()).toHaveLength(0);
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
      const code = codeFrom(await mailer.next('green@co.org'));
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
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(MESSAGES.expiredOtp);
    });

    it('voids the code after 5 wrong tries', async () => {
      await setup();
      await register();
      const code = codeFrom(await mailer.next('maple@example.org'));
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const res = await post('/api/users/users-otpmatch', {
          email: 'maple@example.org',
          otpCode: wrong,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(MESSAGES.invalidOtp);
      }
      const right = await post('/api/users/users-otpmatch', {
        email: 'maple@example.org',
        otpCode: code,
      });
      expect(right.statusCode).toBe(404);
    });

    it('expires after 10 minutes', async () => {
      await setup();
      await register();
      const code = codeFrom(await mailer.next('maple@example.org'));
      clock.advance(10 * 60_000 + 1000);
      const res = await post('/api/users/users-otpmatch', {
        email: 'maple@example.org',
        otpCode: code,
      });
      expect(res.statusCode).toBe(404);
    });

    it('a new code voids the old one', async () => {
      await setup();
      await register();
      const first = codeFrom(await mailer.next('maple@example.org'));
      expect((await post('/api/users/creatotp', { email: 'maple@example.org' })).statusCode).toBe(
        200,
      );
      const second = codeFrom(await mailer.next('maple@example.org'));
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
      expect(mailer.sent.filter((m) => m.to === 'maple@example.org')).toHaveLength(3);
      clock.advance(15 * 60_000 + 1000);
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

  describe('login', () => {
    it('signs a verified user in', async () => {
      await setup();
      await registerAndVerify({ role: 'nursery', username: 'seedlings' });
      const res = await post('/api/users/login', {
        email: 'MAPLE@example.org',
        password: PASSWORD,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().result).toMatchObject({
        message: AUTH_MESSAGES.loggedIn,
        dashboardRoute: '/app/nursery-dashboard',
      });
      expect((await currentUser(res.json().result.token, 'authorization')).statusCode).toBe(200);
    });

    it('tells an unverified user with the right password to verify', async () => {
      await setup();
      await register();
      const res = await post('/api/users/login', {
        email: 'maple@example.org',
        password: PASSWORD,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: MESSAGES.notVerified, code: 'UNVERIFIED' });
    });

    it('gives the same 401 for a wrong email and a wrong password', async () => {
      await setup();
      await registerAndVerify();
      const wrongPassword = await post('/api/users/login', {
        email: 'maple@example.org',
        password: 'not-the-password',
      });
      const wrongEmail = await post('/api/users/login', {
        email: 'birch@example.org',
        password: 'not-the-password',
      });
      expect(wrongPassword.statusCode).toBe(401);
      expect(wrongEmail.statusCode).toBe(401);
      expect(wrongPassword.body).toBe(wrongEmail.body);
      expect(wrongEmail.json().message).toBe(MESSAGES.invalidCredentials);
    });

    it.each([
      [{ email: '', password: 'x' }, MESSAGES.emailRequired],
      [{ email: 'maple@example.org', password: '   ' }, MESSAGES.passwordRequired],
      [{}, MESSAGES.emailRequired],
    ])('refuses %j with "%s"', async (payload, message) => {
      await setup();
      const res = await post('/api/users/login', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });

    it('throttles an account after 5 failures, with Retry-After, even for the right password', async () => {
      await setup();
      await registerAndVerify();
      for (let i = 0; i < 5; i++) {
        expect(
          (
            await post(
              '/api/users/login',
              { email: 'maple@example.org', password: `wrong-${i}-pass` },
              `10.2.0.${i}`,
            )
          ).statusCode,
        ).toBe(401);
      }
      const limited = await post(
        '/api/users/login',
        { email: 'maple@example.org', password: PASSWORD },
        '10.2.0.99',
      );
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json().message).toMatch(/Too many failed sign-in attempts/);
      clock.advance(15 * 60_000 + 1000);
      expect(
        (await post('/api/users/login', { email: 'maple@example.org', password: PASSWORD }))
          .statusCode,
      ).toBe(200);
    });

    it('throttles an IP after 20 failures across accounts', async () => {
      await setup();
      for (let i = 0; i < 20; i++) {
        await post(
          '/api/users/login',
          { email: `guess${i}@example.org`, password: 'guess-password' },
          '10.9.9.9',
        );
      }
      const limited = await post(
        '/api/users/login',
        { email: 'fresh@example.org', password: 'guess-password' },
        '10.9.9.9',
      );
      expect(limited.statusCode).toBe(429);
      const otherIp = await post(
        '/api/users/login',
        { email: 'fresh@example.org', password: 'guess-password' },
        '10.9.9.10',
      );
      expect(otherIp.statusCode).toBe(401);
    });
  });

  describe('password reset', () => {
    it('mails a link, resets once, ends every session, and swaps the password', async () => {
      await setup();
      const { token: oldSession } = await registerAndVerify();
      const forgot = await post('/api/users/forgotpassword', { email: 'maple@example.org' });
      expect(forgot.json()).toEqual({ success: true, message: AUTH_MESSAGES.resetSent });
      const link = new URL(resetLinkFrom(await mailer.next('maple@example.org')));
      expect(link.origin + link.pathname).toBe('http://canopy.test/reset-password');
      expect(link.searchParams.get('email')).toBe('maple@example.org');
      const token = link.searchParams.get('token')!;
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);

      const payload = {
        email: 'maple@example.org',
        token,
        password: 'a-brand-new-secret',
        passwordConfirm: 'a-brand-new-secret',
      };
      const reset = await post('/api/users/resetpassword', payload);
      expect(reset.statusCode).toBe(200);
      expect(reset.json().message).toBe(AUTH_MESSAGES.resetDone);
      expect((await currentUser(oldSession)).statusCode).toBe(401);
      expect((await post('/api/users/resetpassword', payload)).statusCode).toBe(404);
      expect(
        (await post('/api/users/login', { email: 'maple@example.org', password: PASSWORD }))
          .statusCode,
      ).toBe(401);
      expect(
        (
          await post('/api/users/login', {
            email: 'maple@example.org',
            password: 'a-brand-new-secret',
          })
        ).statusCode,
      ).toBe(200);
    });

    it('answers forgot-password the same for unknown addresses and mails nothing', async () => {
      await setup();
      await registerAndVerify();
      const known = await post('/api/users/forgotpassword', { email: 'maple@example.org' });
      const unknown = await post('/api/users/forgotpassword', { email: 'ghost@example.org' });
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      await new Promise((r) => setTimeout(r, 50));
      expect(mailer.sent.some((m) => m.to === 'ghost@example.org')).toBe(false);
    });

    it('refuses an expired token, a wrong token and another account with 404', async () => {
      await setup();
      await registerAndVerify();
      await registerAndVerify({ email: 'oak@example.org', username: 'oak' });
      await post('/api/users/forgotpassword', { email: 'maple@example.org' });
      const token = new URL(resetLinkFrom(await mailer.next('maple@example.org'))).searchParams.get(
        'token',
      )!;
      const body = { password: 'another-good-one', passwordConfirm: 'another-good-one' };
      const otherAccount = await post('/api/users/resetpassword', {
        ...body,
        email: 'oak@example.org',
        token,
      });
      expect(otherAccount.statusCode).toBe(404);
      expect(otherAccount.json().message).toBe(MESSAGES.invalidResetToken);
      expect(
        (
          await post('/api/users/resetpassword', {
            ...body,
            email: 'maple@example.org',
            token: 'x'.repeat(43),
          })
        ).statusCode,
      ).toBe(404);
      clock.advance(30 * 60_000 + 1000);
      expect(
        (await post('/api/users/resetpassword', { ...body, email: 'maple@example.org', token }))
          .statusCode,
      ).toBe(404);
    });

    it.each([
      [
        { email: '', token: 't', password: 'long-enough-1', passwordConfirm: 'long-enough-1' },
        MESSAGES.emailAddressRequired,
      ],
      [
        {
          email: 'a@b.org',
          token: ' ',
          password: 'long-enough-1',
          passwordConfirm: 'long-enough-1',
        },
        MESSAGES.tokenRequired,
      ],
      [
        { email: 'a@b.org', token: 't', password: '', passwordConfirm: '' },
        MESSAGES.newPasswordRequired,
      ],
      [
        {
          email: 'a@b.org',
          token: 't',
          password: 'long-enough-1',
          passwordConfirm: 'long-enough-2',
        },
        MESSAGES.passwordsDoNotMatch,
      ],
    ])('refuses %j with "%s"', async (payload, message) => {
      await setup();
      const res = await post('/api/users/resetpassword', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });

    it('requires an email to ask for a reset', async () => {
      await setup();
      const res = await post('/api/users/forgotpassword', { email: ' ' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.emailAddressRequired);
    });
  });

  describe('sessions', () => {
    it('refuses requests without a token', async () => {
      await setup();
      expect((await currentUser()).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/users/logout' })).statusCode).toBe(
        401,
      );
    });

    it('returns only the caller, never another user', async () => {
      await setup();
      const a = await registerAndVerify();
      const b = await registerAndVerify({ email: 'oak@example.org', username: 'oak' });
      expect((await currentUser(a.token)).json().user.username).toBe('maple');
      expect((await currentUser(b.token)).json().user.username).toBe('oak');
    });

    it('logout revokes the token at once, and only that session', async () => {
      await setup();
      const { token } = await registerAndVerify();
      const second = (
        await post('/api/users/login', { email: 'maple@example.org', password: PASSWORD })
      ).json().result.token;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/logout',
        headers: { 'x-auth-token': token },
      });
      expect(res.statusCode).toBe(200);
      expect((await currentUser(token)).statusCode).toBe(401);
      expect((await currentUser(second)).statusCode).toBe(200);
    });

    it('expires after 8 hours', async () => {
      await setup();
      const { token } = await registerAndVerify();
      clock.advance(8 * 3_600_000 - 60_000);
      expect((await currentUser(token)).statusCode).toBe(200);
      clock.advance(120_000);
      expect((await currentUser(token)).statusCode).toBe(401);
    });

    it('refuses forged tokens: wrong key, alg none, wrong audience, garbage', async () => {
      await setup();
      const { token } = await registerAndVerify();
      const [, payloadPart] = token.split('.');
      const claims = JSON.parse(Buffer.from(payloadPart!, 'base64url').toString());
      const wrongKey = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('x'.repeat(48)));
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payloadPart}.`;
      const secret = new TextEncoder().encode('test-secret-'.padEnd(40, 'x'));
      const wrongAudience = await new SignJWT({ ...claims, aud: 'someone-else' })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(secret);
      const unknownSession = await new SignJWT({ ...claims, sid: 'not-a-session' })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(secret);
      for (const forged of [wrongKey, none, wrongAudience, unknownSession, 'garbage', 'a.b.c']) {
        const res = await currentUser(forged);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      }
    });
  });
});
