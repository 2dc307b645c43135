import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDrive, buildTree, buildUser } from '../../tests/support/factories';
import { movableClock } from '../../tests/support/test-app';
import { createTestDatabase, databaseTargets } from '../../tests/support/test-database';
import type { DatabaseHandle } from '../db/database';
import { TableWrites } from '../db/table-writes';
import { readCache, sharedLoads, type TableName } from './cache';

const NOW = '2026-06-01T10:00:00.000Z';

/** A load that answers `values` in turn and counts its calls; `gate` holds it until released. */
function counted<V>(...values: V[]) {
  let calls = 0;
  let release: () => void = () => {};
  let gate: Promise<void> | undefined;
  return {
    get calls() {
      return calls;
    },
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
    load: async () => {
      const value = values[Math.min(calls, values.length - 1)]!;
      calls++;
      if (gate) await gate;
      return value;
    },
  };
}

describe('readCache', () => {
  const setup = (options: { ttlMs?: number; max?: number } = {}) => {
    const clock = movableClock(NOW);
    const tracker = new TableWrites();
    const tables: TableName[] = ['drives'];
    return { clock, tracker, tables, ttlMs: options.ttlMs ?? 1_000, max: options.max ?? 10 };
  };

  it('keeps a value for its TTL, then loads again', async () => {
    const { clock, tracker, tables, ttlMs, max } = setup();
    const cache = readCache<string>({ clock, tracker, tables, ttlMs, max });
    const source = counted('a', 'b');
    expect(await cache.get('k', source.load)).toBe('a');
    clock.advance(ttlMs - 1);
    expect(await cache.get('k', source.load)).toBe('a');
    clock.advance(1);
    expect(await cache.get('k', source.load)).toBe('b');
    expect(source.calls).toBe(2);
    // A clock moved back never meets an entry from its future.
    clock.set(NOW);
    expect(await cache.get('k', source.load)).toBe('b');
    expect(source.calls).toBe(3);
  });

  it('shares one load between concurrent first requests', async () => {
    const { clock, tracker, tables, ttlMs, max } = setup();
    const cache = readCache<string>({ clock, tracker, tables, ttlMs, max });
    const source = counted('a');
    source.hold();
    const answers = Promise.all([1, 2, 3].map(() => cache.get('k', source.load)));
    source.release();
    expect(await answers).toEqual(['a', 'a', 'a']);
    expect(source.calls).toBe(1);
  });

  it('keeps only successes, and only the values it is told to keep', async () => {
    const { clock, tracker, tables, ttlMs, max } = setup();
    const cache = readCache<string | null>({
      clock,
      tracker,
      tables,
      ttlMs,
      max,
      keep: (v) => v !== null,
    });
    let fail = true;
    const flaky = async () => {
      if (fail) throw new Error('database down');
      return 'up';
    };
    const both = [cache.get('k', flaky), cache.get('k', flaky)];
    await expect(both[0]).rejects.toThrow('database down');
    await expect(both[1]).rejects.toThrow('database down');
    fail = false;
    expect(await cache.get('k', flaky)).toBe('up');
    expect(cache.size).toBe(1);

    const refusal = counted<string | null>(null);
    expect(await cache.get('r', refusal.load)).toBeNull();
    expect(await cache.get('r', refusal.load)).toBeNull();
    expect(refusal.calls).toBe(2);
  });

  it('ends an entry early when its value says so', async () => {
    const { clock, tracker, tables, max } = setup();
    const cache = readCache<{ until: number }>({
      clock,
      tracker,
      tables,
      ttlMs: 10_000,
      max,
      expiresAt: (value) => value.until,
    });
    const source = counted({ until: Date.parse(NOW) + 100 });
    await cache.get('k', source.load);
    clock.advance(99);
    await cache.get('k', source.load);
    clock.advance(1);
    await cache.get('k', source.load);
    expect(source.calls).toBe(2);
  });

  it('is bounded, dropping the least recently used key', async () => {
    const { clock, tracker, tables, ttlMs } = setup();
    const cache = readCache<string>({ clock, tracker, tables, ttlMs, max: 2 });
    const source = counted('x');
    for (const key of ['a', 'b', 'a', 'c', 'a']) await cache.get(key, source.load);
    expect(cache.size).toBe(2);
    expect(source.calls).toBe(3);
    await cache.get('b', source.load);
    expect(source.calls).toBe(4);
  });

  it('is stale at once after a write to a declared table, or to any table, and only then', async () => {
    const { clock, tracker, ttlMs, max } = setup();
    const cache = readCache<string>({ clock, tracker, tables: ['drives', 'users'], ttlMs, max });
    const source = counted('a', 'b', 'c', 'd');
    expect(await cache.get('k', source.load)).toBe('a');
    tracker.record('trees');
    expect(await cache.get('k', source.load)).toBe('a');
    tracker.record('users');
    expect(await cache.get('k', source.load)).toBe('b');
    tracker.record('drives');
    expect(await cache.get('k', source.load)).toBe('c');
    // A write whose table could not be told (raw SQL) may have changed any table.
    tracker.record(undefined);
    expect(await cache.get('k', source.load)).toBe('d');
    expect(source.calls).toBe(4);
  });

  it("with tables: 'ttl', only the TTL ends an entry", async () => {
    const { clock, tracker, ttlMs, max } = setup();
    const cache = readCache<string>({ clock, tracker, ttlMs, max, tables: 'ttl' });
    const source = counted('a', 'b');
    await cache.get('k', source.load);
    tracker.record(undefined);
    expect(await cache.get('k', source.load)).toBe('a');
  });
});

