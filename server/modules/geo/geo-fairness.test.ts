import { afterEach, describe, expect, it, vi } from 'vitest';
import { startGeocoderStub, type GeocoderStub } from '../../../tests/support/geocoder-stub';
import { signedInUser } from '../../../tests/support/signed-in';
import { createTestDatabase, databaseTargets } from '../../../tests/support/test-database';
import { buildApp } from '../../app';
import { buildConfig } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import { virtualPace } from './geo-test-kit';

describe.each(databaseTargets)('geocoder fair share on $name', (target) => {
  let stub: GeocoderStub | undefined;
  let database: DatabaseHandle | undefined;
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    await database?.close();
    await stub?.close();
    [close, database, stub] = [undefined, undefined, undefined];
    vi.restoreAllMocks();
  });

  /**
   * One app server on a virtual clock, and signed-in members. The first wait for the slot is held
   * until `queued` requests are waiting, so the turns are decided with every question in line.
   */
  async function start(queued: number) {
    stub = await startGeocoderStub();
    database = await createTestDatabase(target);
    const pace = virtualPace();
    const tuning = pace.tuning('a');
    let held = true;
    const app = await buildApp({
      config: buildConfig({
        webDistDir: '/nonexistent-canopy-web',
        sessionSecret: 'test-secret-'.padEnd(40, 'x'),
        appUrl: 'https://canopy.test',
        geocoderUrl: stub.url,
      }),
      database,
      geo: {
        ...tuning,
        wait: async (ms) => {
          if (held)
            await vi.waitFor(
              () => expect(app.services.geo.waiting()).toBeGreaterThanOrEqual(queued),
              { timeout: 10_000, interval: 1 },
            );
          held = false;
          return tuning.wait!(ms);
        },
      },
      clock: pace.clock,
    });
    await app.ready();
    close = () => app.close();
    const asMember = async () => {
      const { headers } = await signedInUser(app, database!.db);
      return (url: string) => () => app.inject({ method: 'GET', url, headers });
    };
    return { pace, asMember };
  }
  /** The questions sent upstream, in the order the requests left (the stub may see them race). */
  const asked = () =>
    vi
      .mocked(globalThis.fetch)
      .mock.calls.map(([url]) => new URL(String(url)).searchParams.get('q'));
  const search = (q: string) => `/api/geo/search?q=${encodeURIComponent(q)}`;

  it("serves members in turn: one member's burst never delays another's first search", async () => {
    const { pace, asMember } = await start(6);
    const burster = await asMember();
    const other = await asMember();
    const burst = Array.from({ length: 6 }, (_, i) => `burst place ${i}`);
    // The burst's first request takes the free slot at once…
    await pace.answer([['a', burster(search(burst[0]!))]]);
    // …and while the rest of the burst waits, the other member asks.
    const answers = await pace.answer([
      ...burst
        .slice(1)
        .map((q) => ['a', burster(search(q))] as [string, () => Promise<{ statusCode: number }>]),
      ['a', other(search('Hyde Park'))],
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    const order = asked();
    // The other member's search is the very next to go upstream, not the 7th.
    expect(order[0]).toBe('burst place 0');
    expect(order[1]).toBe('Hyde Park');
    // The rest of the burst follows (in the order its requests reached the queue).
    expect(order.slice(2).sort()).toEqual(burst.slice(1));
    // And the pace still holds: at least a second between any two upstream requests.
    const times = pace.sent;
    for (let i = 1; i < times.length; i++)
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1000);
    expect(times[1]! - times[0]!).toBeLessThanOrEqual(1250);
  });

  it('alternates between members with bursts, and cached answers take no turn', async () => {
    const { pace, asMember } = await start(5);
    const a = await asMember();
    const b = await asMember();
    // Warm the cache with one answer.
    await pace.answer([['a', a(search('Central Park'))]]);
    vi.mocked(globalThis.fetch).mockClear();
    const answers = await pace.answer([
      ['a', a(search('alpha 1'))],
      ['a', b(search('beta 1'))],
      ['a', a(search('alpha 2'))],
      ['a', b(search('beta 2'))],
      ['a', a(search('alpha 3'))],
      ['a', b(search('central park'))],
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    // Member a was served last (the warm-up), so b goes first; then they alternate.
    // (Within one member, requests keep the order in which they reached the queue.)
    const order = asked();
    expect(order.map((q) => q!.split(' ')[0])).toEqual(['beta', 'alpha', 'beta', 'alpha', 'alpha']);
    expect([...order].sort()).toEqual(['alpha 1', 'alpha 2', 'alpha 3', 'beta 1', 'beta 2']);
  });
});
