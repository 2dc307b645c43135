import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../tests/support/factories';
import { emptyDatabase, migrateTo, untypedDb } from '../../../tests/support/migration-steps';
import { databaseTargets } from '../../../tests/support/test-database';
import { usersRepository } from '../../modules/users/users.repository';
import type { DatabaseHandle } from '../database';

describe.each(databaseTargets)('migration 0025-people-search-index on $name', (target) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => handle?.close());

  it('indexes the existing members, and goes down and up again', async () => {
    handle = await emptyDatabase(target);
    await migrateTo(handle, '0024-tree-impact-cohorts');
    const db = untypedDb(handle);
    const me = buildUser();
    const hazel = buildUser({ username: 'hazelnut', name: 'Cob Keeper' });
    await db.insertInto('users').values([me, hazel]).execute();

    const indexes = async () =>
      handle!.dialect === 'postgres'
        ? (
            await sql<{ name: string }>`select indexname as name from pg_indexes
              where tablename = 'users' and schemaname = current_schema()
              order by indexname`.execute(handle!.db)
          ).rows.map((r) => r.name)
        : (
            await sql<{ name: string }>`select name from sqlite_master
              where name like 'users_search%' and type in ('table', 'trigger') order by name`.execute(
              handle!.db,
            )
          ).rows.map((r) => r.name);
    const found = async (text: string) =>
      (await usersRepository(handle!.db).searchVisible(text, me.id, 10)).map((u) => u.username);

    await migrateTo(handle, '0025-people-search-index');
    expect(await found('elnu')).toEqual(['hazelnut']);
    expect(await found('keep')).toEqual(['hazelnut']);
    const added = await indexes();
    expect(added).toEqual(
      expect.arrayContaining(
        handle.dialect === 'postgres'
          ? ['users_name_trgm', 'users_username_trgm']
          : ['users_search', 'users_search_delete', 'users_search_insert', 'users_search_update'],
      ),
    );

    await migrateTo(handle, '0024-tree-impact-cohorts');
    expect(await indexes()).toEqual(
      expect.not.arrayContaining(['users_search', 'users_username_trgm', 'users_name_trgm']),
    );
    await migrateTo(handle, '0025-people-search-index');
    expect(await indexes()).toEqual(added);
    expect(await found('cob')).toEqual(['hazelnut']);
  });
});
