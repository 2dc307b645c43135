import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../tests/support/signed-in';
import { buildTestApp, type TestApp } from '../../tests/support/test-app';
import { inlineScriptHashes } from './security-headers';
import { isMissingFile } from './static-spa';

const sqlite = { name: 'sqlite' as const };
const SCRIPT = `console.log(${JSON.stringify('canopy '.repeat(400))});`;
const INDEX = '<!doctype html><div id="root"></div>';

describe('the SPA build: precompressed files, missing files and the fallback', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    const write = (name: string, body: string | Buffer) =>
      fs.writeFileSync(path.join(dist, name), body);
    write('index.html', INDEX);
    write('index.html.br', brotliCompressSync(INDEX));
    write('index.html.gz', gzipSync(INDEX));
    write('assets/app-AbC123.js', SCRIPT);
    write('assets/app-AbC123.js.br', brotliCompressSync(SCRIPT));
    write('assets/app-AbC123.js.gz', gzipSync(SCRIPT));
    write('theme-init.js', '/* small, never compressed */');
    t = await buildTestApp(sqlite, { config: { webDistDir: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('sends the build’s %s file for an asset, with Vary', async (encoding, decode) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-AbC123.js',
      headers: { 'accept-encoding': encoding },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-AbC123.js' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });

  it('sends the app page brotli-compressed for a client route, never cached', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/app/dashboard',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
  });

  it.each([
    '/assets/app-Gone99.js',
    '/assets/index-Old.css',
    '/assets/app-AbC123.js.map',
    '/assets/app-AbC123.js.br',
    '/assets/',
    '/robots-old.txt',
    '/logo.png',
    '/main.js',
    '/sitemap-old.xml?x=1',
  ])('answers a missing file %s with 404, not the app page', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it.each(['/', '/login', '/app/checkout/Spring.drive/tree/a.b', '/app/trees/x.png'])(
    'still sends the app page for the screen %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('tells file paths from screens', () => {
    expect(isMissingFile('/assets/x.js')).toBe(true);
    expect(isMissingFile('/favicon.ico')).toBe(true);
    expect(isMissingFile('/drives')).toBe(false);
    expect(isMissingFile('/app/user-profile/jo.smith')).toBe(false);
  });
});

describe('the CSP and the build’s inline script', () => {
  it('allows exactly the inline scripts of the built index.html, by hash', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-dist-'));
    const script = "document.documentElement.setAttribute('data-theme','canopy');";
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><script>${script}</script><script type="module" src="/a.js"></script>`,
    );
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(inlineScriptHashes(dist)).toEqual([hash]);
    expect(inlineScriptHashes('/nonexistent-canopy-web')).toEqual([]);
    const t = await buildTestApp(sqlite, { config: { webDistDir: dist } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/' });
      const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']));
      expect(scriptSrc?.[1]).toBe(`'self' ${hash}`);
    } finally {
      await t.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('API answers: compression and caching', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(sqlite);
  });
  afterAll(() => t.close());

  it('compresses JSON over 1 KB with brotli or gzip, and leaves small answers alone', async () => {
    const big = await t.app.inject({
      method: 'GET',
      url: '/api/trees/species',
      headers: { 'accept-encoding': 'br' },
    });
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    const plain = brotliDecompressSync(big.rawPayload);
    expect(plain.length).toBeGreaterThan(1024);
    expect(JSON.parse(plain.toString()).success).toBe(true);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/trees/species',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const small = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('marks personal answers no-store and keeps public ones cacheable', async () => {
    const member = await signedInUser(t.app, t.database.db);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/currentuser',
      headers: member.headers,
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');

    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/users/currentuser',
      headers: { 'x-auth-token': 'not-a-session' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');

    const bearer = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(bearer.headers['cache-control']).toBe('no-store');

    for (const headers of [{}, member.headers]) {
      const stats = await t.app.inject({ method: 'GET', url: '/api/stats', headers });
      expect(stats.headers['cache-control']).toBe('public, max-age=30');
    }

    // A sign-in answer carries a token though the request carried none.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: member.user.email, password: 'wrong-password-1' },
    });
    expect(login.headers['cache-control']).toBe('no-store');
  });
});
