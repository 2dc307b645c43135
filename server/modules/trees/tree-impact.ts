import {
  addRanges,
  ageYearsAt,
  anchoredSize,
  co2StoredKg,
  computeTreeImpact,
  IMPACT_METHOD,
  IMPACT_SOURCES,
  predictedCo2Kg,
  roundSignificant,
  treeAgeYears,
  withRange,
  type ImpactBasis,
  type Range,
  type TreeImpact,
} from '../../../contract/impact';
import { TREE_SPECIES, type TreeSizeValue } from '../../../contract/options';
import {
  NURSERY_AGE_YEARS,
  SPECIES_GROWTH,
  growthOfSpecies,
} from '../../../contract/species-growth';
import {
  GROWTH_YEARS_AHEAD,
  type GrowthResponse,
  type SpeciesResponse,
} from '../../../contract/tree-care';
import type { TreeRow } from '../../db/tables';
import { toMeasurement } from './tree-mapper';

const YEAR_MS = 365.25 * 86_400_000;
const round2 = (n: number) => Math.round(n * 100) / 100;
const roundRange = (r: Range): Range => ({
  low: roundSignificant(r.low),
  mid: roundSignificant(r.mid),
  high: roundSignificant(r.high),
});

/** GET /api/trees/species: the same for everyone and every request, built once. */
export const SPECIES_INFO: SpeciesResponse['data'] = {
  species: TREE_SPECIES.map((s, i) => {
    const growth = SPECIES_GROWTH[i]!;
    return {
      value: s.value,
      label: s.label,
      localName: s.localName,
      englishName: s.englishName,
      scientificName: s.scientificName,
      form: growth.form,
      woodDensity: growth.woodDensity,
      height: { ...growth.height },
      diameter: { ...growth.diameter },
    };
  }),
  nurseryAgeYears: { ...NURSERY_AGE_YEARS },
  sources: [...IMPACT_SOURCES],
};

type MeasurementRow = Parameters<typeof toMeasurement>[0];

/**
 * Measured points and a yearly prediction for the next 10 years (nothing ahead for a dead tree).
 * The prediction follows the species curve, scaled to pass through the latest measurement.
 */
export function growthOf(
  tree: TreeRow,
  measurements: MeasurementRow[],
  now: Date,
): GrowthResponse['data'] {
  const ageAt = (iso: string) => treeAgeYears(tree.planted_at, tree.size, new Date(iso));
  const latest = measurements.at(-1);
  const basis: ImpactBasis = latest ? 'measured' : 'predicted';
  const anchor = latest
    ? {
        ageYears: ageAt(latest.measured_at),
        size: { heightM: latest.height_cm / 100, diameterCm: latest.diameter_cm },
      }
    : null;
  const { woodDensity } = growthOfSpecies(tree.species_id);
  const ageNow = treeAgeYears(tree.planted_at, tree.size, now);
  const predicted =
    tree.status === 'dead'
      ? []
      : Array.from({ length: GROWTH_YEARS_AHEAD }, (_, i) => {
          const years = i + 1;
          const size = anchoredSize(tree.species_id, ageNow + years, anchor);
          const co2 = co2StoredKg(woodDensity, size) * tree.alive_count;
          return {
            date: new Date(now.getTime() + years * YEAR_MS).toISOString().slice(0, 10),
            yearsFromNow: years,
            ageYears: round2(ageNow + years),
            heightCm: round2(size.heightM * 100),
            diameterCm: round2(size.diameterCm),
            co2Kg: roundRange(withRange(co2, basis)),
          };
        });
  return {
    treeId: tree.id,
    basis,
    measured: measurements.map((m) => ({
      ...toMeasurement(m),
      ageYears: round2(ageAt(m.measured_at)),
    })),
    predicted,
  };
}

export interface ImpactCohort {
  species_id: number;
  size: TreeSizeValue;
  planted_day: string;
  last_measured_at: string | null;
  last_height_cm: number | null;
  last_diameter_cm: number | null;
  plants: number;
}

/**
 * What `plants` of a cohort store at `at`, by the one method: from its latest measurement when
 * there is one (and, with `measuredBy`, it was taken by then), from the species curve otherwise.
 */
export function cohortImpact(c: ImpactCohort, plants: number, at: Date, measuredBy?: string) {
  const measured =
    c.last_measured_at !== null &&
    (measuredBy === undefined || c.last_measured_at <= measuredBy) &&
    c.last_height_cm !== null &&
    c.last_diameter_cm !== null;
  return computeTreeImpact({
    speciesValue: c.species_id,
    size: c.size,
    plantedAt: `${c.planted_day}T00:00:00.000Z`,
    aliveCount: plants,
    dead: false,
    measurement: measured
      ? {
          measuredAt: c.last_measured_at!,
          heightCm: c.last_height_cm!,
          diameterCm: c.last_diameter_cm!,
        }
      : null,
    at,
  });
}

