import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/support/test-app';
import { databaseTargets } from '../../../tests/support/test-database';

describe.each(databaseTargets.slice(0, 1))('map config on $name', (target) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('tells the browser the configured tile address and attribution', async () => {
    t = await buildTestApp(target, {
      config: { tileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png', tileAttribution: 'Test tiles' },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/map-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        tileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
        attribution: 'Test tiles',
        tileSize: 256,
        maxZoom: 18,
      },
    });
    // The same origin is allowed for images by the content security policy.
    expect(res.headers['content-security-policy']).toContain('http://127.0.0.1:9');
  });
});
