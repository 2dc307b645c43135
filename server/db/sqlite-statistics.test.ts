import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase, untypedDb } from '../../tests/support/migration-steps';
import { databaseTargets } from '../../tests/support/test-database';
import { migrateToLatest, type DatabaseHandle } from './database';

const sqlite = databaseTargets.filter((t) => t.name === 'sqlite');

/**
 * Issue 20: an index remade by a migration on an analysed SQLite database gets its statistics
 * back when the server migrates, so the planner does not take the bare index as the most
 * selective (docs/decisions/sqlite-index-statistics.md).
 */
describe.each(sqlite)('index statistics after migrating on $name', (target) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => handle?.close());

  const statOf = async (h: DatabaseHandle, idx: string) =>
    (
      await sql<{ stat: string }>`select stat from sqlite_stat1 where idx = ${idx}`.execute(
        untypedDb(h),
      )
    ).rows[0]?.stat;

  it('analyses an index a migration remade after ANALYZE, and leaves an unanalysed database', async () => {
    handle = await emptyDatabase(target);
    await migrateToLatest(handle);
    const db = untypedDb(handle);
    await sql`create table stat_probe (owner text not null, at text not null, id text not null)`.execute(
      db,
    );
    await sql`create index stat_probe_owner_at on stat_probe (owner, at)`.execute(db);
    await sql`create index stat_probe_owner_id on stat_probe (owner, id)`.execute(db);
    for (let i = 0; i < 60; i++)
      await sql`insert into stat_probe values (${`o${i % 3}`}, ${`t${i}`}, ${`i${i}`})`.execute(db);
    // Never analysed: nothing to do, no statistics made.
    await migrateToLatest(handle);
    const tables = await sql<{ name: string }>`select name from sqlite_master
      where name = 'sqlite_stat1'`.execute(db);
    expect(tables.rows).toEqual([]);

    await sql`analyze`.execute(db);
    expect(await statOf(handle, 'stat_probe_owner_id')).toBe('60 20 1');
    // A migration remakes one index: it is bare until the next migrate.
    await sql`drop index stat_probe_owner_id`.execute(db);
    await sql`create index stat_probe_owner_id on stat_probe (owner, id)`.execute(db);
    expect(await statOf(handle, 'stat_probe_owner_id')).toBeUndefined();
    await migrateToLatest(handle);
    expect(await statOf(handle, 'stat_probe_owner_id')).toBe('60 20 1');
    expect(await statOf(handle, 'stat_probe_owner_at')).toBe('60 20 1');
  });
});
