import { afterEach, describe, expect, it } from 'vitest';
import { buildTree, buildUser } from '../../../tests/support/factories';
import { emptyDatabase, migrateTo, untypedDb } from '../../../tests/support/migration-steps';
import { databaseTargets } from '../../../tests/support/test-database';
import { migrateToLatest, type DatabaseHandle } from '../database';

describe.each(databaseTargets)('migration 0067-tree-replanting-counts on $name', (target) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => handle?.close());

  it('fills each member’s open replanting tasks from the rows, and goes back', async () => {
    handle = await emptyDatabase(target);
    await migrateTo(handle, '0065-donor-tree-gifts-covering');
    const db = untypedDb(handle);
    const [a, b] = [buildUser(), buildUser()];
    await db.insertInto('users').values([a, b]).execute();
    const dead = [1, 2, 3].map(() => ({ ...buildTree(a.id), status: 'dead' }));
    await db
      .insertInto('trees')
      .values([
        ...dead,
        { ...buildTree(a.id), replaces_tree_id: dead[0]!.id },
        { ...buildTree(b.id), status: 'alive' },
      ])
      .execute();

    await migrateToLatest(handle);
    const kept = await handle.db.selectFrom('tree_replanting_counts').selectAll().execute();
    expect(kept.map((r) => [r.owner_id, Number(r.open)])).toEqual([[a.id, 2]]);

    await migrateTo(handle, '0065-donor-tree-gifts-covering');
    await expect(db.selectFrom('tree_replanting_counts').selectAll().execute()).rejects.toThrow();
    // With the triggers gone, trees take writes again.
    await db.updateTable('trees').set({ status: 'alive' }).where('owner_id', '=', a.id).execute();
    await migrateToLatest(handle);
    expect(await handle.db.selectFrom('tree_replanting_counts').selectAll().execute()).toEqual([]);
  });
});
