import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { movableClock } from '../../../tests/support/test-app';
import { createTestDatabase, databaseTargets } from '../../../tests/support/test-database';
import { buildApp } from '../../app';
import { buildConfig } from '../../config';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { rateLimitsRepository } from './rate-limits.repository';
import { rateLimitsService } from './rate-limits.service';

const NOW = '2026-06-01T10:00:00.000Z';

describe.each(databaseTargets)('shared rate limits on $name', (target) => {
  const open: DatabaseHandle[] = [];
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    for (const handle of open.splice(0).reverse()) await handle.close();
  });

  /** The database, and a second connection pool on it as another app server would have. */
  async function twoServers(): Promise<[DatabaseHandle, DatabaseHandle]> {
    const first = await createTestDatabase(target);
    open.push(first);
    if (target.name === 'sqlite' || !target.url) return [first, first];
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
      first.db,
    );
    const second = openDatabase({ databaseUrl: target.url, pgSchema: rows[0]!.schema });
    open.unshift(second);
    return [first, second];
  }

  it('counts atomically across servers, and starts a new window when the old one ends', async () => {
    const [a, b] = await twoServers();
    const clock = movableClock(NOW);
    const limits = [a, b].map((h) =>
      rateLimitsService({ db: h.db, repo: rateLimitsRepository, clock }),
    );
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => limits[i % 2]!.hit('k', 60_000)),
    );
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(counts.every((c) => c.ttlMs === 60_000)).toBe(true);
    clock.advance(30_000);
    expect(await limits[1]!.hit('k', 60_000)).toEqual({ count: 41, ttlMs: 30_000 });
    clock.advance(30_000);
    expect(await limits[0]!.hit('k', 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
  });

  it.skipIf(target.name === 'sqlite')(
    'a route limit holds across two app servers on one PostgreSQL database',
    async () => {
      const [a, b] = await twoServers();
      const clock = movableClock(NOW);
      const app = async (database: DatabaseHandle) => {
        const built = await buildApp({
          config: buildConfig({
            webDistDir: '/nonexistent-canopy-web',
            sessionSecret: 'test-secret-'.padEnd(40, 'x'),
          }),
          database,
          clock,
        });
        await built.ready();
        closers.push(async () => {
          await built.services.auth.settled();
          await built.close();
        });
        return built;
      };
      const [one, two] = [await app(a), await app(b)];
      // Forgot-password allows 10 requests per address in 15 minutes.
      const ask = (server: typeof one, ip = '10.7.7.7') =>
        server.inject({
          method: 'POST',
          url: '/api/users/forgotpassword',
          payload: { email: 'someone@example.org' },
          remoteAddress: ip,
        });
      for (let i = 0; i < 10; i++) expect((await ask(i % 2 ? two : one)).statusCode).toBe(200);
      const refused = [await ask(one), await ask(two)];
      for (const res of refused) {
        expect(res.statusCode).toBe(429);
        expect(res.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Another address, and another route, have their own counters.
      expect((await ask(two, '10.7.7.8')).statusCode).toBe(200);
      const rows = await a.db.selectFrom('rate_limit_hits').select(['key', 'count']).execute();
      expect(rows).toContainEqual({
        key: 'route:POST /api/users/forgotpassword:10.7.7.7',
        count: 12,
      });
      // The window is on the app's clock: 15 minutes later both servers answer again.
      clock.advance(15 * 60_000 + 1000);
      expect((await ask(one)).statusCode).toBe(200);
      expect((await ask(two)).statusCode).toBe(200);
    },
  );
});
