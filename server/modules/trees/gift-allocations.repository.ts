import { sql, type Kysely } from 'kysely';
import { preparedQuery, slot } from '../../db/prepared-query';
import type { Database } from '../../db/tables';
import type { Executor } from '../../db/unit-of-work';
import type { TreeWithReplacement } from './tree-mapper';
import { replacedById } from './trees.repository';

/** The first key of this module's advisory locks (any fixed int4, unique in the app: 'gft'). */
const ADVISORY_NAMESPACE = 0x676674;

/** A page cursor of a member's forest trees: the last one's planting date and id. */
export interface ForestTreeCursor {
  plantedAt: string;
  id: string;
}

/** A drive tree with plants no gift holds yet. */
export interface FreeTree {
  id: string;
  drive_id: string | null;
  tree_count: number;
  gift_plants: number;
}

/**
 * SQL of the allocation of gifts to trees (issue 19 §1): `tree_gift_allocations` and the
 * `trees.gift_plants` summary column, both the trees module's own.
 */
/** Latest planting first, then id descending (the forest's keyset order). */
const latestPlantingFirst = (
  a: { planted_at: string; id: string },
  b: { planted_at: string; id: string },
) =>
  a.planted_at !== b.planted_at
    ? a.planted_at < b.planted_at
      ? 1
      : -1
    : a.id < b.id
      ? 1
      : a.id > b.id
        ? -1
        : 0;

/** A planting time after every tree's (`planted_at` is never null). */
const PLANTED_BEFORE_ANY = '9999-12-31T23:59:59.999Z';

/**
 * What a member's gifts hold on trees others registered (`forestGifted`), prepared once per shape
 * (issue 20, per-request CPU): with the plants per species or without.
 */
const forestGiftedQuery = preparedQuery((db: Executor, shape: 'species' | 'plain') => {
  const gifts = () =>
    db
      .selectFrom('tree_gift_allocations as a')
      .innerJoin('trees as t', 't.id', 'a.tree_id')
      .where('a.donor_id', '=', slot('user'))
      .where('t.owner_id', '<>', slot('user'));
  // A drive row's figures (typed as the totals row's: only that row's are read).
  const none = sql<number>`null`;
  // Typed for PostgreSQL, which takes an untyped null in the first rows of a union as text.
  const noSpecies = sql<number | null>`cast(null as integer)`;
  return (
    gifts()
      // Issue 21 §3: a rejected tree counts nowhere.
      .where('t.verification_status', '!=', 'rejected')
      .select((eb) => {
        // The gift's plants alive on the tree (never more than the tree has alive).
        const alive = eb
          .case()
          .when('t.status', '=', 'dead')
          .then(0)
          .when('a.plants', '<', eb.ref('t.alive_count'))
          .then(eb.ref('a.plants'))
          .else(eb.ref('t.alive_count'))
          .end();
        const checked = eb('t.last_checked_at', '>', slot('boundary'));
        return [
          sql.lit('totals').as('part'),
          noSpecies.as('species_id'),
          sql<string | null>`null`.as('drive_id'),
          sql<string | null>`null`.as('last_planted_at'),
          eb.fn
            .coalesce(
              eb.fn.sum<number>(eb.case().when(checked).then(alive).else(0).end()),
              eb.lit(0),
            )
            .as('checked'),
          eb.fn
            .coalesce(
              eb.fn.sum<number>(
                eb
                  .case()
                  .when(eb.and([checked, eb('t.verification_status', '=', 'verified')]))
                  .then(alive)
                  .else(0)
                  .end(),
              ),
              eb.lit(0),
            )
            .as('verified'),
          eb.fn.coalesce(eb.fn.sum<number>('a.plants'), eb.lit(0)).as('planted'),
          eb.fn.coalesce(eb.fn.sum<number>(alive), eb.lit(0)).as('alive'),
        ];
      })
      .unionAll(
        db
          .selectFrom(
            gifts()
              .where('t.drive_id', 'is not', null)
              .groupBy('t.drive_id')
              .select((eb) => ['t.drive_id', eb.fn.max('t.planted_at').as('last_planted_at')])
              .orderBy((eb) => eb.fn.max('t.planted_at'), 'desc')
              .limit(slot<number>('drives'))
              .as('d'),
          )
          .select([
            sql.lit('drive').as('part'),
            noSpecies.as('species_id'),
            'd.drive_id',
            sql<string | null>`d.last_planted_at`.as('last_planted_at'),
            none.as('checked'),
            none.as('verified'),
            none.as('planted'),
            none.as('alive'),
          ]),
      )
      .$if(shape === 'species', (q) =>
        q.unionAll(
          gifts()
            .groupBy('t.species_id')
            .select((eb) => [
              sql.lit('species').as('part'),
              't.species_id',
              sql<string | null>`null`.as('drive_id'),
              sql<string | null>`null`.as('last_planted_at'),
              none.as('checked'),
              none.as('verified'),
              eb.fn.sum<number>('a.plants').as('planted'),
              none.as('alive'),
            ]),
        ),
      )
  );
});

