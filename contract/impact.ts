/**
 * The one impact method (DESIGN §7, shown on /documentation#impact-method). The server computes
 * every tree's and the community's figures with these functions; the web's documentation page
 * explains them with the same code. Pure functions, no I/O.
 *
 * For one plant of wood density ρ (g/cm³), trunk diameter D (cm) and height H (m):
 *   AGB (kg)  = 0.0673 × (ρ · D² · H)^0.976     Chave et al. 2014, Global Change Biology
 *                                                20:3177–3190, eq. 4 (pantropical, no climate term)
 *   roots     = 0.26 × AGB                       Mokany, Raison & Prokushkin 2006, Global Change
 *                                                Biology 12:84–96 (root:shoot ratio)
 *   carbon C  = 0.47 × (AGB + roots)             IPCC 2006 Guidelines, Vol. 4 ch. 4, carbon fraction
 *   CO₂ (kg)  = C × 44/12,  O₂ (kg) = C × 32/12  molar masses: one O₂ released per CO₂ fixed
 * A tree record of several plants multiplies by its alive count; a dead tree counts zero.
 *
 * Size: the latest measurement when there is one ("measured"), otherwise the species' growth
 * curve at the tree's age (`species-growth.ts`, "predicted"). D is measured at 1.3 m, or at the
 * base while the plant is shorter than that.
 *
 * Range: Chave et al. 2014 give a residual standard error σ = 0.357 for ln(AGB). We show
 * low = mid × e^(−σ) and high = mid × e^(+σ) (≈ ×0.70 and ×1.43, about a 68 % band for one tree).
 * A predicted size adds the growth curve's own uncertainty, which we estimate at σ = 0.5 on the
 * log scale (a factor of ~1.65, since the curves are estimates by plant type, not fits), combined
 * in quadrature: σ = √(0.357² + 0.5²) ≈ 0.614 (≈ ×0.54 and ×1.85). Totals add lows and highs, so
 * a total's band is conservative (errors of many trees partly cancel in reality).
 *
 * Yearly sequestration = CO₂ stored now minus CO₂ stored a year earlier. "A year earlier" is the
 * growth curve one year back; for a measured tree the curve is scaled to pass through the
 * measurement (size one year before = measured size × curve(age − 1) / curve(age)).
 */
import { NURSERY_AGE_YEARS, growthOfSpecies, type GrowthCurve } from './species-growth';
import type { TreeSizeValue } from './options';

export const IMPACT_METHOD = {
  agbCoefficient: 0.0673,
  agbExponent: 0.976,
  rootShootRatio: 0.26,
  carbonFraction: 0.47,
  co2PerCarbon: 44 / 12,
  o2PerCarbon: 32 / 12,
  /** Residual standard error of ln(AGB) in Chave et al. 2014. */
  sigmaMeasured: 0.357,
  /** Our estimate of the growth curves' error on the log scale. */
  sigmaGrowth: 0.5,
} as const;

export const IMPACT_SOURCES = [
  'Chave, J. et al. (2014) Improved allometric models to estimate the aboveground biomass of tropical trees. Global Change Biology 20:3177–3190.',
  'Mokany, K., Raison, R.J. & Prokushkin, A.S. (2006) Critical analysis of root:shoot ratios in terrestrial biomes. Global Change Biology 12:84–96.',
  'IPCC (2006) Guidelines for National Greenhouse Gas Inventories, Vol. 4, ch. 4 (carbon fraction of dry matter 0.47).',
  'Zanne, A.E. et al. (2009) Global Wood Density Database. Dryad, doi:10.5061/dryad.234.',
  'Richards, F.J. (1959) A flexible growth function for empirical use. Journal of Experimental Botany 10:290–300 (Chapman–Richards curve).',
  'Orwa, C. et al. (2009) Agroforestree Database 4.0, World Agroforestry Centre (typical mature sizes).',
] as const;

const MS_PER_YEAR = 365.25 * 86_400_000;

export type ImpactBasis = 'measured' | 'predicted';
export interface Range {
  low: number;
  mid: number;
  high: number;
}
export interface TreeImpact {
  basis: ImpactBasis;
  co2Kg: Range;
  o2Kg: Range;
  co2KgPerYear: Range;
}
export interface PlantSize {
  heightM: number;
  diameterCm: number;
}

/** Above-ground biomass (kg) of one plant: Chave et al. 2014, eq. 4. */
export function agbKg(woodDensity: number, diameterCm: number, heightM: number): number {
  const product = woodDensity * diameterCm * diameterCm * heightM;
  if (!(product > 0)) return 0;
  return IMPACT_METHOD.agbCoefficient * product ** IMPACT_METHOD.agbExponent;
}

/** Carbon (kg) in one plant: above-ground plus roots, times the carbon fraction. */
export function carbonKg(woodDensity: number, size: PlantSize): number {
  const agb = agbKg(woodDensity, size.diameterCm, size.heightM);
  return IMPACT_METHOD.carbonFraction * agb * (1 + IMPACT_METHOD.rootShootRatio);
}

/** CO₂ (kg) stored in one plant of this size. */
export function co2StoredKg(woodDensity: number, size: PlantSize): number {
  return carbonKg(woodDensity, size) * IMPACT_METHOD.co2PerCarbon;
}

const curveAt = (curve: GrowthCurve, ageYears: number) =>
  ageYears > 0 ? curve.max * (1 - Math.exp(-curve.k * ageYears)) ** curve.p : 0;

/** The species' predicted height (m) and diameter (cm) at an age in years (0 at germination). */
export function predictSize(speciesValue: number, ageYears: number): PlantSize {
  const growth = growthOfSpecies(speciesValue);
  return {
    heightM: curveAt(growth.height, ageYears),
    diameterCm: curveAt(growth.diameter, ageYears),
  };
}

