import { describe, expect, it, vi } from 'vitest';
import { buildDrive, buildTree, insertUser } from '../../tests/support/factories';
import { signedInUser } from '../../tests/support/signed-in';
import { databaseTargets } from '../../tests/support/test-database';
import { useTestApp } from '../../tests/support/use-test-app';
import type { ReadSet } from '../db/table-writes';
import type * as CacheModule from './cache';
import type { ReadCache, ReadCacheOptions } from './cache';

/**
 * Each cache declares the tables its load reads (`readCache({ tables })`); nothing derives them at
 * run time. Here every cache the app creates is watched: its loads run inside
 * `tableWrites.recordReads`, which notes the tables each statement really reads (from Kysely's
 * operation trees), and each cache's declaration must equal what its load read. A missing table
 * would leave stale answers after a write; an extra one would empty the cache for nothing.
 */

interface WatchedCache {
  /** The file that created the cache (`server/modules/…`). */
  site: string;
  tables: ReadCacheOptions<unknown>['tables'];
  /** What each load read, in order. */
  loads: ReadSet[];
}

const watched = vi.hoisted(() => [] as WatchedCache[]);

vi.mock('./cache', async (importOriginal) => {
  const actual = await importOriginal<typeof CacheModule>();
  const { tableWrites } = await import('../db/table-writes');
  /** The first file on the stack outside the cache helper and this test. */
  const creationSite = () =>
    (new Error().stack ?? '')
      .split('\n')
      .map((line) => /(server\/[\w./-]+\.ts)/.exec(line)?.[1])
      .find((file) => file !== undefined && !file.startsWith('server/lib/cache')) ?? 'unknown';
  return {
    ...actual,
    readCache<V>(options: ReadCacheOptions<V>): ReadCache<V> {
      const record: WatchedCache = { site: creationSite(), tables: options.tables, loads: [] };
      watched.push(record);
      const cache = actual.readCache(options);
      return {
        get: (key, load) =>
          cache.get(key, async () => {
            const { value, reads } = await tableWrites.recordReads(load);
            record.loads.push(reads);
            return value;
          }),
        get size() {
          return cache.size;
        },
      };
    },
  };
});

const NOW = '2026-06-01T10:00:00.000Z';
const SESSIONS = 'server/modules/auth/session-lookup.ts';
const API_TOKENS = 'server/modules/api-tokens/api-tokens.service.ts';
const LIST_PAGES = 'server/modules/drives/drive-list-page.ts';
const CARE_TOTALS = 'server/modules/trees/tree-care.service.ts';
const DRIVES_MAP = 'server/modules/drives/drives.service.ts';