/** A row of the forest page: the tree, its replacement and the plants the member's gifts hold on it. */
export type ForestPageRow = TreeWithReplacement & { member_gift_plants: number | string | null };

/**
 * A page of a member's forest (`forestPage`), prepared once per shape (issue 20, per-request
 * CPU): the first page, or the page after a cursor.
 */
const forestPageQuery = preparedQuery<ForestPageRow, 'first' | 'after'>((db, shape) => {
  const page = () =>
    db
      .selectFrom('trees')
      .selectAll('trees')
      .select((eb) => [
        replacedById(eb),
        eb
          .selectFrom('tree_gift_allocations as g')
          .select((g) => g.fn.sum<number>('g.plants').as('n'))
          .whereRef('g.tree_id', '=', 'trees.id')
          .where('g.donor_id', '=', slot('user'))
          .as('member_gift_plants'),
      ])
      .$if(shape === 'after', (q) =>
        q.where((eb) =>
          eb(
            eb.refTuple('trees.planted_at', 'trees.id'),
            '<',
            eb.tuple(slot('plantedAt'), slot('id')),
          ),
        ),
      )
      .orderBy('trees.planted_at', 'desc')
      .orderBy('trees.id', 'desc')
      .limit(slot<number>('limit'));
  const own = page()
    .where('trees.owner_id', '=', slot('user'))
    // Names the planting so the planner walks trees_owner_planted_idx in order and stops at
    // the page, even when trees_owner_idx has no statistics (remade by 0064 after ANALYZE,
    // SQLite took it as more selective and sorted all 6,400 of a member's trees: 26 ms).
    .$if(shape === 'first', (q) => q.where('trees.planted_at', '<=', PLANTED_BEFORE_ANY));
  const gifted = page()
    .where('trees.owner_id', '<>', slot('user'))
    .where('trees.id', 'in', (eb) =>
      eb
        .selectFrom('tree_gift_allocations as m')
        .select('m.tree_id')
        .where('m.donor_id', '=', slot('user')),
    );
  // One statement (issue 20, per-request CPU): each range stays its own ordered, limited
  // subquery; the two are merged by the caller.
  return db
    .selectFrom(own.as('own'))
    .selectAll()
    .unionAll(db.selectFrom(gifted.as('gifted')).selectAll());
});

