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
    });
  });

  it('answers 503 when the database is gone, without internals', async () => {
    t = await buildTestApp(target);
    await t.database.db.destroy();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, status: 'degraded', database: 'down' });
    const app = t.app;
    t = undefined;
    await app.close();
  });
});
