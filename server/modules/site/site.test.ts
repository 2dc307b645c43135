import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../tests/support/signed-in';
import { buildTestApp, type TestApp } from '../../../tests/support/test-app';
import { databaseTargets } from '../../../tests/support/test-database';
import { PUBLIC_PAGES, sitemapStream, SITEMAP_MAX_URLS } from './site.routes';

const APP_URL = 'https://canopy.example.org';

describe.each(databaseTargets)('robots.txt and sitemap.xml ($name)', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(target, { config: { appUrl: APP_URL } });
  });
  afterAll(() => t.close());

  async function forest(handle: string, isPublic: boolean) {
    const member = await signedInUser(t.app, t.database.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/forest/visibility',
      headers: member.headers,
      payload: { public: true, handle },
    });
    expect(res.statusCode, res.body).toBe(200);
    if (!isPublic) {
      const hidden = await t.app.inject({
        method: 'PUT',
        url: '/api/forest/visibility',
        headers: member.headers,
        payload: { public: false },
      });
      expect(hidden.statusCode, hidden.body).toBe(200);
    }
    return member;
  }

  it('robots.txt allows public pages, keeps crawlers out of /app and /api, names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /app',
        'Disallow: /api',
        `Sitemap: ${APP_URL}/sitemap.xml`,
      ]),
    );
  });

  it('sitemap.xml lists the public pages and public forests only, with absolute addresses', async () => {
    await forest('zz-oaks', true);
    await forest('aa-birches', true);
    await forest('mm-hidden', false);
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
    expect(res.body.trimEnd().endsWith('</urlset>')).toBe(true);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      ...PUBLIC_PAGES.map((page) => `${APP_URL}${page}`),
      `${APP_URL}/forest/aa-birches`,
      `${APP_URL}/forest/zz-oaks`,
    ]);
    expect(res.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it('leaves out the forest of a deleted member', async () => {
    const member = await forest('gone-forest', true);
    await t.database.db
      .updateTable('users')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', member.user.id)
      .execute();
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.body).not.toContain('gone-forest');
    expect(res.body).toContain('/forest/zz-oaks');
  });
});

describe('/favicon.ico', () => {
  const icon = fs.readFileSync(
    path.resolve(import.meta.dirname, '../../../web/public/favicon.ico'),
  );

  it('is an ICO of the app icon at 16, 32 and 48 pixels (scripts/make-app-icons.ts)', async () => {
    expect(icon.readUInt16LE(0)).toBe(0);
    expect(icon.readUInt16LE(2)).toBe(1);
    const count = icon.readUInt16LE(4);
    const sizes: number[] = [];
    for (let i = 0; i < count; i++) {
      const entry = 6 + 16 * i;
      const png = icon.subarray(
        icon.readUInt32LE(entry + 12),
        icon.readUInt32LE(entry + 12) + icon.readUInt32LE(entry + 8),
      );
      const meta = await sharp(png).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBe(icon.readUInt8(entry));
      sizes.push(meta.width);
    }
    expect(sizes).toEqual([16, 32, 48]);
  });

  it('is served by the server from the build, not answered with the app page', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'favicon.ico'), icon);
    const t = await buildTestApp({ name: 'sqlite' }, { config: { webDistDir: dist } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/icon/);
      expect(res.rawPayload.equals(icon)).toBe(true);
      // robots.txt and the sitemap are the server's, never the app page either.
      const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.body).toContain('Disallow: /app');
    } finally {
      await t.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('sitemapStream', () => {
  const forests = Array.from({ length: 25 }, (_, i) => ({
    handle: `f${String(i).padStart(2, '0')}`,
    path: `/forest/f${String(i).padStart(2, '0')}`,
    updatedAt: '2026-05-01T00:00:00.000Z',
    listed: i !== 3,
  }));
  const text = async (stream: Awaited<ReturnType<typeof sitemapStream>>) =>
    Buffer.concat(await stream.toArray()).toString('utf8');

  it('reads keyset batches after the last handle and stops at the address cap', async () => {
    const reads: Array<[string | null, number]> = [];
    const read = async (after: string | null, limit: number) => {
      reads.push([after, limit]);
      return forests.filter((f) => after === null || f.handle > after).slice(0, limit);
    };
    const xml = await text(
      await sitemapStream('https://x.test', read, { batch: 5, max: PUBLIC_PAGES.length + 12 }),
    );
    expect(reads).toEqual([
      [null, 5],
      ['f04', 5],
      ['f09', 2],
    ]);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    // 12 forests read (f03 is a gone member's, left out), the cap counting the public pages.
    expect(locs).toHaveLength(PUBLIC_PAGES.length + 11);
    expect(locs).not.toContain('https://x.test/forest/f03');
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
    expect(SITEMAP_MAX_URLS).toBe(50_000);
  });
});
