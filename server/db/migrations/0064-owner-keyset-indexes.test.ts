import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase, migrateTo, untypedDb } from '../../../tests/support/migration-steps';
import { databaseTargets } from '../../../tests/support/test-database';
import { migrateToLatest, type DatabaseHandle } from '../database';

describe.each(databaseTargets)('migration 0064-owner-keyset-indexes on $name', (target) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => handle?.close());

  /** The two indexes' columns, in order. */
  async function columns(h: DatabaseHandle): Promise<string[]> {
    const db = untypedDb(h);
    const out: string[] = [];
    for (const name of ['donations_donor_created_idx', 'trees_owner_idx']) {
      if (h.dialect === 'sqlite') {
        const { rows } = await sql<{ name: string }>`select name from pragma_index_info(${name})
          order by seqno`.execute(db);
        out.push(rows.map((r) => r.name).join(','));
      } else {
        const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes
          where indexname = ${name} and schemaname = current_schema()`.execute(db);
        out.push((/\((.*)\)$/.exec(rows[0]!.indexdef)?.[1] ?? '').replace(/ /g, ''));
      }
    }
    return out;
  }

  it('ends the member list indexes with id, and goes back', async () => {
    handle = await emptyDatabase(target);
    await migrateTo(handle, '0062-user-locale');
    expect(await columns(handle)).toEqual(['donor_id,created_at', 'owner_id,created_at']);
    await migrateToLatest(handle);
    expect(await columns(handle)).toEqual(['donor_id,created_at,id', 'owner_id,created_at,id']);
    await migrateTo(handle, '0062-user-locale');
    expect(await columns(handle)).toEqual(['donor_id,created_at', 'owner_id,created_at']);
  });
});
