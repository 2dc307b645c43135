import {
  addRanges,
  ageYearsAt,
  co2StoredKg,
  predictedCo2Kg,
  roundSignificant,
  withRange,
  type Range,
} from '../../../contract/impact';
import type { TreeSizeValue } from '../../../contract/options';
import { growthOfSpecies } from '../../../contract/species-growth';
import type { TreesRepository } from './trees.repository';

/** Tree records grouped as `treesRepository.historyCohorts` answers them. */
export interface HistoryCohort {
  species_id: number;
  size: TreeSizeValue;
  status: 'alive' | 'needs_care' | 'dead';
  planted_day: string;
  /** The day the status last changed (the day of death for dead records). */
  changed_day: string | null;
  last_measured_at: string | null;
  last_height_cm: number | null;
  last_diameter_cm: number | null;
  plants: number;
  alive: number;
  records: number;
}

export interface HistoryPoint {
  month: string;
  livingPlants: number;
  co2Kg: Range;
}

const roundRange = (r: Range): Range => ({
  low: roundSignificant(r.low),
  mid: roundSignificant(r.mid),
  high: roundSignificant(r.high),
});

/** The last `months` months (YYYY-MM, oldest first), each with its end (or now, for this month). */
export function monthEnds(now: Date, months: number): { month: string; at: Date }[] {
  const points: { month: string; at: Date }[] = [];
  for (let back = months - 1; back >= 0; back -= 1) {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const next = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1);
    points.push({
      month: start.toISOString().slice(0, 7),
      at: new Date(Math.min(next - 1, now.getTime())),
    });
  }
  return points;
}

/**
 * Running totals of the impact history at fixed points: living plants, and the central CO₂ of
 * unmeasured (curve) and measured plants apart, as their ranges differ (`withRange`). Ranges are
 * linear in their central value, so adding centrals and widening once equals adding ranges.
 */
export interface HistoryTotals {
  points: readonly { month: string; at: Date }[];
  livingPlants: number[];
  predictedKg: number[];
  measuredKg: number[];
}

export function historyTotals(points: readonly { month: string; at: Date }[]): HistoryTotals {
  return {
    points,
    livingPlants: points.map(() => 0),
    predictedKg: points.map(() => 0),
    measuredKg: points.map(() => 0),
  };
}

/**
 * Adds cohorts to the totals, by the one method (contract/impact.ts). A record counts from its
 * planting day; a dead one counts its plants until the day it died (when it died is all that is
 * stored), a living one its alive count; the latest measurement is used from the day it was
 * taken, the species curve before.
 */
export function addToHistory(totals: HistoryTotals, cohorts: Iterable<HistoryCohort>): void {
  const at = totals.points.map((p) => p.at.getTime());
  const iso = totals.points.map((p) => p.at.toISOString());
  const day = iso.map((i) => i.slice(0, 10));
  for (const c of cohorts) {
    const dead = c.status === 'dead';
    const plants = dead ? c.plants : c.alive;
    if (plants <= 0) continue;
    const plantedMs = Date.parse(`${c.planted_day}T00:00:00.000Z`);
    const measurable = c.last_height_cm !== null && c.last_diameter_cm !== null;
    let measuredKg: number | undefined;
    for (let i = 0; i < at.length; i++) {
      if (c.planted_day > day[i]!) continue;
      if (dead && (c.changed_day === null || c.changed_day <= day[i]!)) continue;
      totals.livingPlants[i]! += plants;
      if (measurable && c.last_measured_at !== null && c.last_measured_at <= iso[i]!) {
        measuredKg ??=
          plants *
          co2StoredKg(growthOfSpecies(c.species_id).woodDensity, {
            heightM: c.last_height_cm! / 100,
            diameterCm: c.last_diameter_cm!,
          });
        totals.measuredKg[i]! += measuredKg;
      } else {
        totals.predictedKg[i]! +=
          plants * predictedCo2Kg(c.species_id, ageYearsAt(plantedMs, c.size, at[i]!));
      }
    }
  }
}

/** The totals as the charts show them: each point's range, rounded for display. */
export function historyPoints(totals: HistoryTotals): HistoryPoint[] {
  return totals.points.map(({ month }, i) => ({
    month,
    livingPlants: totals.livingPlants[i]!,
    co2Kg: roundRange(
      addRanges([
        withRange(totals.predictedKg[i]!, 'predicted'),
        withRange(totals.measuredKg[i]!, 'measured'),
      ]),
    ),
  }));
}

/** Living plants and the CO₂ they stored at each point (see `addToHistory`). */
export function impactHistory(
  cohorts: readonly HistoryCohort[],
  points: readonly { month: string; at: Date }[],
): HistoryPoint[] {
  const totals = historyTotals(points);
  addToHistory(totals, cohorts);
  return historyPoints(totals);
}

/** The trees service's read method for the corporate dashboard (a member's is in tree-charts.ts). */
export function treeSummaries(repo: TreesRepository) {
  return {
    /**
     * Plants at the organiser's drives per planting month, and how many are alive, planted in
     * [from, before) when given (day starts): from `tree_drive_days`, not the trees.
     */
    plantedForOrganiser: (organiserId: string, from?: string, before?: string) =>
      repo.plantedForOrganiser(organiserId, from, before),
  };
}
