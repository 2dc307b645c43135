import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';

/**
 * SQL of the public forest and gift pages (issue 19 §4), on the trees module's own tables: a
 * member's gifts' plants per species, and the trees carrying one gift.
 */
export function treePublicRepository(db: Kysely<Database>) {
  return {
    /** Plants per species their gifts hold on trees others registered (bounded by the gifts). */
    async giftedSpecies(userId: string): Promise<[number, number][]> {
      const rows = await db
        .selectFrom('tree_gift_allocations as a')
        .innerJoin('trees as t', 't.id', 'a.tree_id')
        .where('a.donor_id', '=', userId)
        .where('t.owner_id', '<>', userId)
        .groupBy('t.species_id')
        .select((eb) => ['t.species_id', eb.fn.sum<number>('a.plants').as('plants')])
        .execute();
      return rows.map((r) => [r.species_id, Number(r.plants)]);
    },

    /** The trees carrying a gift with the plants it holds on each, latest planting first. */
    giftTrees: (donationId: string, limit: number) =>
      db
        .selectFrom('tree_gift_allocations as a')
        .innerJoin('trees', 'trees.id', 'a.tree_id')
        .selectAll('trees')
        .select(['a.plants as held_plants'])
        .where('a.donation_id', '=', donationId)
        .orderBy('trees.planted_at', 'desc')
        .orderBy('trees.id', 'desc')
        .limit(limit)
        .execute(),

    /** Species and plants of a gift's trees (one aggregate). */
    async giftSpecies(donationId: string): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('tree_gift_allocations as a')
        .innerJoin('trees as t', 't.id', 'a.tree_id')
        .where('a.donation_id', '=', donationId)
        .groupBy('t.species_id')
        .select((eb) => ['t.species_id', eb.fn.sum<number>('a.plants').as('plants')])
        .execute();
      return new Map(rows.map((r) => [r.species_id, Number(r.plants)]));
    },
  };
}
