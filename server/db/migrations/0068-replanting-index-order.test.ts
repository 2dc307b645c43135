import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase, migrateTo, untypedDb } from '../../../tests/support/migration-steps';
import { databaseTargets } from '../../../tests/support/test-database';
import { migrateToLatest, type DatabaseHandle } from '../database';

const postgres = databaseTargets.find((t) => t.name === 'postgres');

describe.skipIf(!postgres)('migration 0068-replanting-index-order on PostgreSQL', () => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => handle?.close());

  const definition = async (h: DatabaseHandle) => {
    const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes
      where indexname = 'trees_owner_dead_idx' and schemaname = current_schema()`.execute(
      untypedDb(h),
    );
    return (/USING btree \((.*)\) WHERE/.exec(rows[0]!.indexdef)?.[1] ?? '').replace(/ +/g, ' ');
  };

  it('orders a member’s dead trees as the replanting list does, and goes back', async () => {
    handle = await emptyDatabase(postgres!);
    await migrateTo(handle, '0067-tree-replanting-counts');
    expect(await definition(handle)).toBe('owner_id, status_changed_at, id');
    await migrateToLatest(handle);
    expect(await definition(handle)).toBe('owner_id, status_changed_at DESC NULLS LAST, id DESC');
    await migrateTo(handle, '0067-tree-replanting-counts');
    expect(await definition(handle)).toBe('owner_id, status_changed_at, id');
  });
});
