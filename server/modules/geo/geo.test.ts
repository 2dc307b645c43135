import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatLatLng, GEO_MESSAGES } from '../../../contract/geo';
import { startGeocoderStub, type GeocoderStub } from '../../../tests/support/geocoder-stub';
import { freePort } from '../../../tests/support/free-port';
import { signedInUser } from '../../../tests/support/signed-in';
import { movableClock } from '../../../tests/support/test-app';
import { createTestDatabase, databaseTargets } from '../../../tests/support/test-database';
import { buildApp } from '../../app';
import { buildConfig } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { virtualPace } from './geo-test-kit';
import type { GeoTuning } from './geo.service';

const APP_URL = 'https://canopy.test';

describe('formatLatLng', () => {
  it('gives the spec’s fallback location text with 6 decimals', () => {
    expect(formatLatLng(51.505, -0.09)).toBe('Latitude: 51.505000, Longitude: -0.090000');
    expect(formatLatLng(28.59331234, 77.2196789)).toBe('Latitude: 28.593312, Longitude: 77.219679');
  });
});

describe.each(databaseTargets)('geo API on $name', (target) => {
  let stub: GeocoderStub;
  let database: DatabaseHandle | undefined;
  const closers: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    stub = await startGeocoderStub();
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await database?.close();
    database = undefined;
    await stub.close();
    vi.restoreAllMocks();
  });

  /** An app on the suite's database (shared when called twice: two servers, one database). */
  async function start(options: { geo?: GeoTuning; clock?: Clock; geocoderUrl?: string } = {}) {
    database ??= await createTestDatabase(target);
    const app = await buildApp({
      config: buildConfig({
        webDistDir: '/nonexistent-canopy-web',
        sessionSecret: 'test-secret-'.padEnd(40, 'x'),
        appUrl: APP_URL,
        geocoderUrl: options.geocoderUrl ?? stub.url,
      }),
      database,
      // Most tests need no pacing; the spacing tests use the real interval, on a virtual clock.
      geo: options.geo ?? { intervalMs: 0 },
      ...(options.clock ? { clock: options.clock } : {}),
    });
    await app.ready();
    closers.push(() => app.close());
    const db = database.db;
    let { headers } = await signedInUser(app, db);
    const get = (url: string, withSession = true, ip = '10.1.1.1') =>
      app.inject({ method: 'GET', url, headers: withSession ? headers : {}, remoteAddress: ip });
    // Sessions expire too, so a test that moves the clock by weeks signs in again.
    const signInAgain = async () => {
      ({ headers } = await signedInUser(app, db));
    };
    return { app, get, signInAgain };
  }
  const search = (q: string) => `/api/geo/search?q=${encodeURIComponent(q)}`;
  const searches = () => stub.requests.filter((r) => r.path === '/search');

  it('refuses both endpoints without a session and asks nothing upstream', async () => {
    const { get } = await start();
    for (const url of [search('Hyde Park'), '/api/geo/reverse?lat=51.5&lon=-0.16']) {
      const res = await get(url, false);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    }
    expect(stub.requests).toHaveLength(0);
  });

  it.each([
    ['/api/geo/search', GEO_MESSAGES.emptyQuery],
    ['/api/geo/search?q=', GEO_MESSAGES.emptyQuery],
    ['/api/geo/search?q=%20%20%20', GEO_MESSAGES.emptyQuery],
    [search('x'.repeat(201)), GEO_MESSAGES.queryTooLong],
    ['/api/geo/reverse?lat=91&lon=0', GEO_MESSAGES.latRange],
    ['/api/geo/reverse?lat=-90.5&lon=0', GEO_MESSAGES.latRange],
    ['/api/geo/reverse?lat=0&lon=-181', GEO_MESSAGES.lonRange],
    ['/api/geo/reverse?lat=0&lon=180.01', GEO_MESSAGES.lonRange],
    ['/api/geo/reverse?lat=abc&lon=0', GEO_MESSAGES.latRange],
    ['/api/geo/reverse?lat=&lon=0', GEO_MESSAGES.latRange],
    ['/api/geo/reverse?lon=0', GEO_MESSAGES.latRange],
    ['/api/geo/reverse?lat=0&lon=Infinity', GEO_MESSAGES.lonRange],
  ])('answers %s with a clear 400', async (url, message) => {
    const { get } = await start();
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'VALIDATION_FAILED', message });
    expect(stub.requests).toHaveLength(0);
  });

  it('searches through the geocoder with format json, limit 1 and our User-Agent', async () => {
    const { get } = await start();
    const res = await get(search('  Lodhi   Garden '));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { lat: 28.5933, lon: 77.2197, displayName: 'Lodhi Garden, New Delhi, India' },
    });
    expect(stub.requests).toEqual([
      {
        path: '/search',
        query: { q: 'Lodhi Garden', format: 'json', limit: '1' },
        userAgent: `Canopy/1.0 (+${APP_URL})`,
        accept: 'application/json',
        at: expect.any(Number),
      },
    ]);
  });

  it('accepts a 200-character query and answers null when nothing matches', async () => {
    const { get } = await start();
    const res = await get(search('x'.repeat(200)));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: null });
  });

  it('reverse-geocodes a point with zoom 18, rounded to 5 decimals', async () => {
    const { get } = await start();
    const res = await get('/api/geo/reverse?lat=51.507312345&lon=-0.16571');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { displayName: 'Hyde Park, London, United Kingdom' },
    });
    expect(stub.requests).toEqual([
      {
        path: '/reverse',
        query: { lat: '51.50731', lon: '-0.16571', format: 'json', zoom: '18' },
        userAgent: `Canopy/1.0 (+${APP_URL})`,
        accept: 'application/json',
        at: expect.any(Number),
      },
    ]);
  });

  it('answers displayName null where the geocoder knows no name (and accepts the edges)', async () => {
    const { get } = await start();
    for (const url of ['/api/geo/reverse?lat=0&lon=-30', '/api/geo/reverse?lat=-90&lon=180']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: { displayName: null } });
    }
  });

  it('answers repeated questions from the cache, "nothing found" included', async () => {
    const { get } = await start();
    const first = await get(search('Hyde Park'));
    const again = await get(search('  hyde   PARK'));
    expect(again.json()).toEqual(first.json());
    expect((await get(search('Atlantis'))).json()).toEqual({ success: true, data: null });
    expect((await get(search('atlantis'))).json()).toEqual({ success: true, data: null });
    await get('/api/geo/reverse?lat=28.5933&lon=77.2197');
    const point = await get('/api/geo/reverse?lat=28.593300001&lon=77.2197');
    expect(point.json().data.displayName).toBe('Lodhi Garden, New Delhi, India');
    await get('/api/geo/reverse?lat=0&lon=-30');
    await get('/api/geo/reverse?lat=0.000001&lon=-30');
    expect(stub.requests.map((r) => r.path)).toEqual([
      '/search',
      '/search',
      '/reverse',
      '/reverse',
    ]);
    const rows = await database!.db.selectFrom('geocode_cache').select('key').execute();
    expect(rows.map((r) => r.key).sort()).toEqual([
      'reverse:0.00000,-30.00000',
      'reverse:28.59330,77.21970',
      'search:atlantis',
      'search:hyde park',
    ]);
  });

  it('asks again once a cached answer is 30 days old', async () => {
    const clock = movableClock('2026-03-01T10:00:00.000Z');
    const { get, signInAgain } = await start({ clock });
    await get(search('Central Park'));
    clock.advance(29 * 24 * 3600 * 1000);
    await signInAgain();
    expect((await get(search('Central Park'))).statusCode).toBe(200);
    expect(searches()).toHaveLength(1);
    clock.advance(2 * 24 * 3600 * 1000);
    await signInAgain();
    const res = await get(search('Central Park'));
    expect(res.json().data.displayName).toBe('Central Park, New York, United States');
    expect(searches()).toHaveLength(2);
    const rows = await database!.db.selectFrom('geocode_cache').selectAll().execute();
    expect(rows).toEqual([
      {
        key: 'search:central park',
        response: expect.any(String),
        created_at: '2026-04-01T10:00:00.000Z',
      },
    ]);
  });

  it('shares one upstream request between identical questions asked at once', async () => {
    const { get } = await start();
    const answers = await Promise.all([1, 2, 3].map(() => get(search('Hyde Park'))));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(searches()).toHaveLength(1);
  });

  it.each(['error', 'garbage', 'hang'] as const)(
    'turns an upstream %s into a clear 503, caches nothing, and recovers',
    async (mode) => {
      const { get } = await start({ geo: { intervalMs: 0, timeoutMs: 300 } });
      stub.failWith(mode);
      for (const url of [search('Hyde Park'), '/api/geo/reverse?lat=51.5073&lon=-0.1657']) {
        const res = await get(url);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          success: false,
          code: 'SERVICE_UNAVAILABLE',
          message: GEO_MESSAGES.unavailable,
        });
        expect(res.body).not.toContain('db01');
      }
      expect(await database!.db.selectFrom('geocode_cache').selectAll().execute()).toEqual([]);
      stub.failWith(null);
      expect((await get(search('Hyde Park'))).json().data.displayName).toBe(
        'Hyde Park, London, United Kingdom',
      );
      expect(searches()).toHaveLength(2);
    },
  );

  it('answers 503 when the geocoder cannot be reached at all', async () => {
    const { get } = await start({ geocoderUrl: `http://127.0.0.1:${await freePort()}` });
    const res = await get(search('Hyde Park'));
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(GEO_MESSAGES.unavailable);
    // The web shows the message inside its own sentence.
    expect(`Location search failed: ${res.json().message}. Please try again later.`).toBe(
      'Location search failed: the map service is not answering. Please try again later.',
    );
  });

  it('sends at most one upstream request per second: 3 questions at once arrive ≥ 1 s apart', async () => {
    const pace = virtualPace();
    const { get } = await start({ geo: pace.tuning('a'), clock: pace.clock });
    const began = pace.clock.now().getTime();
    const answers = await pace.answer(
      ['Lodhi Garden', 'Hyde Park', 'Central Park'].map((q) => ['a', () => get(search(q))]),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(pace.clock.now().getTime() - began).toBeGreaterThanOrEqual(2000);
    expect(searches()).toHaveLength(3);
    const times = pace.sent;
    expect(times).toHaveLength(3);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1000);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(1000);
  });

  it('keeps the one-per-second pace across two app servers sharing the database', async () => {
    const pace = virtualPace();
    const a = await start({ geo: pace.tuning('a'), clock: pace.clock });
    const b = await start({ geo: pace.tuning('b'), clock: pace.clock });
    const answers = await pace.answer([
      ['a', () => a.get(search('Lodhi Garden'))],
      ['b', () => b.get(search('Hyde Park'))],
      ['a', () => a.get('/api/geo/reverse?lat=0&lon=10')],
      ['b', () => b.get('/api/geo/reverse?lat=0&lon=20')],
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(stub.requests).toHaveLength(4);
    const times = [...pace.sent].sort((x, y) => x - y);
    expect(times).toHaveLength(4);
    for (let i = 1; i < times.length; i++)
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1000);
  });

  it('says the map service is busy when the wait would be too long; cached answers still come', async () => {
    const pace = virtualPace();
    const { get } = await start({
      geo: { ...pace.tuning('a'), intervalMs: 60_000, giveUpMs: 200 },
      clock: pace.clock,
    });
    expect((await get(search('Hyde Park'))).statusCode).toBe(200);
    const busy = await get(search('Lodhi Garden'));
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toEqual({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: GEO_MESSAGES.busy,
    });
    // At once: it never started waiting for the slot.
    expect(pace.waits).toEqual([]);
    expect((await get(search('hyde park'))).statusCode).toBe(200);
    expect(searches()).toHaveLength(1);
  });

  it('limits each visitor to 60 lookups a minute', async () => {
    const { get } = await start();
    for (let i = 0; i < 60; i++)
      expect((await get(search('Hyde Park'), true, '10.9.9.9')).statusCode).toBe(200);
    const limited = await get(search('Hyde Park'), true, '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect((await get(search('Hyde Park'), true, '10.9.9.10')).statusCode).toBe(200);
  });

  it('documents both endpoints under the geo tag', async () => {
    const { app } = await start();
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/geo/search'].get.tags).toEqual(['geo']);
    expect(doc.paths['/api/geo/reverse'].get.tags).toEqual(['geo']);
  });
});
