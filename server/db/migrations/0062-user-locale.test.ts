import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../tests/support/factories';
import { emptyDatabase, migrateTo, untypedDb } from '../../../tests/support/migration-steps';
import { databaseTargets } from '../../../tests/support/test-database';
import { migrateToLatest, type DatabaseHandle } from '../database';

describe.each(databaseTargets)('migration 0062-user-locale on $name', (target) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => handle?.close());

  it('adds users.locale (null for existing members), and goes back', async () => {
    handle = await emptyDatabase(target);
    await migrateTo(handle, '0061-verification-waiting-drives');
    const owner = buildUser();
    await untypedDb(handle).insertInto('users').values(owner).execute();

    await migrateToLatest(handle);
    const read = () =>
      handle!.db
        .selectFrom('users')
        .select('locale')
        .where('id', '=', owner.id)
        .executeTakeFirstOrThrow();
    expect((await read()).locale).toBeNull();
    await handle.db.updateTable('users').set({ locale: 'hi' }).where('id', '=', owner.id).execute();
    expect((await read()).locale).toBe('hi');

    await migrateTo(handle, '0061-verification-waiting-drives');
    await expect(read()).rejects.toThrow();
    await migrateToLatest(handle);
    expect((await read()).locale).toBeNull();
  });
});
