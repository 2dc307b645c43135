import { anchoredSize } from '../../../contract/impact';
import { NURSERY_AGE_YEARS } from '../../../contract/species-growth';
import type { GrowthResponse } from '../../../contract/tree-care';
import type { Tree } from '../../../contract/trees';

export type Growth = GrowthResponse['data'];

export interface SeriesPoint {
  /** Age in years. */
  x: number;
  /** cm. */
  y: number;
}

export interface GrowthSeries {
  measured: SeriesPoint[];
  predicted: SeriesPoint[];
}

/** How many points draw a predicted curve. */
const CURVE_STEPS = 40;

/**
 * The measured sizes and the predicted curve, by age, for the chart. The curve is the contract's
 * own (`anchoredSize`, the function the server's predictions come from): the species' growth
 * curve scaled through the latest measurement, from the planting age to the end of the server's
 * prediction (or to the last measurement for a dead tree), so measured points can be read
 * against it.
 */
export function growthSeries(
  tree: Pick<Tree, 'species' | 'size'>,
  growth: Growth,
): { height: GrowthSeries; diameter: GrowthSeries } {
  const latest = growth.measured.at(-1);
  const anchor = latest
    ? {
        ageYears: latest.ageYears,
        size: { heightM: latest.heightCm / 100, diameterCm: latest.diameterCm },
      }
    : null;
  const start = NURSERY_AGE_YEARS[tree.size] ?? 1;
  const end = Math.max(
    start,
    growth.predicted.at(-1)?.ageYears ?? 0,
    ...growth.measured.map((m) => m.ageYears),
  );
  const ages = Array.from(
    { length: CURVE_STEPS + 1 },
    (_, i) => start + ((end - start) * i) / CURVE_STEPS,
  );
  const curve = ages.map((age) => ({ age, size: anchoredSize(tree.species.value, age, anchor) }));
  return {
    height: {
      measured: growth.measured.map((m) => ({ x: m.ageYears, y: m.heightCm })),
      predicted: curve.map(({ age, size }) => ({ x: age, y: size.heightM * 100 })),
    },
    diameter: {
      measured: growth.measured.map((m) => ({ x: m.ageYears, y: m.diameterCm })),
      predicted: curve.map(({ age, size }) => ({ x: age, y: size.diameterCm })),
    },
  };
}
