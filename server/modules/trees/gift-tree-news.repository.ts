import type { Executor } from '../../db/unit-of-work';

/** `planted`: one donor's gift first took plants of the tree (issue 19 §1, told with the rest). */
export type GiftTreeEvent = 'planted' | 'measured' | 'died' | 'replaced' | 'needs_care';

/** SQL of donors' tree news: `gift_tree_events`, `gift_tree_news` (the trees module's own). */
export function newsRepository(db: Executor) {
  return {
    /** The donors whose gifts a tree carries. */
    async donorsOf(treeId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('tree_gift_allocations')
        .select('donor_id')
        .distinct()
        .where('tree_id', '=', treeId)
        .execute();
      return rows.map((r) => r.donor_id);
    },
    insertEvents: (
      rows: Array<{
        id: string;
        donor_id: string;
        tree_id: string;
        kind: GiftTreeEvent;
        cause: string | null;
        happened_at: string;
      }>,
    ) => db.insertInto('gift_tree_events').values(rows).execute(),
    async toldOn(donorId: string, day: string): Promise<boolean> {
      const row = await db
        .selectFrom('gift_tree_news')
        .select('day')
        .where('donor_id', '=', donorId)
        .where('day', '=', day)
        .executeTakeFirst();
      return Boolean(row);
    },
    /** True when this call wrote the day's record (its notice goes out now). */
    async recordTold(donorId: string, day: string, at: string): Promise<boolean> {
      const result = await db
        .insertInto('gift_tree_news')
        .values({ donor_id: donorId, day, created_at: at })
        .onConflict((oc) => oc.columns(['donor_id', 'day']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    /** The donor's untold events before `before`, oldest first, with their trees. */
    eventsOf: (donorId: string, before: string, limit: number) =>
      db
        .selectFrom('gift_tree_events as e')
        .innerJoin('trees as t', 't.id', 'e.tree_id')
        .select([
          'e.id',
          'e.kind',
          'e.cause',
          'e.happened_at',
          't.id as tree_id',
          't.nickname',
          't.species_id',
          't.tree_count',
        ])
        .where('e.donor_id', '=', donorId)
        .where('e.happened_at', '<', before)
        .orderBy('e.happened_at')
        .orderBy('e.id')
        .limit(limit)
        .execute(),
    removeEvents: (ids: string[]) =>
      db.deleteFrom('gift_tree_events').where('id', 'in', ids).execute(),
    pruneTold: async (before: string) =>
      Number(
        (await db.deleteFrom('gift_tree_news').where('day', '<', before).executeTakeFirst())
          .numDeletedRows ?? 0,
      ),
  };
}

export type GiftTreeEventRow = Awaited<
  ReturnType<ReturnType<typeof newsRepository>['eventsOf']>
>[number];