/** The community's living plants and what they store, by the one method (for /api/stats). */
export function communityImpact(cohorts: ImpactCohort[], now: Date) {
  let plants = 0;
  const impacts = cohorts.map((c) => {
    plants += c.plants;
    return cohortImpact(c, c.plants, now);
  });
  return {
    treesRegistered: plants,
    co2Kg: addRanges(impacts.map((i) => i.co2Kg)),
    o2Kg: addRanges(impacts.map((i) => i.o2Kg)),
  };
}
export type CommunityImpact = ReturnType<typeof communityImpact>;

/** A tree row as the community summary (`tree_impact_cohorts`) counts it. */
export interface CohortSource {
  species_id: number;
  size: TreeSizeValue;
  planted_at: string;
  status: string;
  alive_count: number;
  last_measured_at: string | null;
  last_height_cm: number | null;
  last_diameter_cm: number | null;
  /** Issue 21 §2: a rejected tree counts as nothing (absent: not decided). */
  verification_status?: string;
}

/** One `tree_impact_cohorts` row's key and counts (a tree's share, or a change to it). */
export interface CohortShare {
  species_id: number;
  size: TreeSizeValue;
  planted_day: string;
  /** Living plants without a measurement: the species curve at their age, computed when asked. */
  plants: number;
  /** Living plants with a measurement, and what they store by it (CO₂ in whole milligrams). */
  measured_plants: number;
  measured_co2_mg: number;
}

/** CO₂ one plant stores by its latest measurement, in whole milligrams (time plays no part). */
export function measuredCo2Mg(speciesValue: number, heightCm: number, diameterCm: number): number {
  const { woodDensity } = growthOfSpecies(speciesValue);
  return Math.round(co2StoredKg(woodDensity, { heightM: heightCm / 100, diameterCm }) * 1e6);
}

/**
 * What a tree row adds to the community summary: nothing when it is dead or has no living plant;
 * otherwise its living plants under (species, size, planting day), measured or not, as the
 * `impactCohorts` scan groups them.
 */
export function cohortShare(row: CohortSource): CohortShare | null {
  if (row.status === 'dead' || !(row.alive_count > 0)) return null;
  if (row.verification_status === 'rejected') return null;
  const key = {
    species_id: row.species_id,
    size: row.size,
    planted_day: row.planted_at.slice(0, 10),
  };
  if (
    row.last_measured_at !== null &&
    row.last_height_cm !== null &&
    row.last_diameter_cm !== null
  ) {
    const mg = measuredCo2Mg(row.species_id, row.last_height_cm, row.last_diameter_cm);
    return {
      ...key,
      plants: 0,
      measured_plants: row.alive_count,
      measured_co2_mg: mg * row.alive_count,
    };
  }
  return { ...key, plants: row.alive_count, measured_plants: 0, measured_co2_mg: 0 };
}

/** Adds a tree's share to summary rows being made, by (species, size, planting day). */
export function addShare(rows: Map<string, CohortShare>, share: CohortShare | null): void {
  if (!share) return;
  const key = `${share.species_id}|${share.size}|${share.planted_day}`;
  const seen = rows.get(key);
  if (!seen) rows.set(key, { ...share });
  else {
    seen.plants += share.plants;
    seen.measured_plants += share.measured_plants;
    seen.measured_co2_mg += share.measured_co2_mg;
  }
}

/** The changes that turn `before`'s share into `after`'s (one per summary row touched). */
export function cohortChanges(
  before: CohortShare | null,
  after: CohortShare | null,
): CohortShare[] {
  const changes = new Map<string, CohortShare>();
  const add = (s: CohortShare | null, sign: 1 | -1) => {
    if (!s) return;
    const k = `${s.species_id}|${s.size}|${s.planted_day}`;
    const c = changes.get(k) ?? { ...s, plants: 0, measured_plants: 0, measured_co2_mg: 0 };
    c.plants += sign * s.plants;
    c.measured_plants += sign * s.measured_plants;
    c.measured_co2_mg += sign * s.measured_co2_mg;
    changes.set(k, c);
  };
  add(before, -1);
  add(after, 1);
  return [...changes.values()].filter(
    (c) => c.plants !== 0 || c.measured_plants !== 0 || c.measured_co2_mg !== 0,
  );
}

/**
 * The community's living plants and what they store, from the summary rows: the same method as
 * `communityImpact` over the scan (a measured plant's store does not change with time, so it is
 * kept summed; an unmeasured one's is computed from its species curve at its age now).
 */
