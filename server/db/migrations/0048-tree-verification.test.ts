import { afterEach, describe, expect, it } from 'vitest';
import { buildTree, buildUser } from '../../../tests/support/factories';
import { emptyDatabase, migrateTo, untypedDb } from '../../../tests/support/migration-steps';
import { databaseTargets } from '../../../tests/support/test-database';
import { migrateToLatest, type DatabaseHandle } from '../database';

describe.each(databaseTargets)('migration 0048-tree-verification on $name', (target) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => handle?.close());

  it('adds the verification, fills the latest photo, and goes back', async () => {
    handle = await emptyDatabase(target);
    await migrateTo(handle, '0046-drive-participant-counts');
    const db = untypedDb(handle);
    const owner = buildUser();
    await db.insertInto('users').values(owner).execute();
    // The 0046 shape: the factory's row without columns later migrations add.
    const { last_checked_at: _later, ...tree } = buildTree(owner.id, {
      lat: 10,
      lng: 20,
    }) as ReturnType<typeof buildTree> & { last_checked_at?: unknown };
    await db.insertInto('trees').values(tree).execute();

    await migrateToLatest(handle);
    const row = await handle.db
      .selectFrom('trees')
      .select(['verification_status', 'verified_by', 'photo_distance_m', 'last_photo_at'])
      .where('id', '=', tree.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      verification_status: 'unverified',
      verified_by: null,
      photo_distance_m: null,
      last_photo_at: null,
    });
    await expect(
      handle.db
        .updateTable('trees')
        .set({ verification_reason: 'nonsense' })
        .where('id', '=', tree.id)
        .execute(),
    ).rejects.toThrow();

    await migrateTo(handle, '0046-drive-participant-counts');
    await migrateToLatest(handle);
  });
});
