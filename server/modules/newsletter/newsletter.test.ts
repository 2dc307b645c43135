import { afterEach, describe, expect, it } from 'vitest';
import { NEWSLETTER_SUBSCRIBED_MESSAGE } from '../../../contract/newsletter';
import { databaseTargets } from '../../../tests/support/test-database';
import { buildTestApp, type TestApp } from '../../../tests/support/test-app';

describe.each(databaseTargets)('POST /api/newsletter on $name', (target) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const subscribe = (email: unknown, ip = '10.0.0.1') =>
    t!.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email },
      remoteAddress: ip,
    });

  it('stores a new address and says so', async () => {
    t = await buildTestApp(target);
    const res = await subscribe('  Fern@Example.org ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: NEWSLETTER_SUBSCRIBED_MESSAGE });
    const rows = await t.database.db.selectFrom('newsletter_subscribers').select('email').execute();
    expect(rows).toEqual([{ email: 'fern@example.org' }]);
  });

  it('is idempotent: the same address twice gives the same answer and one row', async () => {
    t = await buildTestApp(target);
    const first = await subscribe('oak@example.org');
    const second = await subscribe('OAK@example.org');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const rows = await t.database.db.selectFrom('newsletter_subscribers').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it.each([
    [undefined, 'Email address is required!'],
    ['', 'Email address is required!'],
    ['   ', 'Email address is required!'],
    ['not-an-email', 'Please enter a valid email address.'],
    [`${'a'.repeat(250)}@example.org`, 'That email address is too long.'],
    [42, 'Email address is required!'],
  ])('refuses %j with a clear 400', async (email, message) => {
    t = await buildTestApp(target);
    const res = await subscribe(email);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'VALIDATION_FAILED', message });
    const rows = await t.database.db.selectFrom('newsletter_subscribers').selectAll().execute();
    expect(rows).toHaveLength(0);
  });

  it('strips unknown fields and still subscribes', async () => {
    t = await buildTestApp(target);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: 'elm@example.org', admin: true },
    });
    expect(res.statusCode).toBe(200);
  });

  it('limits each address to 5 subscribe calls a minute, with Retry-After', async () => {
    t = await buildTestApp(target);
    for (let i = 0; i < 5; i++)
      expect((await subscribe(`p${i}@example.org`, '10.0.0.9')).statusCode).toBe(200);
    const limited = await subscribe('p6@example.org', '10.0.0.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(limited.json().message).toMatch(/Too many requests/);
    // Another visitor is not affected.
    expect((await subscribe('other@example.org', '10.0.0.10')).statusCode).toBe(200);
  });

  it('scales every per-IP limit by RATE_LIMIT_MULTIPLIER', async () => {
    t = await buildTestApp(target, { config: { rateLimitMultiplier: 2 } });
    for (let i = 0; i < 10; i++)
      expect((await subscribe(`q${i}@example.org`, '10.0.0.11')).statusCode).toBe(200);
    expect((await subscribe('q11@example.org', '10.0.0.11')).statusCode).toBe(429);
  });

  it('answers malformed JSON with a 400, not a 5xx', async () => {
    t = await buildTestApp(target);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });
});