export function communityImpactFromSummary(rows: readonly CohortShare[], now: Date) {
  let plants = 0;
  let measuredMg = 0;
  const ranges: TreeImpact[] = [];
  for (const r of rows) {
    plants += r.plants + r.measured_plants;
    measuredMg += r.measured_co2_mg;
    if (r.plants > 0) {
      ranges.push(
        cohortImpact(
          { ...r, last_measured_at: null, last_height_cm: null, last_diameter_cm: null },
          r.plants,
          now,
        ),
      );
    }
  }
  const measuredCo2 = measuredMg / 1e6;
  const measuredO2 = (measuredCo2 * IMPACT_METHOD.o2PerCarbon) / IMPACT_METHOD.co2PerCarbon;
  return {
    treesRegistered: plants,
    co2Kg: addRanges([...ranges.map((i) => i.co2Kg), withRange(measuredCo2, 'measured')]),
    o2Kg: addRanges([...ranges.map((i) => i.o2Kg), withRange(measuredO2, 'measured')]),
  };
}

/** A `tree_impact_cohorts` row with what the partials count of it (0026). */
export interface CountedCohort extends CohortShare {
  counted_plants: number;
  counted_measured_plants: number;
  counted_measured_co2_mg: number;
  /** 1 when it changed since it was counted. */
  dirty: number;
}

/** A `tree_impact_partials` row: one species, size and planting year, counted at `computed_at`. */
export interface ImpactPartial {
  species_id: number;
  size: TreeSizeValue;
  planted_year: string;
  plants: number;
  measured_plants: number;
  measured_co2_mg: number;
  /** CO₂ (kg, central) the unmeasured plants store by the species curve at `computed_at`. */
  predicted_co2_kg: number;
  computed_at: string;
}

/** CO₂ (kg, central) `plants` unmeasured plants of a cohort store at `atMs`: the one method's curve. */
const predictedKg = (c: CohortShare, plants: number, atMs: number) =>
  plants === 0
    ? 0
    : plants *
      predictedCo2Kg(
        c.species_id,
        ageYearsAt(Date.parse(`${c.planted_day}T00:00:00.000Z`), c.size, atMs),
      );

/** What one species, size and year's rows add up to at `at` (the partial the job stores). */
export function groupPartial(
  group: Pick<ImpactPartial, 'species_id' | 'size' | 'planted_year'>,
  rows: readonly CohortShare[],
  at: Date,
): ImpactPartial {
  const atMs = at.getTime();
  const partial: ImpactPartial = {
    species_id: group.species_id,
    size: group.size,
    planted_year: group.planted_year,
    plants: 0,
    measured_plants: 0,
    measured_co2_mg: 0,
    predicted_co2_kg: 0,
    computed_at: at.toISOString(),
  };
  for (const r of rows) {
    partial.plants += r.plants;
    partial.measured_plants += r.measured_plants;
    partial.measured_co2_mg += r.measured_co2_mg;
    partial.predicted_co2_kg += predictedKg(r, r.plants, atMs);
  }
  return partial;
}

/**
 * The community's living plants and what they store (for /api/stats), by the one method: the
 * partials, plus what the rows changed since they were counted add or take away, computed now.
 * Equal to `communityImpactFromSummary` over every row, except that the counted unmeasured plants
 * are aged to their partial's `computed_at` (the job counts each again within the hour).
 */
export function communityImpactFromPartials(
  partials: readonly ImpactPartial[],
  changed: readonly CountedCohort[],
  now: Date,
) {
  const nowMs = now.getTime();
  let plants = 0;
  let measuredMg = 0;
  let predicted = 0;
  for (const p of partials) {
    plants += p.plants + p.measured_plants;
    measuredMg += p.measured_co2_mg;
    predicted += p.predicted_co2_kg;
  }
  for (const c of changed) {
    const unmeasured = c.plants - c.counted_plants;
    plants += unmeasured + c.measured_plants - c.counted_measured_plants;
    measuredMg += c.measured_co2_mg - c.counted_measured_co2_mg;
    predicted += predictedKg(c, unmeasured, nowMs);
  }
  const toO2 = (co2: number) => (co2 * IMPACT_METHOD.o2PerCarbon) / IMPACT_METHOD.co2PerCarbon;
  const measuredCo2 = measuredMg / 1e6;
  return {
    treesRegistered: plants,
    co2Kg: addRanges([withRange(predicted, 'predicted'), withRange(measuredCo2, 'measured')]),
    o2Kg: addRanges([
      withRange(toO2(predicted), 'predicted'),
      withRange(toO2(measuredCo2), 'measured'),
    ]),
  };
}