describe.each(databaseTargets)('readCache and the writes to its tables, on $name', (target) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(target);
  });
  afterAll(() => database?.close());
  const clock = movableClock(NOW);
  const cacheOf = <V>(tables: TableName[]) =>
    readCache<V>({ clock, ttlMs: 60_000, max: 10, tables });

  it('is stale at once after a write to a table it declares, and only then', async () => {
    const { db } = database;
    const organiser = buildUser();
    await db.insertInto('users').values(organiser).execute();
    const cache = cacheOf<number>(['drives', 'users']);
    let loads = 0;
    const countDrives = async () => {
      loads++;
      const rows = await db
        .selectFrom('drives')
        .innerJoin('users as organiser', 'organiser.id', 'drives.organizer_id')
        .select('drives.id')
        .execute();
      return rows.length;
    };
    expect(await cache.get('drives', countDrives)).toBe(0);
    // Trees are not read by the load: writing them changes nothing.
    await db.insertInto('trees').values(buildTree(organiser.id)).execute();
    expect(await cache.get('drives', countDrives)).toBe(0);
    expect(loads).toBe(1);
    await db.insertInto('drives').values(buildDrive(organiser.id)).execute();
    expect(await cache.get('drives', countDrives)).toBe(1);
    // The joined table counts too, and a write through an alias is a write to its table.
    await db.updateTable('users as u').set({ name: 'Renamed' }).execute();
    expect(await cache.get('drives', countDrives)).toBe(1);
    expect(loads).toBe(3);
  });

  it('treats a raw write whose tables it cannot tell as a write to every table', async () => {
    const { db } = database;
    const cache = cacheOf<number>(['newsletter_subscribers']);
    let loads = 0;
    const load = async () => {
      loads++;
      return (await db.selectFrom('newsletter_subscribers').select('id').execute()).length;
    };
    await cache.get('n', load);
    await sql`select count(*) from drives`.execute(db);
    await cache.get('n', load);
    expect(loads).toBe(1);
    await sql`delete from drives where id = ${'none'}`.execute(db);
    await cache.get('n', load);
    expect(loads).toBe(2);
  });

  it('does not share a running load with a request that came after a write it may miss', async () => {
    const { db } = database;
    const cache = cacheOf<number>(['users']);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let readDone: () => void = () => {};
    const read = new Promise<void>((resolve) => (readDone = resolve));
    let loads = 0;
    const load = async () => {
      loads++;
      const rows = await db.selectFrom('users').select('id').execute();
      if (loads === 1) {
        readDone();
        await gate;
      }
      return rows.length;
    };
    const first = cache.get('users', load);
    await read;
    const before = (await db.selectFrom('users').select('id').execute()).length;
    await db.insertInto('users').values(buildUser()).execute();
    const second = cache.get('users', load);
    release();
    // The first request began before the write and may answer without it; the second may not.
    expect(await first).toBe(before);
    expect(await second).toBe(before + 1);
    expect(loads).toBe(2);
  });
});

describe('sharedLoads', () => {
  it('shares a running load for its key, keeps nothing after it, and starts again after a write', async () => {
    const tracker = new TableWrites();
    const loads = sharedLoads<number>({ tables: ['users'], tracker });
    let count = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      count += 1;
      const n = count;
      await gate;
      return n;
    };
    const first = loads.get('a', load);
    const second = loads.get('a', load);
    const other = loads.get('b', load);
    tracker.record('users');
    const afterWrite = loads.get('a', load);
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(await other).toBe(2);
    expect(await afterWrite).toBe(3);
    // Settled: nothing is kept, the next call loads again.
    expect(await loads.get('a', async () => 42)).toBe(42);
  });
});