describe.each(databaseTargets)('cache table declarations on $name', (target) => {
  const api = useTestApp(target, NOW);
  const setup = async () => {
    watched.length = 0;
    return api.setup();
  };
  const cacheFrom = (site: string) => {
    const found = watched.filter((c) => c.site === site);
    expect(found, `caches created in ${site}`).toHaveLength(1);
    return found[0]!;
  };
  /** The cache's last load read exactly the tables it declares. */
  const expectDeclaredTablesRead = (site: string) => {
    const cache = cacheFrom(site);
    const reads = cache.loads.at(-1);
    expect(reads, `a load of the cache in ${site}`).toBeDefined();
    expect(reads!.unknown, 'every statement of the load names its tables').toBe(false);
    expect([...reads!.tables].sort()).toEqual([...(cache.tables as string[])].sort());
  };

  it('knows every cache the app creates: each is TTL-only or checked below', async () => {
    await setup();
    const declared = watched.filter((c) => c.tables !== 'ttl').map((c) => c.site);
    expect(declared.sort()).toEqual(
      [API_TOKENS, SESSIONS, LIST_PAGES, CARE_TOTALS, DRIVES_MAP].sort(),
    );
  });

  // With PostgreSQL (several app servers) sessions and API tokens are looked up afresh each time.
  it.skipIf(target.name === 'postgres')('sessions: the signed-in lookup', async () => {
    const db = await setup();
    const me = await signedInUser(api.app, db);
    const res = await api.app.inject({ url: '/api/users/currentuser', headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(cacheFrom(SESSIONS).loads).toHaveLength(1);
    expectDeclaredTablesRead(SESSIONS);
  });

  it.skipIf(target.name === 'postgres')('API tokens: the owner of a token', async () => {
    const db = await setup();
    const me = await signedInUser(api.app, db);
    const created = await api.app.inject({
      method: 'POST',
      url: '/api/api-tokens',
      headers: me.headers,
      payload: { name: 'Reports' },
    });
    expect(created.statusCode).toBe(201);
    const secret = (created.json() as { data: { secret: string } }).data.secret;
    const res = await api.app.inject({
      url: '/api/users/currentuser',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(res.statusCode).toBe(200);
    expect(cacheFrom(API_TOKENS).loads).toHaveLength(1);
    expectDeclaredTablesRead(API_TOKENS);
  });

  it('the Plantations list: a shared page with participants and land donors', async () => {
    const db = await setup();
    const organiser = await insertUser(db, { profile_type: 'corporate' });
    const donor = await insertUser(db);
    const member = await signedInUser(api.app, db);
    const drives = [0, 1, 2].map((i) =>
      buildDrive(organiser.id, {
        starts_at: `2026-07-0${i + 1}T09:00:00.000Z`,
        land_donors: JSON.stringify([donor.id]),
      }),
    );
    await db.insertInto('drives').values(drives).execute();
    await db
      .insertInto('drive_participants')
      .values({ drive_id: drives[0]!.id, user_id: member.user.id, joined_at: NOW })
      .execute();
    // A full first page, so the total is counted too.
    const res = await api.app.inject({
      url: '/api/trees/geteventdetail?limit=2',
      headers: member.headers,
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { total: number }).total).toBe(3);
    expect(cacheFrom(LIST_PAGES).loads).toHaveLength(1);
    expectDeclaredTablesRead(LIST_PAGES);
  });

  it('care totals: a member’s counts of due care, again after a task is done', async () => {
    const db = await setup();
    const me = await signedInUser(api.app, db);
    const tree = buildTree(me.user.id, { planted_at: '2026-01-05T00:00:00.000Z' });
    await api.app.inject({ url: '/api/trees/care-due', headers: me.headers });
    await db.insertInto('trees').values(tree).execute();
    // Trees written past the repository: the care rows made again.
    const { careDueQueries } = await import('../modules/trees/tree-care-due.repository');
    await careDueQueries(db).rebuildCareDue();
    const totals = async () =>
      (
        (await api.app.inject({ url: '/api/trees/care-due', headers: me.headers })).json() as {
          total: number;
        }
      ).total;
    const before = await totals();
    expect(before).toBeGreaterThan(0);
    expect(await totals()).toBe(before);
    const loads = cacheFrom(CARE_TOTALS).loads.length;
    const done = await api.app.inject({
      method: 'POST',
      url: `/api/trees/${tree.id}/care`,
      headers: me.headers,
      payload: { action: 'watered' },
    });
    expect(done.statusCode).toBe(201);
    expect(await totals()).toBe(before - 1);
    expect(cacheFrom(CARE_TOTALS).loads).toHaveLength(loads + 1);
    expectDeclaredTablesRead(CARE_TOTALS);
  });

  it('the drives map: one answer per filter, again after a drive is written', async () => {
    const db = await setup();
    const organiser = await insertUser(db, { profile_type: 'corporate' });
    const me = await signedInUser(api.app, db);
    await db
      .insertInto('drives')
      .values(buildDrive(organiser.id, { starts_at: '2026-07-01T09:00:00.000Z' }))
      .execute();
    const points = async () =>
      (
        (
          await api.app.inject({ url: '/api/drives/map?when=upcoming', headers: me.headers })
        ).json() as {
          data: unknown[];
        }
      ).data.length;
    expect(await points()).toBe(1);
    expect(await points()).toBe(1);
    expect(cacheFrom(DRIVES_MAP).loads).toHaveLength(1);
    await db
      .insertInto('drives')
      .values(buildDrive(organiser.id, { starts_at: '2026-07-02T09:00:00.000Z' }))
      .execute();
    expect(await points()).toBe(2);
    expect(cacheFrom(DRIVES_MAP).loads).toHaveLength(2);
    expectDeclaredTablesRead(DRIVES_MAP);
  });
});
