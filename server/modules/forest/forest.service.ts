import {
  FOREST_LIMITS,
  FOREST_MESSAGES,
  giftStatusOf,
  type Forest,
  type ForestQuery,
} from '../../../contract/forest';
import type { Clock } from '../../lib/clock';
import { badRequest } from '../../lib/errors';
import type { DonationsService } from '../donations/donations.service';
import type { TreeGiftLedger } from '../donations/tree-gift-ledger';
import type { DriveUpdatesService } from '../drive-updates/drive-updates.service';
import type { DrivesService } from '../drives/drives.service';
import type { TreeForest } from '../trees/tree-forest';

export interface ForestDeps {
  trees: Pick<TreeForest, 'forestFigures' | 'forestTrees'>;
  donations: Pick<TreeGiftLedger, 'donorForest'> & Pick<DonationsService, 'donorDriveIds'>;
  drives: Pick<DrivesService, 'briefs' | 'joinedDriveIds'>;
  driveUpdates: Pick<DriveUpdatesService, 'updatesForDrives'>;
  clock: Clock;
}

/** Cursors are a row's (time, id), base64url JSON, opaque to clients. */
const encode = (at: string, id: string) =>
  Buffer.from(JSON.stringify([at, id])).toString('base64url');

function decode(cursor: string | undefined): { at: string; id: string } | undefined {
  if (cursor === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      value[0].length <= 40 &&
      value[1].length <= 100
    )
      return { at: value[0], id: value[1] };
  } catch {
    // Not base64url JSON: refused below.
  }
  throw badRequest(FOREST_MESSAGES.badCursor);
}

/**
 * A member's forest (issue 19 §2), a report owning no tables: the trees module answers the trees
 * (registered, or held by the member's gifts) and their totals, donations the gifts, drives their
 * names and dates, drive updates the timeline. Every list is a keyset page and every total one
 * aggregate, so a member with a long history costs the same as a new one.
 */
export function forestService(deps: ForestDeps) {
  return {
    async forest(userId: string, query: ForestQuery): Promise<Forest> {
      const { limit } = query;
      const treesBefore = decode(query.treesBefore);
      const giftsBefore = decode(query.giftsBefore);
      const updatesBefore = decode(query.updatesBefore);
      const max = FOREST_LIMITS.drivesMax;
      const figures = deps.trees.forestFigures(userId, max);
      const donor = deps.donations.donorForest(
        userId,
        giftsBefore && { paidAt: giftsBefore.at, id: giftsBefore.id },
        limit + 1,
        max,
      );
      /**
       * The timeline's drives: those of the member's gifts, then of their trees, then the ones
       * they gave money to or joined (issue 19 §6), the first `max`. The last two are read only
       * while fewer are known (issue 20: a long history has its `max` in the first two).
       */
      const timelineDrives = async () => {
        const [{ driveIds: giftDrives }, { driveIds: treeDrives }] = await Promise.all([
          donor,
          figures,
        ]);
        const ids = new Set([...giftDrives, ...treeDrives]);
        if (ids.size < max) {
          const [gaveTo, joined] = await Promise.all([
            deps.donations.donorDriveIds(userId, max),
            deps.drives.joinedDriveIds(userId, max),
          ]);
          for (const id of [...gaveTo, ...joined]) ids.add(id);
        }
        return [...ids].slice(0, max);
      };
      const [{ totals }, { totals: giftTotals, gifts: giftRows }, treePage, driveIds] =
        await Promise.all([
          figures,
          donor,
          deps.trees.forestTrees(
            userId,
            treesBefore && { plantedAt: treesBefore.at, id: treesBefore.id },
            limit,
          ),
          timelineDrives(),
        ]);
      const gifts = giftRows.slice(0, limit);
      const [drives, updates] = await Promise.all([
        deps.drives.briefs([
          ...gifts.flatMap((g) => (g.driveId ? [g.driveId] : [])),
          ...treePage.trees.flatMap((t) => (t.driveId ? [t.driveId] : [])),
        ]),
        driveIds.length > 0
          ? deps.driveUpdates.updatesForDrives(driveIds, {
              before: updatesBefore && { createdAt: updatesBefore.at, id: updatesBefore.id },
              limit,
            })
          : Promise.resolve({ updates: [], nextCursor: null }),
      ]);
      const lastGift = gifts.at(-1);
      const now = deps.clock.now().getTime();
      return {
        summary: { funded: giftTotals.funded, planted: totals.planted, alive: totals.alive },
        fourNumbers: {
          treesFunded: giftTotals.funded,
          treesPlanted: totals.treesPlanted,
          treesAliveChecked: totals.treesAliveChecked,
          treesVerified: totals.treesVerified,
        },
        gifts: gifts.map((g) => {
          const drive = g.driveId ? drives.get(g.driveId) : undefined;
          const status = giftStatusOf(g.trees, g.planted);
          return {
            donationId: g.id,
            trees: g.trees,
            planted: Math.min(g.planted, g.trees),
            status,
            driveId: g.driveId,
            driveName: drive?.name ?? null,
            plantingOn: drive?.startsAt ?? null,
            waitingForOrganiser:
              status !== 'planted' && drive !== undefined && Date.parse(drive.endsAt) <= now,
            paidAt: g.paidAt,
          };
        }),
        // Added to each tree, not spread into a copy (issue 20, per-request CPU).
        trees: treePage.trees.map((t) =>
          Object.assign(t, { driveName: (t.driveId && drives.get(t.driveId)?.name) || null }),
        ),
        updates: updates.updates,
        next: {
          gifts: giftRows.length > limit && lastGift ? encode(lastGift.paidAt, lastGift.id) : null,
          trees: treePage.next && encode(treePage.next.plantedAt, treePage.next.id),
          updates: updates.nextCursor,
        },
      };
    },
  };
}
export type ForestService = ReturnType<typeof forestService>;
