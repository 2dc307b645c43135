import { z } from 'zod';
import { driveUpdateSchema } from './drive-updates';
import { fourNumbersSchema } from './tree-figures';
import { treeSchema } from './trees';

export { FOREST_PATH } from './app-paths';

export const FOREST_LIMITS = {
  /** Trees, gifts and updates per page unless `limit` says otherwise. */
  pageSize: 20,
  pageMax: 50,
  /** The drives whose field updates the timeline shows (the latest ones). */
  drivesMax: 50,
} as const;

export const FOREST_MESSAGES = {
  badCursor: 'That page of your forest is not available; please reload.',
  limit: `limit must be between 1 and ${FOREST_LIMITS.pageMax}.`,
} as const;

const cursor = z.string().max(300).optional();

/** `GET /api/forest`: each list pages on its own (`…Before` = the previous answer's `next`). */
export const forestQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, FOREST_MESSAGES.limit)
    .max(FOREST_LIMITS.pageMax, FOREST_MESSAGES.limit)
    .default(FOREST_LIMITS.pageSize),
  treesBefore: cursor,
  giftsBefore: cursor,
  updatesBefore: cursor,
});
export type ForestQuery = z.infer<typeof forestQuerySchema>;

/**
 * `funded`: paid, waiting to be planted (`plantingOn` is the drive's date when it has one);
 * `partly-planted`: some of its trees are in the ground; `planted`: every tree is placed.
 * The statuses stay these three; a gift whose drive is over and not all planted says so with
 * `waitingForOrganiser` (added in issue 19 §1; a client that does not know it still reads them).
 */
export const GIFT_STATUSES = ['funded', 'partly-planted', 'planted'] as const;
export type GiftStatus = (typeof GIFT_STATUSES)[number];

export const forestGiftSchema = z.object({
  donationId: z.string(),
  trees: z.number().int(),
  planted: z.number().int(),
  status: z.enum(GIFT_STATUSES),
  driveId: z.string().nullable(),
  driveName: z.string().nullable(),
  /** When the drive the gift went to plants (its start); null for the general fund. */
  plantingOn: z.string().nullable(),
  /**
   * True once the gift's drive is over while some of its trees are not recorded as planted: the
   * donor reads "waiting for the organiser to record the planting", never a silent zero (the
   * organiser is reminded the day after). Always false for the general fund and planted gifts.
   */
  waitingForOrganiser: z.boolean(),
  paidAt: z.string(),
});
export type ForestGift = z.infer<typeof forestGiftSchema>;

export const forestTreeSchema = treeSchema.extend({
  /** How many of this record's plants the caller's gifts paid for (0: a tree they registered). */
  giftPlants: z.number().int(),
  driveName: z.string().nullable(),
});
export type ForestTree = z.infer<typeof forestTreeSchema>;

export const forestSchema = z.object({
  /** Trees the caller's paid gifts funded; plants in their forest; of those, alive today. */
  summary: z.object({
    funded: z.number().int(),
    planted: z.number().int(),
    alive: z.number().int(),
  }),
  /** The four honest numbers of the forest (issue 21 §3): funded is `summary.funded`. */
  fourNumbers: fourNumbersSchema,
  /** Newest payment first. */
  gifts: z.array(forestGiftSchema),
  /** Latest planting first; coordinates exact for the caller's own trees, rounded for others. */
  trees: z.array(forestTreeSchema),
  /**
   * Field updates of the drives of the caller's trees and gifts, the drives they gave money to and
   * the drives they joined, newest first.
   */
  updates: z.array(driveUpdateSchema),
  /** Pass as `giftsBefore`, `treesBefore`, `updatesBefore` for the next page; null at the end. */
  next: z.object({
    gifts: z.string().nullable(),
    trees: z.string().nullable(),
    updates: z.string().nullable(),
  }),
});
export type Forest = z.infer<typeof forestSchema>;

export const forestResponseSchema = z.object({ success: z.literal(true), data: forestSchema });

/** The status of a gift from its counts. */
export const giftStatusOf = (trees: number, planted: number): GiftStatus =>
  planted <= 0 ? 'funded' : planted >= trees ? 'planted' : 'partly-planted';
