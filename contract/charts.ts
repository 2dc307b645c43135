import { z } from 'zod';
import { rangeSchema } from './trees';

/** Species shown by name in the mix; the rest are summed as "Other species". */
export const SPECIES_MIX_MAX = 10;
/** Countries shown by name in drives per country; the rest are summed as "Other countries". */
export const COUNTRIES_MAX = 15;

/** GET /api/stats/charts: the community's charts, every figure from stored rows. */
export const communityChartsSchema = z.object({
  /** The last 12 months (YYYY-MM), oldest first: plants in tree records registered that month. */
  treesPerMonth: z.array(
    z.object({
      month: z.string(),
      plants: z.number().int().nonnegative(),
      records: z.number().int().nonnegative(),
    }),
  ),
  /** Living plants per species, most first; `species` null is the "Other species" line. */
  speciesMix: z.array(
    z.object({
      species: z.number().int().nullable(),
      label: z.string(),
      plants: z.number().int().nonnegative(),
    }),
  ),
  /** Living plants and the CO₂ they stored at the end of each of the last 12 months. */
  co2OverTime: z.array(
    z.object({
      month: z.string(),
      livingPlants: z.number().int().nonnegative(),
      co2Kg: rangeSchema,
    }),
  ),
  /** Drives per country (ISO code), most first; `country` null is "Other countries". */
  drivesPerCountry: z.array(
    z.object({
      country: z.string().nullable(),
      label: z.string(),
      drives: z.number().int().nonnegative(),
    }),
  ),
  computedAt: z.string(),
});
export type CommunityCharts = z.infer<typeof communityChartsSchema>;

export const communityChartsResponseSchema = z.object({
  success: z.literal(true),
  data: communityChartsSchema,
});
