import type { PublicSpecies, PublicTree } from '../../../contract/forest-sharing';
import type { Range } from '../../../contract/impact';
import type { TreeRow } from '../../db/tables';
import type { Executor } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { fileUrl } from '../../../contract/files';
import { giftAllocationsRepository } from './gift-allocations.repository';
import type { OwnerTreeFigures } from './tree-charts';
import { impactOfRow, publicPlaceOf, roundCoordinate, speciesRef, statusOf } from './tree-mapper';
import { treePublicRepository } from './tree-public.repository';

/** A public tree without its drive's name (the forest module names drives). */
export type PublicTreeRecord = Omit<PublicTree, 'driveName'> & { driveId: string | null };

const scaled = (range: Range, share: number): Range => ({
  low: range.low * share,
  mid: range.mid * share,
  high: range.high * share,
});

/** A tree row as anyone may see it: place rounded, no owner, CO₂ of the plants `plants` held. */
function toPublicTree(row: TreeRow, plants: number, now: Date): PublicTreeRecord {
  const impact = impactOfRow(row, now);
  const share = row.tree_count > 0 ? Math.min(1, plants / row.tree_count) : 0;
  return {
    id: row.id,
    species: speciesRef(row.species_id),
    plants,
    count: row.tree_count,
    aliveCount: row.alive_count,
    status: statusOf(row),
    plantedAt: row.planted_at,
    lat: row.lat === null ? null : roundCoordinate(row.lat),
    lng: row.lng === null ? null : roundCoordinate(row.lng),
    location: publicPlaceOf(row),
    driveId: row.drive_id,
    photoUrl: row.photo_file_id ? fileUrl(row.photo_file_id) : '',
    co2Kg: scaled(impact.co2Kg, share),
    basis: impact.basis,
  };
}

/** Plants per species, most first (ties by species), at most `limit`. */
export const speciesList = (plants: Map<number, number>, limit: number): PublicSpecies[] =>
  [...plants]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([value, n]) => ({ ...speciesRef(value), plants: n }));

/**
 * Read methods of the public forest and gift pages (issue 19 §4): never an exact coordinate, an
 * owner or a full address; every list bounded, every total an aggregate.
 */
export function treePublic(deps: {
  db: Executor;
  clock: Clock;
  /** The member's own trees' stored figures (tree-charts.ts). */
  own: (userId: string) => Promise<Pick<OwnerTreeFigures, 'species'>>;
}) {
  const forest = giftAllocationsRepository(deps.db);
  const repo = treePublicRepository(deps.db);
  return {
    /** The member's latest forest trees (registered, or held by their gifts), public view. */
    async publicForestTrees(userId: string, limit: number): Promise<PublicTreeRecord[]> {
      const rows = await forest.forestPage(userId, undefined, limit);
      const now = deps.clock.now();
      return rows.map((row) =>
        toPublicTree(
          row,
          row.owner_id === userId ? row.tree_count : Number(row.member_gift_plants ?? 0),
          now,
        ),
      );
    },

    /** The species of the member's forest, most plants first. */
    async forestSpecies(userId: string, limit: number) {
      const [own, gifted] = await Promise.all([deps.own(userId), repo.giftedSpecies(userId)]);
      const plants = new Map<number, number>();
      for (const [species, n] of [...own.species, ...gifted])
        plants.set(species, (plants.get(species) ?? 0) + n);
      return speciesList(plants, limit);
    },

    /** The trees carrying one gift, public view. */
    async publicGiftTrees(donationId: string, limit: number): Promise<PublicTreeRecord[]> {
      const rows = await repo.giftTrees(donationId, limit);
      const now = deps.clock.now();
      return rows.map((row) => toPublicTree(row, Number(row.held_plants), now));
    },

    /** The species of one gift's trees, most plants first. */
    giftSpecies: async (donationId: string, limit: number) =>
      speciesList(await repo.giftSpecies(donationId), limit),
  };
}
export type TreePublic = ReturnType<typeof treePublic>;
