import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildTree } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import { OPEN_BY_OWNER } from '../../db/migrations/0067-tree-replanting-counts';
import { treesTestKit } from './tree-test-kit';

/**
 * Issue 20: each member's open replanting tasks (0067 `tree_replanting_counts`, kept by triggers)
 * stay what counting the dead, unreplaced trees says through every write, and the replanting
 * page's total reads them.
 */
describe.each(databaseTargets)('open replanting tasks per member on $name', (target) => {
  const kit = treesTestKit(target);

  async function expectInStep() {
    const db = kit.db();
    const kept = await db
      .selectFrom('tree_replanting_counts')
      .selectAll()
      .orderBy('owner_id')
      .execute();
    const { rows } = await sql
      .raw<{ owner_id: string; open: number }>(`${OPEN_BY_OWNER} order by t.owner_id`)
      .execute(db);
    expect(kept.map((r) => [r.owner_id, Number(r.open)])).toEqual(
      rows.map((r) => [r.owner_id, Number(r.open)]),
    );
  }

  it('follows deaths, replacements, deletions and moves, by the API and by SQL', async () => {
    await kit.setup();
    const db = kit.db();
    const me = await kit.signIn();
    const other = await kit.signIn();
    const total = async () =>
      (await kit.call('GET', '/api/trees/replanting?limit=1', me.headers)).json().total;
    const die = (id: string, headers = me.headers) =>
      kit.call('POST', `/api/trees/${id}/health`, headers, { status: 'dead', cause: 'drought' });

    const trees = [];
    for (const n of [1, 2, 3])
      trees.push((await kit.register(me.headers, { treeName: `Mine ${n}` })).json().data.tree);
    expect(await total()).toBe(0);
    for (const t of trees) expect((await die(t.id)).statusCode).toBe(200);
    await expectInStep();
    expect(await total()).toBe(3);

    // A registration in place of a dead tree closes its task; deleting it opens the task again.
    const next = await kit.register(me.headers, { replacesTreeId: trees[0].id });
    expect(next.statusCode, next.body).toBe(201);
    await expectInStep();
    expect(await total()).toBe(2);
    const replacement = next.json().data.tree;
    expect((await kit.call('DELETE', `/api/trees/${replacement.id}`, me.headers)).statusCode).toBe(
      200,
    );
    await expectInStep();
    expect(await total()).toBe(3);

    // Seeds and imports write rows directly: a dead tree, and its replacement, in one statement.
    const dead = { ...buildTree(me.user.id), status: 'dead' as const };
    const inPlace = { ...buildTree(me.user.id), replaces_tree_id: dead.id };
    await db.insertInto('trees').values([dead, inPlace]).execute();
    await expectInStep();
    expect(await total()).toBe(3);

    // The replacement moves to another member: the task stays closed; the dead tree moves too.
    await db
      .updateTable('trees')
      .set({ owner_id: other.user.id })
      .where('id', 'in', [inPlace.id, trees[1].id])
      .execute();
    await expectInStep();
    expect(await total()).toBe(2);

    // The replacement points elsewhere, then the dead tree it replaced is deleted (its
    // replacement's reference is set null by the foreign key).
    await db
      .updateTable('trees')
      .set({ replaces_tree_id: trees[2].id })
      .where('id', '=', inPlace.id)
      .execute();
    await expectInStep();
    expect(await total()).toBe(2);
    await db.deleteFrom('trees').where('id', '=', trees[2].id).execute();
    await expectInStep();
    expect(await total()).toBe(2);

    // A dead tree brought back to life by SQL; a member with none left has no row.
    await db
      .updateTable('trees')
      .set({ status: 'alive' })
      .where('owner_id', '=', me.user.id)
      .execute();
    await expectInStep();
    expect(await total()).toBe(0);
    expect(
      await db
        .selectFrom('tree_replanting_counts')
        .selectAll()
        .where('owner_id', '=', me.user.id)
        .execute(),
    ).toEqual([]);
  });
});
