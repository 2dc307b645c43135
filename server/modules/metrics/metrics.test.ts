import { afterEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../tests/support/signed-in';
import { buildMail } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import { buildTestApp, type TestApp } from '../../../tests/support/test-app';

const TOKEN = 'metrics-token-0123456789';
const operator = { authorization: `Bearer ${TOKEN}` };

/** The value of one sample line, e.g. `canopy_jobs{state="failed"}`; undefined when absent. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const set = /\{([^}]*)\}/.exec(line)?.[1] ?? '';
    if (Object.entries(labels).every(([k, v]) => set.includes(`${k}="${v}"`)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe.each(databaseTargets)('GET /api/metrics on $name', (target) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('is off (404) without METRICS_TOKEN, whatever is sent', async () => {
    t = await buildTestApp(target);
    for (const headers of [{}, { authorization: 'Bearer anything-at-all-here' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('refuses a caller without the token, with another token or a session (401)', async () => {
    t = await buildTestApp(target, { config: { metricsToken: TOKEN } });
    const me = await signedInUser(t.app, t.database.db);
    for (const headers of [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
      me.headers,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.headers['www-authenticate']).toContain('Bearer');
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      expect(res.body).not.toContain('canopy_');
    }
  });

  it('answers Prometheus text to the token: requests by route pattern, jobs, mail, database, process', async () => {
    t = await buildTestApp(target, { config: { metricsToken: TOKEN } });
    const scrape = async () => {
      const res = await t!.app.inject({ method: 'GET', url: '/api/metrics', headers: operator });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      return res.body;
    };
    const before = await scrape();
    for (const name of [
      'canopy_jobs',
      'canopy_mails',
      'canopy_database_up',
      'canopy_database_size_bytes',
      'canopy_health_status',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ])
      expect(before, name).toMatch(new RegExp(`^${name}[{ ]`, 'm'));
    expect(sample(before, 'canopy_database_up')).toBe(1);
    expect(sample(before, 'canopy_health_status', { status: 'ok' })).toBe(1);
    if (target.name === 'postgres')
      expect(
        sample(before, 'canopy_database_pool_connections', { state: 'total' }),
      ).toBeGreaterThan(0);
    else expect(before).not.toContain('canopy_database_pool_connections{');

    const driveRoute = { method: 'GET', route: '/api/drives/:id', status: '401' };
    const countBefore = sample(before, 'canopy_http_requests_total', driveRoute) ?? 0;
    for (const id of ['no-such-drive', 'another-missing-one'])
      await t.app.inject({ method: 'GET', url: `/api/drives/${id}` });
    await t.app.inject({ method: 'GET', url: '/api/stats' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route/123' });
    await t.database.db
      .insertInto('mails')
      .values(
        buildMail({ created_at: new Date().toISOString(), sent_at: new Date().toISOString() }),
      )
      .execute();

    const after = await scrape();
    // The route pattern, never the raw URL (ids stay out of the labels).
    expect(sample(after, 'canopy_http_requests_total', driveRoute)).toBe(countBefore + 2);
    expect(after).not.toContain('no-such-drive');
    expect(after).not.toContain('no-such-route');
    expect(
      sample(after, 'canopy_http_requests_total', { route: '/api/stats', status: '200' }),
    ).toBe(1);
    expect(
      sample(after, 'canopy_http_requests_total', { route: '(unmatched)', status: '404' }),
    ).toBe(1);
    expect(
      sample(after, 'canopy_http_request_duration_seconds_count', { route: '/api/drives/:id' }),
    ).toBe(countBefore + 2);
    expect(sample(after, 'canopy_mails', { status: 'sent' })).toBe(1);
    expect(sample(after, 'canopy_jobs', { state: 'failed' })).toBe(0);
    // The scrape before this one is counted too.
    expect(
      sample(after, 'canopy_http_requests_total', { route: '/api/metrics', status: '200' }),
    ).toBe(1);
  });

  it('keeps a registry per app: two apps in one process count their own requests', async () => {
    t = await buildTestApp(target, { config: { metricsToken: TOKEN } });
    const other = await buildTestApp(target, { config: { metricsToken: TOKEN } });
    try {
      await other.app.inject({ method: 'GET', url: '/api/stats' });
      const mine = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: operator });
      expect(
        sample(mine.body, 'canopy_http_requests_total', { route: '/api/stats' }),
      ).toBeUndefined();
      const theirs = await other.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: operator,
      });
      expect(sample(theirs.body, 'canopy_http_requests_total', { route: '/api/stats' })).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('says the database is down when it is closed', async () => {
    t = await buildTestApp(target, { config: { metricsToken: TOKEN } });
    await t.services.queue.stop();
    await t.database.db.destroy();
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: operator });
    expect(res.statusCode).toBe(200);
    expect(sample(res.body, 'canopy_database_up')).toBe(0);
    expect(sample(res.body, 'canopy_health_status', { status: 'down' })).toBe(1);
    const app = t.app;
    t = undefined;
    await app.close();
  });
});

describe('/api/metrics in the OpenAPI document', () => {
  it('is documented as Prometheus text, with its 401 and 404', async () => {
    const t = await buildTestApp({ name: 'sqlite' }, { config: { metricsToken: TOKEN } });
    try {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      const op = doc.paths['/api/metrics']?.get;
      expect(op).toMatchObject({
        operationId: 'metrics.getMetrics',
        tags: ['health'],
        responses: {
          200: { content: { 'text/plain': { schema: { type: 'string' } } } },
          401: { content: { 'application/json': expect.anything() } },
          404: { content: { 'application/json': expect.anything() } },
        },
      });
      expect(op.summary).toContain('METRICS_TOKEN');
      const health = doc.paths['/api/health']?.get;
      expect(
        health.responses['200'].content['application/json'].schema.properties.status,
      ).toMatchObject({
        enum: ['ok', 'degraded', 'down'],
      });
    } finally {
      await t.close();
    }
  });
});
