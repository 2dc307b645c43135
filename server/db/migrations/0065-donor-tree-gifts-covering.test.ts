import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase, migrateTo, untypedDb } from '../../../tests/support/migration-steps';
import { databaseTargets } from '../../../tests/support/test-database';
import { migrateToLatest, type DatabaseHandle } from '../database';

describe.each(databaseTargets)('migration 0065-donor-tree-gifts-covering on $name', (target) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => handle?.close());

  /** The index's columns in order, and its predicate still there. */
  async function index(h: DatabaseHandle): Promise<{ columns: string; partial: boolean }> {
    const db = untypedDb(h);
    const name = 'donations_donor_tree_gifts_idx';
    if (h.dialect === 'sqlite') {
      const { rows } = await sql<{ name: string }>`select name from pragma_index_info(${name})
        order by seqno`.execute(db);
      const { rows: made } = await sql<{ sql: string }>`select sql from sqlite_master
        where name = ${name}`.execute(db);
      return {
        columns: rows.map((r) => r.name).join(','),
        partial: /where kind = 'trees' and status = 'paid'/i.test(made[0]!.sql),
      };
    }
    const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes
      where indexname = ${name} and schemaname = current_schema()`.execute(db);
    const def = rows[0]!.indexdef;
    return {
      columns: (/USING btree \(([^)]*)\)/.exec(def)?.[1] ?? '').replace(/ /g, ''),
      partial: /WHERE .*kind.*'trees'.*status.*'paid'/.test(def),
    };
  }

  it('carries the forest’s columns of a paid tree gift, keeps its predicate, and goes back', async () => {
    handle = await emptyDatabase(target);
    await migrateTo(handle, '0064-owner-keyset-indexes');
    const narrow = { columns: 'donor_id,paid_at,id', partial: true };
    expect(await index(handle)).toEqual(narrow);
    await migrateToLatest(handle);
    expect(await index(handle)).toEqual({
      columns: 'donor_id,paid_at,id,drive_id,trees,claimed_trees,planted_trees,created_at',
      partial: true,
    });
    await migrateTo(handle, '0064-owner-keyset-indexes');
    expect(await index(handle)).toEqual(narrow);
  });
});
