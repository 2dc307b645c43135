import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../contract/auth';
import { databaseTargets } from '../../../tests/support/test-database';
import { PASSWORD, useAccountsApi } from './auth-test-kit';
import { AUTH_MESSAGES } from './auth.service';

describe.each(databaseTargets)('accounts API on $name', (target) => {
  const kit = useAccountsApi(target);
  const { setup, post, register, registerAndVerify, currentUser } = kit;

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

    it('slows an account+address pair after 5 failures (Retry-After), but never refuses the owner elsewhere', async () => {
      await setup();
      await registerAndVerify();
      for (let i = 0; i < 5; i++) {
        const res = await post(
          '/api/users/login',
          { email: 'maple@example.org', password: `wrong-${i}-pass` },
          '10.2.0.1',
        );
        expect(res.statusCode).toBe(401);
      }
      // That address is slowed down for this account, even with the right password…
      const limited = await post(
        '/api/users/login',
        { email: 'maple@example.org', password: PASSWORD },
        '10.2.0.1',
      );
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json().message).toMatch(/Too many failed sign-in attempts/);
      // …while the owner signs in from an address that has not failed.
      const owner = await post(
        '/api/users/login',
        { email: 'maple@example.org', password: PASSWORD },
        '10.2.0.99',
      );
      expect(owner.statusCode).toBe(200);
      kit.clock.advance(15 * 60_000 + 1000);
      expect(
        (
          await post(
            '/api/users/login',
            { email: 'maple@example.org', password: PASSWORD },
            '10.2.0.1',
          )
        ).statusCode,
      ).toBe(200);
    });

    it('caps one address at 100 failures across accounts; other addresses are untouched', async () => {
      await setup();
      // 99 earlier failures from the address (as recorded), then the 100th through the API.
      const at = kit.clock.now().toISOString();
      await kit.db
        .insertInto('auth_attempts')
        .values(
          Array.from({ length: 99 }, (_, i) => ({
            id: `attempt-${i}`,
            kind: 'login_failure_ip' as const,
            subject: '10.9.9.9',
            created_at: at,
          })),
        )
        .execute();
      const hundredth = await post(
        '/api/users/login',
        { email: 'guess@example.org', password: 'guess-password' },
        '10.9.9.9',
      );
      expect(hundredth.statusCode).toBe(401);
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
});
