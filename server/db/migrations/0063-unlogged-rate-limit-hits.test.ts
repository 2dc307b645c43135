import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase, migrateTo, untypedDb } from '../../../tests/support/migration-steps';
import { databaseTargets } from '../../../tests/support/test-database';
import { migrateToLatest, type DatabaseHandle } from '../database';

describe.each(databaseTargets)('migration 0063-unlogged-rate-limit-hits on $name', (target) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => handle?.close());

  /** PostgreSQL's persistence of the table: 'u' unlogged, 'p' logged. */
  async function persistence(h: DatabaseHandle): Promise<string> {
    const { rows } = await sql<{ relpersistence: string }>`select c.relpersistence from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where c.relname = 'rate_limit_hits' and n.nspname = current_schema()`.execute(untypedDb(h));
    return rows[0]!.relpersistence;
  }

  it('makes the rate limit counters unlogged on PostgreSQL (no WAL flush per hit), and goes back', async () => {
    handle = await emptyDatabase(target);
    await migrateTo(handle, '0062-user-locale');
    const db = untypedDb(handle);
    await sql`insert into rate_limit_hits (key, count, reset_at)
      values ('route:GET /x:127.0.0.1', 3, '2099-01-01T00:00:00.000Z')`.execute(db);
    await migrateToLatest(handle);
    if (handle.dialect === 'postgres') expect(await persistence(handle)).toBe('u');
    // The counters are kept, and counting goes on.
    const hits = await sql<{ count: number }>`select count from rate_limit_hits`.execute(db);
    expect(hits.rows.map((r) => Number(r.count))).toEqual([3]);
    await migrateTo(handle, '0062-user-locale');
    if (handle.dialect === 'postgres') expect(await persistence(handle)).toBe('p');
    const kept = await sql<{ count: number }>`select count from rate_limit_hits`.execute(db);
    expect(kept.rows.map((r) => Number(r.count))).toEqual([3]);
  });
});