/** A tree's age in years at `at`: time since planting plus the sapling's nursery age. */
export function treeAgeYears(plantedAt: string, size: TreeSizeValue, at: Date): number {
  return ageYearsAt(Date.parse(plantedAt), size, at.getTime());
}

/** `treeAgeYears` on epoch milliseconds (summaries parse a planting day once, not per use). */
export function ageYearsAt(plantedMs: number, size: TreeSizeValue, atMs: number): number {
  const since = (atMs - plantedMs) / MS_PER_YEAR;
  return Math.max(0, Number.isFinite(since) ? since : 0) + (NURSERY_AGE_YEARS[size] ?? 1);
}

/** CO₂ (kg) one plant of the species stores at this age by its curve (no measurement). */
export function predictedCo2Kg(speciesValue: number, ageYears: number): number {
  return co2StoredKg(
    growthOfSpecies(speciesValue).woodDensity,
    predictSize(speciesValue, ageYears),
  );
}

/** The species' predicted size, scaled to pass through a measurement (for growth predictions). */
export function anchoredSize(
  speciesValue: number,
  ageYears: number,
  anchor: { ageYears: number; size: PlantSize } | null,
): PlantSize {
  const predicted = predictSize(speciesValue, ageYears);
  if (!anchor) return predicted;
  const at = predictSize(speciesValue, anchor.ageYears);
  const scale = (measured: number, curve: number) => (curve > 0 ? measured / curve : 1);
  return {
    heightM: predicted.heightM * scale(anchor.size.heightM, at.heightM),
    diameterCm: predicted.diameterCm * scale(anchor.size.diameterCm, at.diameterCm),
  };
}

/** A central value with the method's band: e^(±σ). */
export function withRange(mid: number, basis: ImpactBasis): Range {
  if (!(mid > 0)) return { low: 0, mid: 0, high: 0 };
  const { sigmaMeasured, sigmaGrowth } = IMPACT_METHOD;
  const sigma =
    basis === 'measured' ? sigmaMeasured : Math.sqrt(sigmaMeasured ** 2 + sigmaGrowth ** 2);
  return { low: mid * Math.exp(-sigma), mid, high: mid * Math.exp(sigma) };
}

export interface TreeImpactInput {
  speciesValue: number;
  size: TreeSizeValue;
  plantedAt: string;
  /** Plants of this record still alive; 0 or `dead` gives zero. */
  aliveCount: number;
  dead: boolean;
  /** The latest measurement, when there is one. */
  measurement?: { measuredAt: string; heightCm: number; diameterCm: number } | null;
  at: Date;
}

/** Unrounded figures for one tree record (use `treeImpact` for what the API shows). */
export function computeTreeImpact(input: TreeImpactInput): TreeImpact {
  const basis: ImpactBasis = input.measurement ? 'measured' : 'predicted';
  const growth = growthOfSpecies(input.speciesValue);
  const plants = input.dead ? 0 : Math.max(0, input.aliveCount);
  let stored = 0;
  let yearEarlier = 0;
  if (plants > 0) {
    if (input.measurement) {
      const m = input.measurement;
      const size = { heightM: m.heightCm / 100, diameterCm: m.diameterCm };
      const age = treeAgeYears(input.plantedAt, input.size, new Date(m.measuredAt));
      stored = co2StoredKg(growth.woodDensity, size);
      // The same curve one year back, scaled to pass through the measurement.
      const before = anchoredSize(input.speciesValue, Math.max(0, age - 1), {
        ageYears: age,
        size,
      });
      yearEarlier = co2StoredKg(growth.woodDensity, before);
    } else {
      const age = treeAgeYears(input.plantedAt, input.size, input.at);
      stored = predictedCo2Kg(input.speciesValue, age);
      yearEarlier = predictedCo2Kg(input.speciesValue, Math.max(0, age - 1));
    }
  }
  const co2 = stored * plants;
  const perYear = Math.max(0, stored - yearEarlier) * plants;
  const o2 = (co2 * IMPACT_METHOD.o2PerCarbon) / IMPACT_METHOD.co2PerCarbon;
  return {
    basis,
    co2Kg: withRange(co2, basis),
    o2Kg: withRange(o2, basis),
    co2KgPerYear: withRange(perYear, basis),
  };
}

/** Rounds to 4 significant digits: enough for any display, and low < mid < high survives it. */
export function roundSignificant(value: number, digits = 4): number {
  if (value === 0 || !Number.isFinite(value)) return 0;
  const scale = 10 ** (digits - 1 - Math.floor(Math.log10(Math.abs(value))));
  return Math.round(value * scale) / scale;
}

const roundRange = (r: Range): Range => ({
  low: roundSignificant(r.low),
  mid: roundSignificant(r.mid),
  high: roundSignificant(r.high),
});

/** The impact of one tree record as the API shows it. */
export function treeImpact(input: TreeImpactInput): TreeImpact {
  const raw = computeTreeImpact(input);
  return {
    basis: raw.basis,
    co2Kg: roundRange(raw.co2Kg),
    o2Kg: roundRange(raw.o2Kg),
    co2KgPerYear: roundRange(raw.co2KgPerYear),
  };
}

/** Adds ranges (totals over many trees). */
export function addRanges(ranges: Iterable<Range>): Range {
  const total = { low: 0, mid: 0, high: 0 };
  for (const r of ranges) {
    total.low += r.low;
    total.mid += r.mid;
    total.high += r.high;
  }
  return total;
}
