import { sql, type ExpressionBuilder } from 'kysely';
import { preparedQuery, slot } from '../../db/prepared-query';
import type { Database } from '../../db/tables';
import type { Executor, Tx } from '../../db/unit-of-work';
import { donationGiftsRepository, plantedShare } from './donation-gifts.repository';
import { latestDriveIds, walkBatch, type DrivePayment } from './donor-drives';

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

/**
 * A paid tree gift, in the very words of donations_donor_tree_gifts_idx's predicate (0017): a
 * bound value cannot prove a partial index's condition to SQLite, literals can (issue 20).
 */
const paidTreeGift = ({ eb, and }: ExpressionBuilder<Database, 'donations'>) =>
  and([eb('kind', '=', sql.lit('trees')), eb('status', '=', sql.lit('paid'))]);

const COLUMNS = ['id', 'donor_id', 'drive_id', 'trees', 'planted_trees', 'paid_at'] as const;

/** The donor's paid tree gifts, the trees nobody claimed: how many, funded, planted (one row). */
function keptGiftTotals(db: Executor, donorId: string) {
  const kept = sql<number>`trees - claimed_trees`;
  return db
    .selectFrom('donations')
    .where('donor_id', '=', donorId)
    .where(paidTreeGift)
    .where('claimed_trees', '<', (eb) => eb.ref('trees'))
    .select((eb) => [
      eb.fn.countAll<number>().as('gifts'),
      eb.fn.coalesce(eb.fn.sum<number>(kept), eb.lit(0)).as('funded'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(
            sql`case when planted_trees < ${kept} then planted_trees else ${kept} end`,
          ),
          eb.lit(0),
        )
        .as('planted'),
    ]);
}

/** The shares of others' paid tree gifts the member claimed: how many, funded, planted (one row). */
function claimedGiftTotals(db: Executor, memberId: string) {
  const share = sql<number>`d.planted_trees - g.position * g.trees`;
  return donationGiftsRepository(db)
    .claimedTreeGifts(memberId)
    .select((eb) => [
      eb.fn.countAll<number>().as('gifts'),
      eb.fn.coalesce(eb.fn.sum<number>('g.trees'), eb.lit(0)).as('funded'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(
            sql`case when ${share} <= 0 then 0 when ${share} >= g.trees then g.trees else ${share} end`,
          ),
          eb.lit(0),
        )
        .as('planted'),
    ]);
}

/** A donor's kept gift totals and claimed shares (`donorGiftTotals`), prepared once (issue 20). */
const giftTotalsQuery = preparedQuery((db: Executor) =>
  keptGiftTotals(db, slot('donor')).unionAll(claimedGiftTotals(db, slot('donor'))),
);

/**
 * A page of a donor's paid tree gifts (`giftPage`), prepared once per shape (issue 20,
 * per-request CPU): the first page, or the page after a cursor.
 */
const giftPageQuery = preparedQuery((db: Executor, shape: 'first' | 'after') => {
  const ownPage = db
    .selectFrom('donations')
    .select([...COLUMNS, 'created_at', 'claimed_trees'])
    .where('donor_id', '=', slot('donor'))
    .where(paidTreeGift)
    // Trees claimed by recipients are in their forests (issue 19 §5).
    .where('claimed_trees', '<', (eb) => eb.ref('trees'))
    .$if(shape === 'after', (q) =>
      q.where((eb) =>
        eb.or([
          eb('paid_at', '<', slot('paidAt')),
          eb.and([eb('paid_at', '=', slot('paidAt')), eb('id', '<', slot('id'))]),
        ]),
      ),
    )
    .orderBy('paid_at', 'desc')
    .orderBy('id', 'desc')
    .limit(slot<number>('limit'));
  return db
    .selectFrom(ownPage.as('o'))
    .select([
      sql.lit('own').as('part'),
      ...(
        [
          'id',
          'donor_id',
          'drive_id',
          'trees',
          'planted_trees',
          'paid_at',
          'created_at',
          'claimed_trees',
        ] as const
      ).map((c) => `o.${c}` as const),
      sql<number>`null`.as('position'),
    ])
    .unionAll(
      db
        .selectFrom(
          donationGiftsRepository(db)
            .receivedForestPage(
              slot('donor'),
              shape === 'after' ? { paidAt: slot('paidAt'), id: slot('id') } : undefined,
              slot<number>('limit'),
            )
            .as('r'),
        )
        .select([
          sql.lit('received').as('part'),
          'r.id',
          'r.donor_id',
          'r.drive_id',
          'r.trees',
          'r.planted_trees',
          'r.paid_at',
          'r.created_at',
          sql<number>`0`.as('claimed_trees'),
          'r.position',
        ]),
    );
});

