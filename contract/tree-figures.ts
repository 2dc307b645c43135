import { z } from 'zod';
import type { FourNumbers } from './four-numbers';

/**
 * The four honest numbers as every answer carries them (issue 21 §3; definitions in
 * `four-numbers.ts`): the same field names on the landing page's stats, a drive, the dashboards,
 * the forest and the impact report.
 */
export const fourNumbersSchema = z.object({
  /** Trees paid for (paid tree donations' trees, refunds excluded). */
  treesFunded: z.number().int().nonnegative(),
  /** Plants registered (not on rejected trees). */
  treesPlanted: z.number().int().nonnegative(),
  /** Living plants whose last check is less than 12 months old (not on rejected trees). */
  treesAliveChecked: z.number().int().nonnegative(),
  /** Of those, the plants on verified trees. */
  treesVerified: z.number().int().nonnegative(),
}) satisfies z.ZodType<FourNumbers>;

/**
 * Living plants left out of a CO₂ and O₂ total because their last check is 12 months old or more
 * (the totals count alive-at-last-check plants only).
 */
export const treesUnconfirmedField = z.number().int().nonnegative();

/** GET /api/drives/{id}/four-numbers: the drive's trees (funded at it, planted at it). */
export const driveFourNumbersResponseSchema = z.object({
  success: z.literal(true),
  data: fourNumbersSchema,
});
export type DriveFourNumbersResponse = z.infer<typeof driveFourNumbersResponseSchema>;
