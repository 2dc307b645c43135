import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../tests/support/test-app';
import type { TrustProxy } from '../config';
import { permissionsPolicy, STRICT_TRANSPORT_SECURITY } from './security-headers';

const sqlite = { name: 'sqlite' as const };

describe('Strict-Transport-Security and Permissions-Policy', () => {
  let dist: string;
  const apps: TestApp[] = [];
  const appWith = async (trustProxy: TrustProxy) => {
    const t = await buildTestApp(sqlite, { config: { webDistDir: dist, trustProxy } });
    apps.push(t);
    return t.app;
  };
  beforeAll(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends HSTS only for HTTPS as a trusted proxy reports it, never for plain HTTP', async () => {
    const behindProxy = await appWith(1);
    const https = { 'x-forwarded-proto': 'https' };
    for (const url of ['/', '/api/stats', '/app/drives/d1/check-in']) {
      const res = await behindProxy.inject({ method: 'GET', url, headers: https });
      expect(res.headers['strict-transport-security'], url).toBe(STRICT_TRANSPORT_SECURITY);
    }
    expect(STRICT_TRANSPORT_SECURITY).toBe('max-age=31536000; includeSubDomains');
    const plain = await behindProxy.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const direct = await behindProxy.inject({ method: 'GET', url: '/' });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });

  it('ignores X-Forwarded-Proto without TRUST_PROXY, or from an address it does not trust', async () => {
    for (const trust of [false, ['10.0.0.1']] as const) {
      const app = await appWith(trust as TrustProxy);
      const res = await app.inject({
        method: 'GET',
        url: '/',
        headers: { 'x-forwarded-proto': 'https' },
        remoteAddress: '127.0.0.1',
      });
      expect(res.headers['strict-transport-security'], JSON.stringify(trust)).toBeUndefined();
    }
    const listed = await appWith(['10.0.0.1']);
    const trusted = await listed.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '10.0.0.1',
    });
    expect(trusted.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
  });

  it('lets only the check-in scanner page use the camera', async () => {
    const app = await appWith(false);
    const policy = async (url: string) =>
      String((await app.inject({ method: 'GET', url })).headers['permissions-policy']);
    const scanner = await app.inject({ method: 'GET', url: '/app/drives/d-1/check-in' });
    expect(scanner.statusCode).toBe(200);
    expect(scanner.body).toContain('<div id="root">');
    expect(scanner.headers['permissions-policy']).toContain('camera=(self)');
    for (const url of [
      '/',
      '/app/drives/d-1',
      '/app/drives/d-1/check-in/extra',
      '/app/dashboard',
      '/api/stats',
      '/index.html',
    ]) {
      expect(await policy(url), url).toContain('camera=()');
      expect(await policy(url), url).not.toContain('camera=(self)');
    }
    expect(await policy('/app/drives/d-1/check-in?x=1')).toContain('camera=(self)');
    expect(permissionsPolicy('/')).toBe('camera=(), microphone=(), geolocation=(self)');
  });
});
