import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../tests/support/test-app';

const sqlite = { name: 'sqlite' as const };

describe('errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(sqlite, {
      beforeReady: (app) => {
        app.get('/api/test-boom', () => {
          throw new Error('secret internals: password=hunter2');
        });
      },
    });
  });
  afterAll(() => t.close());

  it('answers unknown /api paths with a JSON 404', async () => {
    for (const url of ['/api/nope', '/api', '/api/users/unknown?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        code: 'NOT_FOUND',
        message: 'No such API endpoint.',
      });
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('keeps 5xx internals in the log, not the response', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again in a moment.',
    });
    expect(res.body).not.toContain('hunter2');
  });

  it('refuses a body that is too large with 413, not 5xx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/xml' },
      payload: '<email/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});

describe('security headers and API docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(sqlite, {
      config: { tileUrl: 'https://{s}.tile.example.org/{z}/{x}/{y}.png' },
    });
  });
  afterAll(() => t.close());

  it('sends a CSP that allows only what the app needs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/img-src[^;]*https:\/\/\*\.tile\.example\.org/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends the same security headers on errors and unknown paths', async () => {
    for (const url of ['/api/no-such-thing', '/api/users/currentuser']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('serves OpenAPI generated from the route schemas at /api/docs', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const body = spec.json();
    expect(body.openapi).toMatch(/^3\./);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/stats', '/api/newsletter']),
    );
    expect(body.paths['/api/newsletter'].post.requestBody).toBeDefined();
  });
});

describe('the SPA', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'theme-init.js'), '/* theme */');
    t = await buildTestApp(sqlite, { config: { webDistDir: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/home', '/login', '/app/dashboard', '/some/deep/unknown/path?x=1'])(
    'falls back to index.html for %s, never cached',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('does not cache index.html when asked for by name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('does not serve files outside the build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/../../package.json' });
    expect(res.body).not.toContain('"name"');
  });
});
