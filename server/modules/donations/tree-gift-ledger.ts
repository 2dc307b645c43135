import type { Executor, Tx } from '../../db/unit-of-work';

/** A paid tree gift as the allocation of gifts to trees sees it. */
export interface TreeGiftDemand {
  id: string;
  donorId: string;
  driveId: string | null;
  trees: number;
  planted: number;
  paidAt: string;
}

/** A donor's paid tree gift for their forest. */
export interface ForestGift extends TreeGiftDemand {
  createdAt: string;
}

/** A page cursor of a donor's gifts: the last one's payment time and id. */
export interface GiftCursor {
  paidAt: string;
  id: string;
}

const demandOf = (row: {
  id: string;
  donor_id: string;
  drive_id: string | null;
  trees: number;
  planted_trees: number;
  paid_at: string | null;
}): TreeGiftDemand => ({
  id: row.id,
  donorId: row.donor_id,
  driveId: row.drive_id,
  trees: Number(row.trees),
  planted: Number(row.planted_trees),
  paidAt: row.paid_at ?? '',
});

const COLUMNS = ['id', 'donor_id', 'drive_id', 'trees', 'planted_trees', 'paid_at'] as const;

/**
 * Donations' side of "gifts become trees" (issue 19 §1): the paid tree gifts still waiting for
 * plants, earliest payment first, and the planted count kept on each gift (`planted_trees`). The
 * trees module allocates and calls these in its own transaction (`tx`); donations never needs
 * trees. The forest reads a donor's gifts here too, a page and a sum at a time.
 */
export function treeGiftLedger(db: Executor) {
  const paidTreeGifts = (on: Executor) =>
    on
      .selectFrom('donations')
      .select(COLUMNS)
      .where('kind', '=', 'trees')
      .where('status', '=', 'paid');

  return {
    /** Paid tree gifts of a drive (null: the general fund) not yet covered, by payment. */
    async openTreeGifts(tx: Tx, driveId: string | null, limit: number): Promise<TreeGiftDemand[]> {
      const rows = await paidTreeGifts(tx.db)
        .where('planted_trees', '<', (eb) => eb.ref('trees'))
        .where('drive_id', driveId === null ? 'is' : '=', driveId)
        .orderBy('paid_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(demandOf);
    },

    /** True while a drive has a paid tree gift not yet covered. */
    async hasOpenTreeGifts(tx: Tx, driveId: string): Promise<boolean> {
      const row = await paidTreeGifts(tx.db)
        .where('planted_trees', '<', (eb) => eb.ref('trees'))
        .where('drive_id', '=', driveId)
        .limit(1)
        .executeTakeFirst();
      return Boolean(row);
    },

    /** The gift if it is a paid tree gift (otherwise null: not paid yet, refunded, cash). */
    async paidTreeGift(tx: Tx | null, id: string): Promise<TreeGiftDemand | null> {
      const row = await paidTreeGifts(tx?.db ?? db)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? demandOf(row) : null;
    },

    /** Adds (or with a negative `delta`, takes back) planted trees of a gift. */
    async addPlanted(tx: Tx, id: string, delta: number): Promise<void> {
      await tx.db
        .updateTable('donations')
        .set((eb) => ({ planted_trees: eb('planted_trees', '+', delta) }))
        .where('id', '=', id)
        .execute();
    },

    /** A released gift (refunded) carries no trees any more. */
    async clearPlanted(tx: Tx, id: string): Promise<void> {
      await tx.db.updateTable('donations').set({ planted_trees: 0 }).where('id', '=', id).execute();
    },

    /** The donor's paid tree gifts: how many, trees funded, trees planted (one aggregate). */
    async donorGiftTotals(
      donorId: string,
    ): Promise<{ gifts: number; funded: number; planted: number }> {
      const row = await db
        .selectFrom('donations')
        .where('donor_id', '=', donorId)
        .where('kind', '=', 'trees')
        .where('status', '=', 'paid')
        .select((eb) => [
          eb.fn.countAll<number>().as('gifts'),
          eb.fn.coalesce(eb.fn.sum<number>('trees'), eb.lit(0)).as('funded'),
          eb.fn.coalesce(eb.fn.sum<number>('planted_trees'), eb.lit(0)).as('planted'),
        ])
        .executeTakeFirstOrThrow();
      return { gifts: Number(row.gifts), funded: Number(row.funded), planted: Number(row.planted) };
    },

    /** A page of the donor's paid tree gifts, newest payment first, after `before`. */
    async donorGifts(
      donorId: string,
      before: GiftCursor | undefined,
      limit: number,
    ): Promise<ForestGift[]> {
      let query = db
        .selectFrom('donations')
        .select([...COLUMNS, 'created_at'])
        .where('donor_id', '=', donorId)
        .where('kind', '=', 'trees')
        .where('status', '=', 'paid');
      if (before)
        query = query.where((eb) =>
          eb.or([
            eb('paid_at', '<', before.paidAt),
            eb.and([eb('paid_at', '=', before.paidAt), eb('id', '<', before.id)]),
          ]),
        );
      const rows = await query
        .orderBy('paid_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...demandOf(row), createdAt: row.created_at }));
    },

    /** The drives of the donor's latest paid tree gifts (at most `limit`), for their timeline. */
    async donorGiftDriveIds(donorId: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('donations')
        .select('drive_id')
        .where('donor_id', '=', donorId)
        .where('kind', '=', 'trees')
        .where('status', '=', 'paid')
        .where('drive_id', 'is not', null)
        .groupBy('drive_id')
        .orderBy((eb) => eb.fn.max('paid_at'), 'desc')
        .limit(limit)
        .execute();
      return rows.flatMap((r) => (r.drive_id ? [r.drive_id] : []));
    },
  };
}
export type TreeGiftLedger = ReturnType<typeof treeGiftLedger>;

/**
 * Jobs donations enqueues in the transaction that makes a tree gift paid or refunded; the module
 * that allocates gifts to trees handles them (`{ donationId }`), so donations needs no trees.
 */
export const TREE_GIFT_PAID_JOB = 'tree-gift-paid';
export const TREE_GIFT_REFUNDED_JOB = 'tree-gift-refunded';