export function giftAllocationsRepository(db: Kysely<Database>) {
  /**
   * What a member's gifts hold on trees others registered, in one statement (a forest view pays
   * each statement's building and round trip, issue 20): the totals (`forestGiftedTotals`) and
   * the drives of those trees, at most `drivesLimit`, each with its latest such planting; with
   * `withSpecies`, also the plants per species (`giftedSpecies`).
   */
  async function forestGifted(
    userId: string,
    boundary: string,
    drivesLimit: number,
    withSpecies = false,
  ): Promise<{
    totals: { planted: number; alive: number; checked: number; verified: number };
    drives: [string, string][];
    species: [number, number][];
  }> {
    const rows = await forestGiftedQuery(db, withSpecies ? 'species' : 'plain', {
      user: userId,
      boundary,
      drives: drivesLimit,
    });
    const totals = rows.find((r) => r.part === 'totals')!;
    return {
      totals: {
        planted: Number(totals.planted),
        alive: Number(totals.alive),
        checked: Number(totals.checked),
        verified: Number(totals.verified),
      },
      drives: rows.flatMap((r) =>
        r.part === 'drive' && r.drive_id !== null ? [[r.drive_id, String(r.last_planted_at)]] : [],
      ),
      species: rows.flatMap((r) =>
        r.part === 'species' && r.species_id !== null
          ? [[Number(r.species_id), Number(r.planted)]]
          : [],
      ),
    };
  }

  return {
    /**
     * PostgreSQL only: one lock for every allocation, held until the transaction ends, so two
     * registrations (or a registration and a payment) never give one plant to two gifts.
     */
    async lockAllocations(): Promise<void> {
      await sql`select pg_advisory_xact_lock(${ADVISORY_NAMESPACE}, 0)`.execute(db);
    },

    tree: (id: string) =>
      db
        .selectFrom('trees')
        .select(['id', 'drive_id', 'tree_count', 'gift_plants', 'status'])
        .where('id', '=', id)
        .executeTakeFirst(),

    /** Drive trees (of one drive, or any) with free plants, earliest registration first. */
    freeTrees: (driveId: string | null, limit: number): Promise<FreeTree[]> => {
      let query = db
        .selectFrom('trees')
        .select(['id', 'drive_id', 'tree_count', 'gift_plants'])
        .where('drive_id', 'is not', null)
        .where('status', '<>', 'dead')
        .where('gift_plants', '<', (eb) => eb.ref('tree_count'));
      if (driveId !== null) query = query.where('drive_id', '=', driveId);
      return query.orderBy('created_at').orderBy('id').limit(limit).execute();
    },

    /**
     * Drive trees with free plants after a (created_at, id) cursor, earliest first: the
     * backfill's keyset page on the free-plants partial index.
     */
    freeTreesAfter: (after: { createdAt: string; id: string } | null, limit: number) => {
      let query = db
        .selectFrom('trees')
        .select(['id', 'created_at'])
        .where('drive_id', 'is not', null)
        .where('status', '<>', 'dead')
        .where('gift_plants', '<', (eb) => eb.ref('tree_count'));
      if (after)
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '>', after.createdAt),
            eb.and([eb('created_at', '=', after.createdAt), eb('id', '>', after.id)]),
          ]),
        );
      return query.orderBy('created_at').orderBy('id').limit(limit).execute();
    },

    backfillState: () =>
      db
        .selectFrom('gift_allocation_backfill')
        .selectAll()
        .where('name', '=', '0017')
        .executeTakeFirst(),

    async saveBackfill(changes: {
      cursor_at?: string;
      cursor_id?: string;
      finished_at?: string;
    }): Promise<void> {
      await db
        .updateTable('gift_allocation_backfill')
        .set(changes)
        .where('name', '=', '0017')
        .execute();
    },

    /** Adds plants of a tree to a gift (one row per gift and tree). */
    async allocate(row: {
      donation_id: string;
      tree_id: string;
      donor_id: string;
      plants: number;
      created_at: string;
    }): Promise<void> {
      await db
        .insertInto('tree_gift_allocations')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['donation_id', 'tree_id']).doUpdateSet((eb) => ({
            plants: eb('tree_gift_allocations.plants', '+', eb.ref('excluded.plants')),
          })),
        )
        .execute();
    },

    async addGiftPlants(treeId: string, delta: number): Promise<void> {
      await db
        .updateTable('trees')
        .set((eb) => ({ gift_plants: eb('gift_plants', '+', delta) }))
        .where('id', '=', treeId)
        .execute();
    },

    ofGift: (donationId: string) =>
      db
        .selectFrom('tree_gift_allocations')
        .selectAll()
        .where('donation_id', '=', donationId)
        .orderBy('created_at')
        .orderBy('tree_id')
        .execute(),

    ofTree: (treeId: string) =>
      db
        .selectFrom('tree_gift_allocations')
        .selectAll()
        .where('tree_id', '=', treeId)
        .orderBy('created_at')
        .orderBy('donation_id')
        .execute(),

    async treeCarriesGifts(treeId: string): Promise<boolean> {
      const row = await db
        .selectFrom('tree_gift_allocations')
        .select('tree_id')
        .where('tree_id', '=', treeId)
        .limit(1)
        .executeTakeFirst();
      return Boolean(row);
    },

    /** A gift's trees now grow in another member's forest (a gift claimed whole). */
    moveGift: (donationId: string, holderId: string) =>
      db
        .updateTable('tree_gift_allocations')
        .set({ donor_id: holderId })
        .where('donation_id', '=', donationId)
        .execute(),

    releaseGift: (donationId: string) =>
      db.deleteFrom('tree_gift_allocations').where('donation_id', '=', donationId).execute(),

    /** Sets the plants a gift holds on one tree; the row goes at 0. */
    async setPlants(donationId: string, treeId: string, plants: number): Promise<void> {
      if (plants <= 0)
        await db
          .deleteFrom('tree_gift_allocations')
          .where('donation_id', '=', donationId)
          .where('tree_id', '=', treeId)
          .execute();
      else
        await db
          .updateTable('tree_gift_allocations')
          .set({ plants })
          .where('donation_id', '=', donationId)
          .where('tree_id', '=', treeId)
          .execute();
    },

    /** The trees of a gift with their species (a certificate prints them). */
    giftTrees: (donationId: string) =>
      db
        .selectFrom('tree_gift_allocations as a')
        .innerJoin('trees as t', 't.id', 'a.tree_id')
        .select(['t.id', 't.species_id', 'a.plants'])
        .where('a.donation_id', '=', donationId)
        .orderBy('a.created_at')
        .orderBy('t.id')
        .execute(),

    /**
     * Plants a member's gifts hold on trees others registered, and how many are alive (at most
     * the record's alive count). Bounded by the member's gifts; their own trees' figures are
     * stored (`ownerTreeFigures`).
     */
    async forestGiftedTotals(
      userId: string,
      boundary = '',
    ): Promise<{ planted: number; alive: number; checked: number; verified: number }> {
      return (await forestGifted(userId, boundary, 0)).totals;
    },

    forestGifted,

    /**
     * A page of a member's forest: trees they registered and trees their gifts hold on others',
     * latest planting first (keyset), each with the plants the member's gifts hold on it. Two
     * bounded ranges in one statement: their own on trees_owner_planted_idx, the gifted by their
     * gifts.
     */
    async forestPage(
      userId: string,
      before: ForestTreeCursor | undefined,
      limit: number,
    ): Promise<Array<ForestPageRow>> {
      const rows = await forestPageQuery(db, before === undefined ? 'first' : 'after', {
        user: userId,
        limit,
        ...(before && { plantedAt: before.plantedAt, id: before.id }),
      });
      return rows.sort(latestPlantingFirst).slice(0, limit);
    },
  };
}
export type GiftAllocationsRepository = ReturnType<typeof giftAllocationsRepository>;
