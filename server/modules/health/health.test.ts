import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildMail } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import { buildTestApp, type TestApp } from '../../../tests/support/test-app';

const TOKEN = 'metrics-token-0123456789';
const operator = { authorization: `Bearer ${TOKEN}` };

describe.each(databaseTargets)('GET /api/health on $name', (target) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('says ok to anyone, with the details only for the metrics token', async () => {
    t = await buildTestApp(target, { config: { metricsToken: TOKEN } });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ success: true, status: 'ok' });
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.json()).toEqual({ success: true, status: 'ok' });

    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: operator });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      status: 'ok',
      database: 'up',
      dialect: target.name,
      reasons: [],
      details: {
        failedMail: 0,
        mail: { queued: 0, retrying: 0, sent: 0, failed: 0 },
        jobs: { pending: 0, failed: 0, failedRecently: 0 },
      },
    });
  });

  it('gives no details without METRICS_TOKEN configured', async () => {
    t = await buildTestApp(target);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { authorization: 'Bearer anything-at-all-here' },
    });
    expect(res.json()).toEqual({ success: true, status: 'ok' });
  });

  it('counts old mail that failed for good without being degraded by it', async () => {
    t = await buildTestApp(target, { config: { metricsToken: TOKEN } });
    const mail = (status: 'failed' | 'sent') =>
      buildMail({ status, attempts: 14, created_at: '2026-06-01T10:00:00.000Z', sent_at: null });
    await t.database.db
      .insertInto('mails')
      .values([mail('failed'), mail('failed'), mail('sent')])
      .execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: operator });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', details: { failedMail: 2 } });
    // Anyone's answer comes from index probes, not the counts, and agrees.
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(anonymous.json()).toEqual({ success: true, status: 'ok' });
  });

  it('is degraded while mail fails, and says why to the operator', async () => {
    t = await buildTestApp(target, {
      config: { metricsToken: TOKEN },
      mailer: {
        send: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25')),
      },
    });
    const { services } = t;
    await services.uow.withTransaction((tx) =>
      services.mail.send(tx, {
        to: 'a@example.org',
        subject: 'Hello',
        text: 'Hi',
        html: '<p>Hi</p>',
      }),
    );
    // The first attempt fails; the mail waits for its retry.
    for (let i = 0; i < 200; i += 1) {
      const row = await t.database.db.selectFrom('mails').select('attempts').executeTakeFirst();
      if ((row?.attempts ?? 0) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ success: true, status: 'degraded' });
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: operator });
    expect(res.json()).toMatchObject({
      status: 'degraded',
      reasons: ['1 mail failing, being retried'],
      details: { mail: { queued: 1, retrying: 1 } },
    });
  });

  it('is degraded by mail given up on lately', async () => {
    t = await buildTestApp(target, { config: { metricsToken: TOKEN } });
    await t.database.db
      .insertInto('mails')
      .values(
        buildMail({
          status: 'failed',
          attempts: 20,
          created_at: new Date(Date.now() - 30 * 3_600_000).toISOString(),
        }),
      )
      .execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: operator });
    expect(res.json()).toMatchObject({
      status: 'degraded',
      reasons: ['1 mail given up on in the last two days'],
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(anonymous.json()).toEqual({ success: true, status: 'degraded' });
  });

  it('is degraded by a job given up on lately, counted in the queue', async () => {
    t = await buildTestApp(target, { config: { metricsToken: TOKEN } });
    if (target.name === 'postgres') {
      // A mail job without a mail id throws; with one attempt allowed it is given up on at once.
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
        t.database.db,
      );
      await sql`select ${sql.id(`${rows[0]!.schema}_worker`)}.add_job('mail', 'null'::json,
        max_attempts => 1)`.execute(t.database.db);
      await t.idle();
    } else {
      const now = new Date().toISOString();
      await t.database.db
        .insertInto('jobs')
        .values({
          name: 'mail',
          payload: 'null',
          key: null,
          run_at: now,
          attempts: 25,
          max_attempts: 25,
          status: 'failed',
          last_error: 'a mail job without a mail id',
          locked_at: null,
          created_at: now,
        })
        .execute();
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: operator });
    expect(res.json()).toMatchObject({
      status: 'degraded',
      reasons: ['1 job given up on in the last day'],
      details: { jobs: { pending: 0, failed: 1, failedRecently: 1 } },
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(anonymous.json()).toEqual({ success: true, status: 'degraded' });
  });

  it('answers 503 down when the database is gone, without internals', async () => {
    t = await buildTestApp(target, { config: { metricsToken: TOKEN } });
    // The jobs queue stops first, as it would not be polling a database that is gone.
    await t.services.queue.stop();
    await t.database.db.destroy();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ success: false, status: 'down' });
    const detailed = await t.app.inject({ method: 'GET', url: '/api/health', headers: operator });
    expect(detailed.statusCode).toBe(503);
    expect(detailed.json()).toMatchObject({
      success: false,
      status: 'down',
      database: 'down',
      reasons: ['the database does not answer'],
    });
    const app = t.app;
    t = undefined;
    await app.close();
  });
});
