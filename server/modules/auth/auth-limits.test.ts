import { describe, expect, it } from 'vitest';
import { codeFrom, memoryMailer } from '../../../tests/support/memory-mailer';
import { databaseTargets } from '../../../tests/support/test-database';
import { useTestApp } from '../../../tests/support/use-test-app';
import { PASSWORD, START } from './auth-test-kit';
import { SIGN_IN_LIMITS } from './auth.service';

const EMAIL = 'maple@example.org';

describe.each(databaseTargets)('sign-in limits on $name', (target) => {
  const mailer = memoryMailer();
  const api = useTestApp(target, START, {
    mailer,
    config: { appUrl: 'http://canopy.test' },
    // Echoes the address the app believes the client has.
    beforeReady: (app) => app.get('/test/client-ip', async (request) => ({ ip: request.ip })),
  });
  const { clock, start } = api;
  const post = (url: string, payload: object, ip = '10.1.1.1', headers = {}) =>
    api.t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers });
  /** The work after the answers has run and the queue has sent every mail it holds. */
  const delivered = async () => {
    await api.t.services.auth.settled();
    await api.t.idle();
  };
  const login = (password: string, ip: string, headers = {}) =>
    post('/api/users/login', { email: EMAIL, password }, ip, headers);
  async function member() {
    const res = await post('/api/users/register', {
      username: 'maple',
      email: EMAIL,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      role: 'individual',
    });
    expect(res.statusCode).toBe(201);
    const code = codeFrom(await mailer.next(EMAIL));
    expect(
      (await post('/api/users/users-otpmatch', { email: EMAIL, otpCode: code })).statusCode,
    ).toBe(200);
  }
  const clientIp = async (remoteAddress: string, xff?: string) =>
    (
      await api.t.app.inject({
        method: 'GET',
        url: '/test/client-ip',
        remoteAddress,
        headers: xff ? { 'x-forwarded-for': xff } : {},
      })
    ).json().ip as string;

  describe('TRUST_PROXY', () => {
    it('ignores X-Forwarded-For by default', async () => {
      await start();
      expect(await clientIp('10.0.0.1', '203.0.113.9')).toBe('10.0.0.1');
    });

    it('with a hop count, believes that many proxies and no more', async () => {
      await start({ trustProxy: 1 });
      expect(await clientIp('10.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
      // A client cannot choose its address by sending its own header: only the last hop counts.
      expect(await clientIp('10.0.0.1', '1.2.3.4, 203.0.113.9')).toBe('203.0.113.9');
      await api.t.close();
      await start({ trustProxy: 2 });
      expect(await clientIp('10.0.0.1', '1.2.3.4, 203.0.113.9')).toBe('1.2.3.4');
    });

    it('with a list, believes only the listed proxies', async () => {
      await start({ trustProxy: ['10.0.0.0/8', '127.0.0.1'] });
      expect(await clientIp('10.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
      expect(await clientIp('127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
      // Not a listed proxy: its header is ignored.
      expect(await clientIp('192.0.2.50', '203.0.113.9')).toBe('192.0.2.50');
      // Behind two listed proxies, the first address no proxy vouches for.
      expect(await clientIp('10.0.0.1', '203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
    });

    it('keys failed sign-ins on the forwarded address: the owner behind the same proxy still signs in', async () => {
      await start({ trustProxy: 1 });
      await member();
      // 50 failures from 10 other addresses behind the one proxy.
      for (let i = 0; i < 50; i++) {
        const res = await login(`wrong-${i}`, '10.0.0.1', {
          'x-forwarded-for': `203.0.113.${i % 10}`,
        });
        expect(res.statusCode).toBe(401);
      }
      const owner = await login(PASSWORD, '10.0.0.1', { 'x-forwarded-for': '198.51.100.7' });
      expect(owner.statusCode).toBe(200);
    });
  });

  it("lets the owner's right password in from a fresh address after 50 failures elsewhere", async () => {
    await start();
    await member();
    for (let i = 0; i < 50; i++)
      expect((await login(`wrong-${i}`, `10.3.0.${i % 10}`)).statusCode).toBe(401);
    // Each failing address is slowed down for this account…
    expect((await login(PASSWORD, '10.3.0.1')).statusCode).toBe(429);
    // …but the account itself is never locked.
    expect((await login(PASSWORD, '10.4.4.4')).statusCode).toBe(200);
  });

  it('emails the owner once an hour when the account sees many failures', async () => {
    await start();
    await member();
    mailer.sent.length = 0;
    for (let i = 0; i < SIGN_IN_LIMITS.warnAfterFailures - 1; i++)
      await login(`wrong-${i}`, `10.5.0.${i}`);
    await delivered();
    expect(mailer.sent).toEqual([]);
    for (let i = 0; i < 6; i++) await login(`wrong-more-${i}`, `10.6.0.${i}`);
    await delivered();
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({
      to: EMAIL,
      subject: 'Failed sign-ins to your Canopy account',
    });
    expect(mailer.sent[0]!.text).toContain('10 times in the last hour');
    // An unknown account is never mailed, and the next hour may warn again.
    for (let i = 0; i < 12; i++)
      await post(
        '/api/users/login',
        { email: 'nobody@example.org', password: 'x-wrong' },
        `10.7.0.${i}`,
      );
    clock.advance(SIGN_IN_LIMITS.warningWindowMs + 1000);
    for (let i = 0; i < SIGN_IN_LIMITS.warnAfterFailures; i++)
      await login(`later-${i}`, `10.8.0.${i}`);
    await delivered();
    expect(mailer.sent.map((m) => m.to)).toEqual([EMAIL, EMAIL]);
  });

  it('limits successful sign-ins per account', async () => {
    await start();
    await member();
    for (let i = 0; i < SIGN_IN_LIMITS.successesPerAccount; i++)
      expect((await login(PASSWORD, '10.1.1.1')).statusCode).toBe(200);
    const limited = await login(PASSWORD, '10.1.1.2');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/signed in too many times/);
    clock.advance(SIGN_IN_LIMITS.windowMs + 1000);
    expect((await login(PASSWORD, '10.1.1.2')).statusCode).toBe(200);
  });

  it('keeps at most 50 live sessions: the 51st sign-in ends the oldest', async () => {
    const { app, database } = await start();
    await member();
    const me = (token: string) =>
      app.inject({
        method: 'GET',
        url: '/api/users/currentuser',
        headers: { 'x-auth-token': token },
      });
    const tokens: string[] = [];
    for (let i = 0; i < SIGN_IN_LIMITS.sessionsPerMember + 1; i++) {
      // A minute apart, so the successful sign-in limit is never reached.
      clock.advance(60_000);
      const res = await login(PASSWORD, '10.1.1.1');
      expect(res.statusCode).toBe(200);
      tokens.push(res.json().result.token as string);
    }
    // The verification's session and the first sign-in's were the two oldest.
    expect((await me(tokens[0]!)).statusCode).toBe(401);
    expect((await me(tokens[1]!)).statusCode).toBe(200);
    expect((await me(tokens.at(-1)!)).statusCode).toBe(200);
    const live = await database.db
      .selectFrom('sessions')
      .select('id')
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(50);
  });
});
