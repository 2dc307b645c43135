import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildTree } from '../../../tests/support/factories';
import { queryPlans } from '../../../tests/support/query-plans';
import { databaseTargets } from '../../../tests/support/test-database';
import { giftAllocationsRepository } from './gift-allocations.repository';
import { treesTestKit } from './tree-test-kit';

/**
 * Issue 20: a member's forest page reads their own trees on trees_owner_planted_idx in planting
 * order and stops at the page, also when trees_owner_idx lacks statistics (0064 remakes it after
 * a database was analysed): SQLite then took it as more selective and sorted every tree.
 */
describe.each(databaseTargets)('the forest page on $name', (target) => {
  const kit = treesTestKit(target);

  it('reads the own trees in planting order, with no sort, whatever the statistics', async () => {
    await kit.setup();
    const me = await kit.signIn();
    const db = kit.db();
    const day = (i: number) => new Date(Date.UTC(2025, 0, 1 + i)).toISOString();
    const rows = Array.from({ length: 40 }, (_, i) =>
      buildTree(me.user.id, { planted_at: day(i) }),
    );
    await db.insertInto('trees').values(rows).execute();
    const page = await giftAllocationsRepository(db).forestPage(me.user.id, undefined, 5);
    expect(page.map((t) => t.id)).toEqual(
      [...rows]
        .sort((a, b) => (a.planted_at < b.planted_at ? 1 : -1))
        .slice(0, 5)
        .map((t) => t.id),
    );
    if (target.name !== 'sqlite') return;
    // Statistics for every index but trees_owner_idx, as after 0064 on an analysed database.
    await sql`analyze`.execute(db);
    for (const table of ['sqlite_stat1', 'sqlite_stat4'])
      await sql`delete from ${sql.table(table)} where idx = 'trees_owner_idx'`
        .execute(db)
        .catch(() => undefined);
    await sql`analyze sqlite_schema`.execute(db);
    const { plans } = await queryPlans(db, (caught) =>
      giftAllocationsRepository(caught).forestPage(me.user.id, undefined, 21),
    );
    // One statement (the own range, then the gifted one after UNION ALL; the last query the
    // plugin saw, after its subqueries): the own range's plan.
    const lines = plans.at(-1)!.split('\n');
    const union = lines.findIndex((line) => line.endsWith(' UNION ALL'));
    expect(union).toBeGreaterThan(0);
    const detail = lines.slice(0, union).join('\n');
    expect(detail).toMatch(/SEARCH trees USING INDEX trees_owner_planted_idx \(owner_id=\? AND/);
    expect(detail).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  });
});
