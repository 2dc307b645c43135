import type { CompiledQuery } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../tests/support/factories';
import { createTestDatabase, databaseTargets } from '../../tests/support/test-database';
import type { DatabaseHandle } from './database';
import { listSlots, preparedQuery, slot } from './prepared-query';
import type { Executor } from './unit-of-work';

describe.each(databaseTargets)('prepared queries on $name', (target) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });
  const setup = async () => {
    handle = await createTestDatabase(target);
    const users = ['ann', 'bob', 'cid', 'dee'].map((username) => buildUser({ username }));
    await handle.db.insertInto('users').values(users).execute();
    return { db: handle.db, ids: users.map((u) => u.id) };
  };

  it('builds a shape once and binds each call its own values', async () => {
    const { db, ids } = await setup();
    const build = vi.fn((on: Executor) =>
      on
        .selectFrom('users')
        .select('username')
        .where('username', '>', slot('after'))
        .orderBy('username')
        .limit(slot<number>('limit')),
    );
    const query = preparedQuery(build);
    expect(await query(db, '', { after: 'a', limit: 2 })).toEqual([
      { username: 'ann' },
      { username: 'bob' },
    ]);
    expect(await query(db, '', { after: 'bob', limit: 1 })).toEqual([{ username: 'cid' }]);
    expect(build).toHaveBeenCalledTimes(1);
    expect(ids).toHaveLength(4);
  });

  it('keeps a compiled query per shape, and runs it inside a transaction too', async () => {
    const { db, ids } = await setup();
    const build = vi.fn((on: Executor, n: number) => {
      const { slots } = listSlots(
        'id',
        Array.from({ length: n }, () => ''),
      );
      return on.selectFrom('users').select('username').where('id', 'in', slots).orderBy('username');
    });
    const query = preparedQuery(build);
    const names = async (on: Executor, list: string[]) =>
      (await query(on, list.length, listSlots('id', list).values)).map((r) => r.username);
    expect(await names(db, [ids[0]!, ids[2]!])).toEqual(['ann', 'cid']);
    expect(await names(db, [ids[1]!])).toEqual(['bob']);
    expect(await names(db, [ids[3]!, ids[1]!])).toEqual(['bob', 'dee']);
    expect(build).toHaveBeenCalledTimes(2);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('users').where('id', '=', ids[1]!).execute();
      // The transaction's executor shares the compiled query and sees its own write.
      expect(await names(trx, [ids[1]!, ids[2]!])).toEqual(['cid']);
    });
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('compiles every call through an executor with plugins (tests that catch statements)', async () => {
    const { db } = await setup();
    const build = vi.fn((on: Executor) =>
      on.selectFrom('users').select('username').where('username', '=', slot('name')),
    );
    const query = preparedQuery(build);
    await query(db, '', { name: 'ann' });
    const seen: CompiledQuery[] = [];
    const caught = db.withPlugin({
      transformQuery: ({ node, queryId }) => (
        seen.push(db.getExecutor().compileQuery(node, queryId)),
        node
      ),
      transformResult: async ({ result }) => result,
    });
    expect(await query(caught, '', { name: 'bob' })).toEqual([{ username: 'bob' }]);
    expect(await query(caught, '', { name: 'cid' })).toEqual([{ username: 'cid' }]);
    // The trees they see carry each call's values (a plan test EXPLAINs them as they are).
    expect(seen.map((q) => q.parameters)).toEqual([['bob'], ['cid']]);
    expect(build).toHaveBeenCalledTimes(3);
  });

  it('refuses a call that leaves a slot without a value', async () => {
    const { db } = await setup();
    const query = preparedQuery((on: Executor) =>
      on.selectFrom('users').select('id').where('username', '=', slot('name')),
    );
    await expect(query(db, '', { nmae: 'ann' })).rejects.toThrow('no value for slot name');
  });
});