/**
 * A donor's forest figures (`donorForest`), prepared once (issue 20, per-request CPU): both
 * totals rows, the received gifts' drives and the first batch of the given gifts' drive walk.
 */
const donorFiguresQuery = preparedQuery((db: Executor) => {
  const text = sql<string | null>`null`;
  const count = sql<number>`null`;
  // A union matches columns by position: the totals' three, then the part and a drive row's.
  return keptGiftTotals(db, slot('donor'))
    .select([sql.lit('kept').as('part'), text.as('drive_id'), text.as('paid_at'), text.as('id')])
    .unionAll(
      claimedGiftTotals(db, slot('donor')).select([
        sql.lit('claimed').as('part'),
        text.as('drive_id'),
        text.as('paid_at'),
        text.as('id'),
      ]),
    )
    .unionAll(
      db
        .selectFrom(
          donationGiftsRepository(db).receivedDrives(slot('donor'), slot<number>('drives')).as('r'),
        )
        .select([
          count.as('gifts'),
          count.as('funded'),
          count.as('planted'),
          sql.lit('received').as('part'),
          'r.drive_id',
          sql<string | null>`r.paid_at`.as('paid_at'),
          text.as('id'),
        ]),
    )
    .unionAll(
      db
        .selectFrom(walkBatch(db, slot('donor'), paidTreeGift).as('w'))
        .select([
          count.as('gifts'),
          count.as('funded'),
          count.as('planted'),
          sql.lit('given').as('part'),
          'w.drive_id',
          'w.paid_at',
          sql<string | null>`w.id`.as('id'),
        ]),
    );
});

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

  /**
   * Gifts as their trees' holder sees them: a gift its one recipient claimed whole (issue 19 §5)
   * grows in the claimer's forest, so its allocations carry the claimer, not the giver.
   */
  const heldTreeGifts = (on: Executor) =>
    paidTreeGifts(on).select((eb) =>
      eb
        .selectFrom('donation_gifts as g')
        .select('g.claimed_by')
        .whereRef('g.donation_id', '=', 'donations.id')
        .whereRef('g.trees', '=', 'donations.trees')
        .where('g.claimed_by', 'is not', null)
        .limit(1)
        .as('holder_id'),
    );
  const heldDemandOf = (row: Parameters<typeof demandOf>[0] & { holder_id: string | null }) => ({
    ...demandOf(row),
    donorId: row.holder_id ?? row.donor_id,
  });

  /**
   * A page of the donor's paid tree gifts, newest payment first, after `before`: their own (less
   * the trees recipients claimed) and the gifts they received, under the donation's id, in one
   * statement (issue 20).
   */
  async function giftPage(
    donorId: string,
    before: GiftCursor | undefined,
    limit: number,
  ): Promise<ForestGift[]> {
    const rows = await giftPageQuery(db, before === undefined ? 'first' : 'after', {
      donor: donorId,
      limit,
      ...(before && { paidAt: before.paidAt, id: before.id }),
    });
    const own = rows
      .filter((r) => r.part === 'own')
      .map((row) => {
        const trees = Number(row.trees) - Number(row.claimed_trees);
        const demand = demandOf(row);
        return {
          ...demand,
          trees,
          planted: Math.min(demand.planted, trees),
          createdAt: row.created_at,
        };
      });
    // Gifts received count in place of their giver's, under the donation's id.
    const gifts = rows
      .filter((r) => r.part === 'received')
      .map((g) => ({
        id: g.id,
        donorId: g.donor_id,
        driveId: g.drive_id,
        trees: Number(g.trees),
        planted: plantedShare(Number(g.position), Number(g.trees), Number(g.planted_trees)),
        paidAt: g.paid_at ?? '',
        createdAt: g.created_at,
      }));
    return [...own, ...gifts]
      .sort((a, b) =>
        a.paidAt === b.paidAt ? (a.id < b.id ? 1 : -1) : a.paidAt < b.paidAt ? 1 : -1,
      )
      .slice(0, limit);
  }

  return {
    /** Paid tree gifts of a drive (null: the general fund) not yet covered, by payment. */
    async openTreeGifts(tx: Tx, driveId: string | null, limit: number): Promise<TreeGiftDemand[]> {
      const rows = await heldTreeGifts(tx.db)
        .where('planted_trees', '<', (eb) => eb.ref('trees'))
        .where('drive_id', driveId === null ? 'is' : '=', driveId)
        .orderBy('paid_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(heldDemandOf);
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

    /**
     * The gift if it is a paid tree gift (otherwise null: not paid yet, refunded, cash); `donorId`
     * is its trees' holder (the claimer of a gift claimed whole).
     */
    async paidTreeGift(tx: Tx | null, id: string): Promise<TreeGiftDemand | null> {
      const row = await heldTreeGifts(tx?.db ?? db)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? heldDemandOf(row) : null;
    },

    /** A paid tree gift for its public page (issue 19 §4): whether the donor stays anonymous. */
    async publicTreeGift(id: string): Promise<(TreeGiftDemand & { anonymous: boolean }) | null> {
      const row = await paidTreeGifts(db)
        .select('anonymous')
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { ...demandOf(row), anonymous: Number(row.anonymous) === 1 } : null;
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

    /**
     * The member's paid tree gifts: how many, trees funded, trees planted. A gift to someone that
     * was claimed counts for its recipient in place of the giver (issue 19 §5): the giver keeps
     * the trees nobody claimed, the recipient their share. One aggregate each.
     */
    async donorGiftTotals(
      donorId: string,
    ): Promise<{ gifts: number; funded: number; planted: number }> {
      // One statement, two rows (the giver's kept trees, then the claimed shares): a forest view
      // pays each statement's building and round trip (issue 20, per-request CPU).
      const rows = await giftTotalsQuery(db, '', { donor: donorId });
      return {
        gifts: rows.reduce((n, r) => n + Number(r.gifts), 0),
        funded: rows.reduce((n, r) => n + Number(r.funded), 0),
        planted: rows.reduce((n, r) => n + Number(r.planted), 0),
      };
    },

    /** A page of the donor's paid tree gifts, newest payment first, after `before`. */
    donorGifts: giftPage,

    /**
     * The donor's side of their forest in two statements, as `donorGiftTotals`,
     * `donorGiftDriveIds(donorId, drivesLimit)` and `donorGifts` answer it (a forest view pays
     * each statement's building and round trip, issue 20): the figures (both totals rows, the
     * received gifts' drives and the first batch of the given gifts' drive walk), then the page
     * (own gifts and received ones). The walk reads further batches only when it needs them.
     */
    async donorForest(
      donorId: string,
      before: GiftCursor | undefined,
      limit: number,
      drivesLimit: number,
    ): Promise<{
      totals: { gifts: number; funded: number; planted: number };
      gifts: ForestGift[];
      driveIds: string[];
    }> {
      const [rows, gifts] = await Promise.all([
        donorFiguresQuery(db, '', { donor: donorId, drives: drivesLimit }),
        giftPage(donorId, before, limit),
      ]);
      const part = (name: string) => rows.filter((r) => r.part === name);
      // Newest first (each part's own order, kept whatever order the union returns them in).
      const newest = <T extends { paid_at: string | null; id: string | null }>(list: T[]) =>
        list.sort((a, b) =>
          a.paid_at === b.paid_at
            ? a.id === b.id
              ? 0
              : (a.id ?? '') < (b.id ?? '')
                ? 1
                : -1
            : (a.paid_at ?? '') < (b.paid_at ?? '')
              ? 1
              : -1,
        );
      const received = newest(part('received')).map((r) => r.drive_id!);
      const given = await latestDriveIds(
        db,
        donorId,
        paidTreeGift,
        drivesLimit,
        newest(part('given')).map((r): DrivePayment => ({
          id: r.id!,
          drive_id: r.drive_id,
          paid_at: r.paid_at,
        })),
      );
      const totals = part('kept').concat(part('claimed'));
      return {
        totals: {
          gifts: totals.reduce((n, r) => n + Number(r.gifts), 0),
          funded: totals.reduce((n, r) => n + Number(r.funded), 0),
          planted: totals.reduce((n, r) => n + Number(r.planted), 0),
        },
        gifts,
        driveIds: [...new Set([...received, ...given])].slice(0, drivesLimit),
      };
    },

    /** The drives of the donor's latest paid tree gifts (at most `limit`), for their timeline. */
    async donorGiftDriveIds(donorId: string, limit: number): Promise<string[]> {
      const [given, received] = await Promise.all([
        latestDriveIds(db, donorId, paidTreeGift, limit),
        donationGiftsRepository(db).receivedDriveIds(donorId, limit),
      ]);
      return [...new Set([...received, ...given])].slice(0, limit);
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
