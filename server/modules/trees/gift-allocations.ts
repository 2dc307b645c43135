import { TREE_MESSAGES } from '../../../contract/trees';
import type { Tx, UnitOfWork } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { TreeGiftDemand, TreeGiftLedger } from '../donations/tree-gift-ledger';
import type { GiftPlantings } from '../module';
import { giftAllocationsRepository, type FreeTree } from './gift-allocations.repository';
import type { GiftTreeNews } from './gift-tree-news';
import { speciesRef } from './tree-mapper';

/** Rows read per step of an allocation loop. */
const BATCH = 50;

export interface GiftAllocationDeps {
  uow: UnitOfWork;
  clock: Clock;
  /** PostgreSQL: allocations take the advisory lock; SQLite runs one write at a time. */
  sharedDatabase: boolean;
  /** Donations' paid tree gifts and their planted counts, in the caller's transaction. */
  gifts: Pick<
    TreeGiftLedger,
    'openTreeGifts' | 'hasOpenTreeGifts' | 'paidTreeGift' | 'addPlanted' | 'clearPlanted'
  >;
  /** Donors hear of their gift planted and a replacement of a tree it holds (gift-tree-news.ts). */
  news?: Pick<GiftTreeNews, 'onGiftTreeEvent' | 'onGiftPlanted'>;
}

const NONE: ReadonlySet<string> = new Set();

/** Reads the `{ donationId }` payload of the gift jobs; null when it is not one. */
export function donationIdOf(payload: unknown): string | null {
  return typeof payload === 'object' &&
    payload !== null &&
    'donationId' in payload &&
    typeof payload.donationId === 'string'
    ? payload.donationId
    : null;
}

/**
 * Gifts become trees (issue 19 §1). Every write runs in the caller's transaction and, on
 * PostgreSQL, under one advisory lock taken before anything is read, so concurrent
 * registrations and payments see each other's committed allocations and never give one plant
 * to two gifts. Rules:
 * - trees registered at a drive take the drive's paid tree gifts, earliest payment first, until
 *   each is covered; plants left over cover general-fund gifts, earliest payment first;
 * - a gift paid later takes free plants at once (its drive's, or for the general fund those of
 *   any drive whose own gifts are covered), earliest registered first;
 * - a replacement tree inherits its dead tree's allocations; a refund releases the gift's plants,
 *   which then cover other open gifts; a tree carrying gifts cannot be deleted.
 */
