import { afterEach, describe, expect, it } from 'vitest';
import { buildTree, buildUser } from '../../../tests/support/factories';
import { emptyDatabase, migrateTo, untypedDb } from '../../../tests/support/migration-steps';
import { databaseTargets } from '../../../tests/support/test-database';
import type { DatabaseHandle } from '../database';

describe.each(databaseTargets)('migration 0016-tree-care-notices on $name', (target) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => handle?.close());

  it('keeps the care claims as the record of care notices and drops the claims', async () => {
    handle = await emptyDatabase(target);
    await migrateTo(handle, '0015-drive-updates');
    const db = untypedDb(handle);
    const owner = buildUser();
    await db.insertInto('users').values(owner).execute();
    // The 0015 shape: the factory's row without columns later migrations add.
    const { last_checked_at: _later, ...tree } = buildTree(owner.id) as ReturnType<
      typeof buildTree
    > & { last_checked_at?: unknown };
    await db.insertInto('trees').values(tree).execute();
    const at = '2026-05-30T00:17:00.000Z';
    await db
      .insertInto('tree_notice_claims')
      .values([
        { key: `care:${tree.id}:water:2026-05-27`, user_id: owner.id, created_at: at },
        { key: `care:${tree.id}:measure:2026-05-20`, user_id: owner.id, created_at: at },
        // A tree that is gone, a digest, a death and the daily run are not carried over.
        { key: 'care:gone-tree:water:2026-05-27', user_id: owner.id, created_at: at },
        { key: `digest:${owner.id}:2943`, user_id: owner.id, created_at: at },
        { key: 'death:some-drive:2026-05-30', user_id: null, created_at: at },
        { key: 'job:care:2026-05-30', user_id: null, created_at: at },
      ])
      .execute();

    await migrateTo(handle, '0016-tree-care-notices');
    const rows = await handle.db
      .selectFrom('tree_care_notices')
      .selectAll()
      .orderBy('task')
      .execute();
    expect(rows).toEqual([
      {
        tree_id: tree.id,
        task: 'measure',
        due_on: '2026-05-20',
        owner_id: owner.id,
        created_at: at,
      },
      { tree_id: tree.id, task: 'water', due_on: '2026-05-27', owner_id: owner.id, created_at: at },
    ]);
    await expect(db.selectFrom('tree_notice_claims').selectAll().execute()).rejects.toThrow();

    // Down again: the care records become claims.
    await migrateTo(handle, '0015-drive-updates');
    const claims = await db.selectFrom('tree_notice_claims').select('key').orderBy('key').execute();
    expect(claims.map((c) => c.key)).toEqual([
      `care:${tree.id}:measure:2026-05-20`,
      `care:${tree.id}:water:2026-05-27`,
    ]);
  });
});
