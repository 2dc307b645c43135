/** Test helpers shared by the accounts API suites (imported only by *.test.ts files). */
import { afterEach, expect } from 'vitest';
import { codeFrom, memoryMailer } from '../../../tests/support/memory-mailer';
import { buildTestApp, movableClock, type TestApp } from '../../../tests/support/test-app';
import type { DatabaseTarget } from '../../../tests/support/test-database';

export const START = '2026-11-21T10:00:00.000Z';
export const PASSWORD = 'green-canopy-42';

/**
 * The accounts API on `target`, fresh for each test that calls `setup()` and closed after it.
 * Call inside `describe.each(databaseTargets)`.
 */
export function useAccountsApi(target: DatabaseTarget) {
  let t: TestApp | undefined;
  let mailer: ReturnType<typeof memoryMailer>;
  let clock: ReturnType<typeof movableClock>;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const app = () => {
    if (!t) throw new Error('call setup() first');
    return t.app;
  };
  // Waits for the work done after the answer (code writes) and for the queue to send its mail, as a person reading mail would.
  const post = async (url: string, payload: unknown, ip = '10.1.1.1') => {
    const response = await app().inject({
      method: 'POST',
      url,
      payload: payload as object,
      remoteAddress: ip,
    });
    await t?.services.auth.settled();
    await t?.idle();
    return response;
  };
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

  return {
    async setup() {
      mailer = memoryMailer();
      clock = movableClock(START);
      t = await buildTestApp(target, { mailer, clock, config: { appUrl: 'http://canopy.test' } });
    },
    get app() {
      return app();
    },
    get db() {
      if (!t) throw new Error('call setup() first');
      return t.database.db;
    },
    get mailer() {
      return mailer;
    },
    get clock() {
      return clock;
    },
    post,
    register,
    async registerAndVerify(overrides: Record<string, unknown> = {}) {
      const email = String(overrides.email ?? 'maple@example.org');
      expect((await register(overrides)).statusCode).toBe(201);
      const code = codeFrom(await mailer.next(email));
      const res = await post('/api/users/users-otpmatch', { email, otpCode: code });
      expect(res.statusCode).toBe(200);
      return res.json() as { token: string; dashboardRoute: string };
    },
    currentUser: (token?: string, header = 'x-auth-token') =>
      app().inject({
        method: 'GET',
        url: '/api/users/currentuser',
        headers: token ? { [header]: header === 'authorization' ? `Bearer ${token}` : token } : {},
      }),
  };
}
