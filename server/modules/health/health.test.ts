import { afterEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../../tests/support/test-database';
import { buildTestApp, type TestApp } from '../../../tests/support/test-app';

describe.each(databaseTargets)('GET /api/health on $name', (target) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('reports the database as up', async () => {
    t = await buildTestApp(target);
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      status: 'ok',
      database: 'up',
      dialect: target.name,
      details: { failedMail: 0 },
    });
  });

  it('counts mail that failed for good, for the operator', async () => {
    t = await buildTestApp(target);
    const mail = (status: 'failed' | 'sent', i: number) => ({
      id: `m${status}${i}`,
      key: null,
      to_address: `p${i}@example.org`,
      subject: 'Your Canopy verification code',
      text_body: null,
      html_body: null,
      status,
      attempts: 14,
      last_error: status === 'failed' ? 'connect ECONNREFUSED' : null,
      created_at: '2026-06-01T10:00:00.000Z',
      sent_at: null,
    });
    await t.database.db
      .insertInto('mails')
      .values([mail('failed', 1), mail('failed', 2), mail('sent', 3)])
      .execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', details: { failedMail: 2 } });
  });

  it('answers 503 when the database is gone, without internals', async () => {
    t = await buildTestApp(target);
    // The jobs queue stops first, as it would not be polling a database that is gone.
    await t.services.queue.stop();
    await t.database.db.destroy();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, status: 'degraded', database: 'down' });
    const app = t.app;
    t = undefined;
    await app.close();
  });
});