export function giftAllocations(deps: GiftAllocationDeps) {
  const { uow, clock, gifts } = deps;

  async function lock(tx: Tx) {
    if (deps.sharedDatabase) await giftAllocationsRepository(tx.db).lockAllocations();
  }

  /**
   * Gives `plants` of a tree to a gift; the donor hears once, when their gift first takes root
   * (not when an edit gave its plants back and it takes others: `moved`), in their day's one notice.
   */
  async function give(
    tx: Tx,
    gift: TreeGiftDemand,
    tree: FreeTree,
    plants: number,
    moved: ReadonlySet<string>,
  ) {
    const repo = giftAllocationsRepository(tx.db);
    await repo.allocate({
      donation_id: gift.id,
      tree_id: tree.id,
      donor_id: gift.donorId,
      plants,
      created_at: clock.now().toISOString(),
    });
    await repo.addGiftPlants(tree.id, plants);
    await gifts.addPlanted(tx, gift.id, plants);
    if (gift.planted === 0 && !moved.has(gift.id))
      await deps.news?.onGiftPlanted(tx, gift.donorId, tree.id);
    gift.planted += plants;
    tree.gift_plants += plants;
  }

  /** Covers open gifts with a tree's free plants: its drive's first, then the general fund. */
  async function coverWithTree(tx: Tx, treeId: string, moved = NONE): Promise<void> {
    const tree = await giftAllocationsRepository(tx.db).tree(treeId);
    if (!tree?.drive_id || tree.status === 'dead') return;
    const free: FreeTree = {
      id: tree.id,
      drive_id: tree.drive_id,
      tree_count: Number(tree.tree_count),
      gift_plants: Number(tree.gift_plants),
    };
    for (const scope of [tree.drive_id, null]) {
      while (free.gift_plants < free.tree_count) {
        const open = await gifts.openTreeGifts(tx, scope, BATCH);
        if (open.length === 0) break;
        for (const gift of open) {
          const take = Math.min(free.tree_count - free.gift_plants, gift.trees - gift.planted);
          if (take > 0) await give(tx, gift, free, take, moved);
          if (free.gift_plants >= free.tree_count) break;
        }
      }
    }
  }

  /** A gift just paid takes free plants: its drive's trees, or any covered drive's. */
  async function coverGift(tx: Tx, donationId: string, moved = NONE): Promise<void> {
    const gift = await gifts.paidTreeGift(tx, donationId);
    if (!gift) return;
    const repo = giftAllocationsRepository(tx.db);
    const skipped = new Set<string>();
    while (gift.planted < gift.trees) {
      const trees = (await repo.freeTrees(gift.driveId, BATCH + skipped.size)).filter(
        (t) => !skipped.has(t.id),
      );
      if (trees.length === 0) return;
      for (const raw of trees) {
        const tree: FreeTree = {
          ...raw,
          tree_count: Number(raw.tree_count),
          gift_plants: Number(raw.gift_plants),
        };
        // The general fund takes only plants of drives whose own gifts are covered.
        if (gift.driveId === null && (await gifts.hasOpenTreeGifts(tx, tree.drive_id ?? ''))) {
          skipped.add(tree.id);
          continue;
        }
        await give(
          tx,
          gift,
          tree,
          Math.min(tree.tree_count - tree.gift_plants, gift.trees - gift.planted),
          moved,
        );
        if (gift.planted >= gift.trees) return;
      }
    }
  }

  /** Takes `plants` of a gift back from a tree (the row goes at 0); the gift is open again. */
  async function takeBack(
    tx: Tx,
    donationId: string,
    treeId: string,
    held: number,
    plants: number,
  ) {
    const repo = giftAllocationsRepository(tx.db);
    await repo.setPlants(donationId, treeId, held - plants);
    await repo.addGiftPlants(treeId, -plants);
    await gifts.addPlanted(tx, donationId, -plants);
  }

  /** Batches of trees the one-off backfill allocates per run (a run stops after MAX_BATCHES). */
  const BACKFILL_BATCH = 50;
  const BACKFILL_MAX_BATCHES = 20;

  return {
    /**
     * In the editing transaction, after the update: a tree moved to another drive gives back the
     * old drive's gifts (they take other free plants) and covers the new drive's; a tree with
     * fewer plants than its gifts hold gives back the latest ones; more plants cover open gifts.
     */
    async onEdited(
      tx: Tx,
      before: { id: string; drive_id: string | null; tree_count: number },
    ): Promise<void> {
      await lock(tx);
      const repo = giftAllocationsRepository(tx.db);
      const tree = await repo.tree(before.id);
      if (!tree) return;
      const count = Number(tree.tree_count);
      const rows = await repo.ofTree(before.id);
      const released: string[] = [];
      if (tree.drive_id !== before.drive_id) {
        for (const row of rows) {
          await takeBack(tx, row.donation_id, row.tree_id, Number(row.plants), Number(row.plants));
          released.push(row.donation_id);
        }
      } else {
        let excess = Number(tree.gift_plants) - count;
        // The latest payments give way first: the earliest keep their plants.
        const paidAt = new Map<string, string>();
        if (excess > 0)
          for (const row of rows)
            paidAt.set(
              row.donation_id,
              (await gifts.paidTreeGift(tx, row.donation_id))?.paidAt ?? '',
            );
        const latestFirst = [...rows].sort((a, b) =>
          `${paidAt.get(b.donation_id)}${b.donation_id}`.localeCompare(
            `${paidAt.get(a.donation_id)}${a.donation_id}`,
          ),
        );
        for (const row of latestFirst) {
          if (excess <= 0) break;
          const plants = Math.min(excess, Number(row.plants));
          await takeBack(tx, row.donation_id, row.tree_id, Number(row.plants), plants);
          released.push(row.donation_id);
          excess -= plants;
        }
      }
      if (released.length === 0 && count === Number(before.tree_count)) return;
      // The tree's free plants cover its (new) drive's gifts first, then the released gifts
      // take whatever other plants are free.
      const moved = new Set(released);
      await coverWithTree(tx, before.id, moved);
      for (const donationId of moved) await coverGift(tx, donationId, moved);
    },

    /**
     * The one-off allocation of trees and paid gifts older than allocations (migration 0021's
     * `gift_allocation_backfill` row): drive trees with free plants, earliest registration first,
     * cover their drives' open gifts and then the general fund, as a registration would. A batch
     * per transaction under the allocation lock; the keyset cursor is saved with each batch, so a
     * stopped run resumes and a finished one does nothing. Returns trees looked at.
     */
    async backfillAllocations(): Promise<number> {
      let seen = 0;
      // Done (the usual case): one read, no lock.
      const state = await giftAllocationsRepository(uow.db).backfillState();
      if (!state || state.finished_at) return 0;
      for (let batch = 0; batch < BACKFILL_MAX_BATCHES; batch++) {
        const done = await uow.withTransaction(async (tx) => {
          await lock(tx);
          const repo = giftAllocationsRepository(tx.db);
          const state = await repo.backfillState();
          if (!state || state.finished_at) return true;
          const trees = await repo.freeTreesAfter(
            state.cursor_at ? { createdAt: state.cursor_at, id: state.cursor_id } : null,
            BACKFILL_BATCH,
          );
          for (const tree of trees) await coverWithTree(tx, tree.id);
          seen += trees.length;
          const last = trees.at(-1);
          if (!last || trees.length < BACKFILL_BATCH) {
            await repo.saveBackfill({ finished_at: clock.now().toISOString() });
            return true;
          }
          await repo.saveBackfill({ cursor_at: last.created_at, cursor_id: last.id });
          return false;
        });
        if (done) break;
      }
      return seen;
    },

    /**
     * In the registering transaction, after the insert: a replacement inherits the dead tree's
     * gifts (as many as it has plants), then free plants cover open gifts.
     */
    async onRegistered(
      tx: Tx,
      tree: { id: string; tree_count: number; replaces_tree_id: string | null },
    ): Promise<void> {
      await lock(tx);
      const repo = giftAllocationsRepository(tx.db);
      if (tree.replaces_tree_id) {
        let room = tree.tree_count;
        for (const row of await repo.ofTree(tree.replaces_tree_id)) {
          if (room <= 0) break;
          const moved = Math.min(room, Number(row.plants));
          await repo.setPlants(row.donation_id, row.tree_id, Number(row.plants) - moved);
          await repo.addGiftPlants(tree.replaces_tree_id, -moved);
          await repo.allocate({ ...row, tree_id: tree.id, plants: moved });
          await repo.addGiftPlants(tree.id, moved);
          room -= moved;
        }
        // The donors of the trees it carries now hear of the replanting.
        await deps.news?.onGiftTreeEvent(tx, tree.id, 'replaced');
      }
      await coverWithTree(tx, tree.id);
    },

    /** Refuses to delete a tree that carries gifts (409): mark it dead instead. */
    async guardRemoval(tx: Tx, treeId: string): Promise<void> {
      if (await giftAllocationsRepository(tx.db).treeCarriesGifts(treeId))
        throw new AppError(409, 'CONFLICT', TREE_MESSAGES.giftsPlantedHere);
    },

    /** The job after a tree gift is paid: it takes free plants at once. */
    async onGiftPaid(payload: unknown): Promise<void> {
      const donationId = donationIdOf(payload);
      if (!donationId) return;
      await uow.withTransaction(async (tx) => {
        await lock(tx);
        await coverGift(tx, donationId);
      });
    },

    /** A gift claimed whole by its recipient: its planted trees move into their forest. */
    async onGiftClaimed(tx: Tx, claim: { donationId: string; claimerId: string }): Promise<void> {
      await lock(tx);
      await giftAllocationsRepository(tx.db).moveGift(claim.donationId, claim.claimerId);
    },

    /** The job after a tree gift is refunded: its plants go back and cover other open gifts. */
    async onGiftRefunded(payload: unknown): Promise<void> {
      const donationId = donationIdOf(payload);
      if (!donationId) return;
      await uow.withTransaction(async (tx) => {
        await lock(tx);
        const repo = giftAllocationsRepository(tx.db);
        const rows = await repo.ofGift(donationId);
        if (rows.length === 0) return;
        await repo.releaseGift(donationId);
        for (const row of rows) await repo.addGiftPlants(row.tree_id, -Number(row.plants));
        await gifts.clearPlanted(tx, donationId);
        for (const row of rows) await coverWithTree(tx, row.tree_id);
      });
    },

    /** Read port for certificates: the trees carrying a gift and how many plants. */
    async giftPlantings(donationId: string): Promise<GiftPlantings> {
      const rows = await giftAllocationsRepository(uow.db).giftTrees(donationId);
      return {
        treeIds: rows.map((r) => r.id),
        planted: rows.reduce((sum, r) => sum + Number(r.plants), 0),
        species: [...new Set(rows.map((r) => speciesRef(r.species_id).label))],
      };
    },
  };
}
export type GiftAllocations = ReturnType<typeof giftAllocations>;
