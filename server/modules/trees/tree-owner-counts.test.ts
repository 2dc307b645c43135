import { describe, expect, it } from 'vitest';
import { buildTree } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import { treesTestKit } from './tree-test-kit';

/**
 * Issue 20: each member's number of tree records (0045 `tree_owner_counts`, kept by triggers)
 * stays what a count of their rows says through every write, and My trees' total and the
 * profile read it.
 */
describe.each(databaseTargets)('tree records per member on $name', (target) => {
  const kit = treesTestKit(target);

  async function expectInStep() {
    const db = kit.db();
    const kept = await db.selectFrom('tree_owner_counts').selectAll().orderBy('owner_id').execute();
    const counted = await db
      .selectFrom('trees')
      .select((eb) => ['owner_id', eb.fn.countAll<number>().as('n')])
      .groupBy('owner_id')
      .orderBy('owner_id')
      .execute();
    expect(kept.map((r) => [r.owner_id, Number(r.records)])).toEqual(
      counted.map((r) => [r.owner_id, Number(r.n)]),
    );
  }

  it('follows registering, deleting and moving trees, by the API and by SQL', async () => {
    await kit.setup();
    const db = kit.db();
    const me = await kit.signIn();
    const other = await kit.signIn();
    const total = async () =>
      (await kit.call('GET', '/api/trees/registeredtree?limit=2', me.headers)).json().total;

    for (const n of [1, 2, 3]) {
      const res = await kit.register(me.headers, { treeName: `Mine ${n}` });
      expect(res.statusCode, res.body).toBe(201);
    }
    const first = (await kit.register(other.headers)).json().data.tree;
    await expectInStep();
    expect(await total()).toBe(3);
    const profile = await kit.call('GET', `/api/users/${me.user.id}/profile`, other.headers);
    expect(profile.json().data.counts.treesRegistered).toBe(3);

    // Seeds and imports write rows directly.
    const direct = buildTree(me.user.id);
    await db.insertInto('trees').values(direct).execute();
    await expectInStep();
    expect(await total()).toBe(4);
    await db
      .updateTable('trees')
      .set({ owner_id: other.user.id })
      .where('id', '=', direct.id)
      .execute();
    await expectInStep();
    expect(await total()).toBe(3);

    // Deleted by the API and by SQL: a member with none left has no row.
    expect((await kit.call('DELETE', `/api/trees/${first.id}`, other.headers)).statusCode).toBe(
      200,
    );
    await db.deleteFrom('trees').where('id', '=', direct.id).execute();
    await expectInStep();
    expect(
      await db
        .selectFrom('tree_owner_counts')
        .selectAll()
        .where('owner_id', '=', other.user.id)
        .execute(),
    ).toEqual([]);

    // With a filter the total is counted from the rows.
    const filtered = await kit.call(
      'GET',
      '/api/trees/registeredtree?limit=2&status=dead',
      me.headers,
    );
    expect(filtered.json().total).toBe(0);
  });
});
