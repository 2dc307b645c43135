import { z } from 'zod';
import { fourNumbersSchema, treesUnconfirmedField } from './tree-figures';

/** The community's impact as shown on the landing page; all figures are computed from stored data. */
export const impactStatsSchema = fourNumbersSchema.extend({
  /** Living plants (not on dead or rejected trees), checked or not. */
  treesRegistered: z.number().int().nonnegative(),
  treesDonated: z.number().int().nonnegative(),
  /** All money received, trees and cash, less refunds, in minor units (cents) of `currency`. */
  moneyRaisedMinor: z.number().int().nonnegative(),
  currency: z.string().length(3),
  drivesCreated: z.number().int().nonnegative(),
  volunteerHours: z.number().nonnegative(),
  /** Estimated kilograms of CO₂ stored so far by the plants alive at last check (issue 21 §3). */
  co2Kg: z.number().nonnegative(),
  /** Estimated kilograms of O₂ released for that CO₂. */
  o2Kg: z.number().nonnegative(),
  /** Living plants left out of `co2Kg` and `o2Kg`: their last check is 12 months old or more. */
  treesUnconfirmed: treesUnconfirmedField,
  members: z.number().int().nonnegative(),
  countries: z.number().int().nonnegative(),
  computedAt: z.string(),
});
export type ImpactStats = z.infer<typeof impactStatsSchema>;

export const statsResponseSchema = z.object({
  success: z.literal(true),
  data: impactStatsSchema,
});
