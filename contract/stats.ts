import { z } from 'zod';

/** The community's impact as shown on the landing page; all figures are computed from stored data. */
export const impactStatsSchema = z.object({
  treesRegistered: z.number().int().nonnegative(),
  treesDonated: z.number().int().nonnegative(),
  /** Sum of successful cash donations, in minor units (cents) of `currency`. */
  moneyRaisedMinor: z.number().int().nonnegative(),
  currency: z.string().length(3),
  drivesCreated: z.number().int().nonnegative(),
  volunteerHours: z.number().nonnegative(),
  /** Estimated kilograms of CO₂ absorbed so far by every registered tree. */
  co2Kg: z.number().nonnegative(),
  /** Estimated kilograms of O₂ released for that CO₂. */
  o2Kg: z.number().nonnegative(),
  members: z.number().int().nonnegative(),
  countries: z.number().int().nonnegative(),
  computedAt: z.string(),
});
export type ImpactStats = z.infer<typeof impactStatsSchema>;

export const statsResponseSchema = z.object({
  success: z.literal(true),
  data: impactStatsSchema,
});
