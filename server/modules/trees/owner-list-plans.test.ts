import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { queryPlans } from '../../../tests/support/query-plans';
import { databaseTargets } from '../../../tests/support/test-database';
import { donationsRepository } from '../donations/donations.repository';
import { treesRepository } from './trees.repository';
import { treesTestKit } from './tree-test-kit';

/**
 * Issue 20 (0064): a member's newest-first lists — My trees' pages and keyset cursor, the donor's
 * transactions page — read an index ending in the lists' tie-break `id`, in order, and stop at
 * the page: no sort of the member's rows (SQLite's temp B-tree), the cursor a range of the index.
 */
describe.each(databaseTargets)('member lists read their index in order on $name', (target) => {
  const kit = treesTestKit(target);

  it('indexes (owner, created_at, id) and plans the pages without a sort', async () => {
    await kit.setup();
    const me = await kit.signIn();
    const db = kit.db();
    if (target.name !== 'sqlite') {
      const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes
        where indexname in ('trees_owner_idx', 'donations_donor_created_idx')
          and schemaname = current_schema() order by indexname`.execute(db);
      expect(rows.map((r) => r.indexdef.replace(/^.* USING btree /, ''))).toEqual([
        '(donor_id, created_at, id)',
        '(owner_id, created_at, id)',
      ]);
      return;
    }
    const after = { createdAt: '2026-01-01T00:00:00.000Z', id: 'z' };
    const { plans } = await queryPlans(db, async (caught) => {
      await treesRepository(caught).ownerRecordsAfter(me.user.id, null, 25);
      await treesRepository(caught).ownerRecordsAfter(me.user.id, after, 25);
      await donationsRepository(caught).listRecordsWithGiftsForDonor(me.user.id, undefined, 21, 0);
    });
    expect(plans[0]).toMatch(/SEARCH trees USING INDEX trees_owner_idx \(owner_id=\? AND/);
    expect(plans[1]).toMatch(
      /SEARCH trees USING INDEX trees_owner_idx \(owner_id=\? AND \(created_at,id\)<\(\?,\?\)\)/,
    );
    expect(plans[2]).toMatch(/SEARCH donations USING INDEX donations_donor_created_idx/);
    for (const plan of plans) expect(plan).not.toMatch(/TEMP B-TREE/);
  });
});
