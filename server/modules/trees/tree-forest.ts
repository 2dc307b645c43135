import { checkBoundary } from '../../../contract/four-numbers';
import type { PublicSpecies } from '../../../contract/forest-sharing';
import type { Tree } from '../../../contract/trees';
import type { Executor } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { giftAllocationsRepository, type ForestTreeCursor } from './gift-allocations.repository';
import type { OwnerTreeFigures } from './tree-charts';
import { toTree } from './tree-mapper';
import { speciesList } from './tree-public';
import type { TreePeople } from './trees-people';

/** A member's forest figures: plants and alive, and three of the four numbers. */
export interface ForestTotals {
  planted: number;
  alive: number;
  treesPlanted: number;
  treesAliveChecked: number;
  treesVerified: number;
}

/** A tree of a member's forest: as the trees API shows it, and the plants their gifts hold. */
export type ForestTree = Tree & { giftPlants: number };

/**
 * Read methods of a member's forest (issue 19 §2), answered from trees' own tables: the trees
 * they registered and the trees their gifts hold, a keyset page at a time, and two aggregates.
 * Coordinates are exact for the member's own trees only (`toTree`).
 */
export function treeForest(deps: {
  db: Executor;
  clock: Clock;
  users: TreePeople;
  /** The member's own trees' stored figures (tree-charts.ts). */
  own: (
    userId: string,
  ) => Promise<
    Pick<OwnerTreeFigures, 'plants' | 'livingPlants' | 'drives' | 'checked' | 'species'>
  >;
}) {
  const repo = giftAllocationsRepository(deps.db);

  /**
   * `forestTotals` and the drives of the member's latest forest trees (at most `drivesLimit`, for
   * the timeline's field updates), and with `speciesLimit` their species as `forestSpecies` lists
   * them: their own stored figures and one statement for their gifts'.
   */
  async function forestFigures(
    userId: string,
    drivesLimit: number,
    speciesLimit?: number,
  ): Promise<{ totals: ForestTotals; driveIds: string[]; species: PublicSpecies[] }> {
    const [own, gifted] = await Promise.all([
      deps.own(userId),
      repo.forestGifted(
        userId,
        checkBoundary(deps.clock.now()),
        drivesLimit,
        speciesLimit !== undefined,
      ),
    ]);
    const plants = new Map<number, number>();
    for (const [species, n] of [...own.species, ...gifted.species])
      plants.set(species, (plants.get(species) ?? 0) + n);
    const latest = new Map<string, string>();
    for (const [drive, at] of [...own.drives, ...gifted.drives])
      if ((latest.get(drive) ?? '') < at) latest.set(drive, at);
    return {
      totals: {
        planted: own.plants + gifted.totals.planted,
        alive: own.livingPlants + gifted.totals.alive,
        treesPlanted: own.checked.treesPlanted + gifted.totals.planted,
        treesAliveChecked: own.checked.treesAliveChecked + gifted.totals.checked,
        treesVerified: own.checked.treesVerified + gifted.totals.verified,
      },
      driveIds: [...latest.entries()]
        .sort((a, b) => (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : a[0] < b[0] ? -1 : 1))
        .slice(0, drivesLimit)
        .map(([drive]) => drive),
      species: speciesLimit === undefined ? [] : speciesList(plants, speciesLimit),
    };
  }

  return {
    /**
     * Plants in the member's forest and how many are alive: their own stored, their gifts'; and
     * the four numbers' planted, alive at last check and verified (issue 21 §3, rejected trees
     * left out).
     */
    async forestTotals(userId: string): Promise<ForestTotals> {
      return (await forestFigures(userId, 0)).totals;
    },

    forestFigures,

    /** A page of the member's forest trees, latest planting first, and the next cursor. */
    async forestTrees(
      userId: string,
      before: ForestTreeCursor | undefined,
      limit: number,
    ): Promise<{ trees: ForestTree[]; next: ForestTreeCursor | null }> {
      const rows = await repo.forestPage(userId, before, limit + 1);
      const page = rows.slice(0, limit);
      const owners = await deps.users.people(page.map((r) => r.owner_id));
      const now = deps.clock.now();
      const trees = page.flatMap((row) => {
        const owner = owners.get(row.owner_id);
        if (!owner) return [];
        // Set on the row and the tree, not spread into copies: a copy of a 35-column row is made
        // field by field, ~8 µs a tree (issue 20, per-request CPU). The rows are this call's own.
        const withOwner = Object.assign(row, {
          owner_name: owner.name,
          owner_username: owner.username,
          owner_deleted_at: owner.deletedAt,
        });
        const tree = toTree(withOwner, { callerId: userId, now });
        return [Object.assign(tree, { giftPlants: Number(row.member_gift_plants ?? 0) })];
      });
      const last = page.at(-1);
      return {
        trees,
        next: rows.length > limit && last ? { plantedAt: last.planted_at, id: last.id } : null,
      };
    },
  };
}
export type TreeForest = ReturnType<typeof treeForest>;
