import { addRanges, roundSignificant, type Range } from '../../../contract/impact';
import type { TreeSizeValue } from '../../../contract/options';
import type { Clock } from '../../lib/clock';
import { cohortImpact } from './tree-impact';
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
 * Living plants and the CO₂ they stored at each point, by the one method (contract/impact.ts).
 * A record counts from its planting day; a dead one counts its plants until the day it died
 * (when it died is all that is stored), a living one its alive count; the latest measurement is
 * used from the day it was taken, the species curve before. So the last point, at now, is the
 * figure the dashboards and /api/stats show.
 */
export function impactHistory(
  cohorts: readonly HistoryCohort[],
  points: readonly { month: string; at: Date }[],
): HistoryPoint[] {
  return points.map(({ month, at }) => {
    const iso = at.toISOString();
    const day = iso.slice(0, 10);
    let livingPlants = 0;
    const ranges: Range[] = [];
    for (const c of cohorts) {
      if (c.planted_day > day) continue;
      const dead = c.status === 'dead';
      if (dead && (c.changed_day === null || c.changed_day <= day)) continue;
      const plants = dead ? c.plants : c.alive;
      if (plants <= 0) continue;
      livingPlants += plants;
      ranges.push(cohortImpact(c, plants, at, iso).co2Kg);
    }
    return { month, livingPlants, co2Kg: roundRange(addRanges(ranges)) };
  });
}

/** The trees service's read methods for dashboards and the community charts. */
export function treeSummaries(repo: TreesRepository, clock: Clock) {
  return {
    /**
     * A member's trees for the dashboard: counts, and living plants with their CO₂ (low–high) at
     * the end of each of the last `months` months, the last point being now (one impact method).
     */
    async ownerSummary(ownerId: string, months: number) {
      const cohorts = (await repo.historyCohorts(ownerId)) as HistoryCohort[];
      const living = cohorts.filter((c) => c.status !== 'dead');
      const history = impactHistory(cohorts, monthEnds(clock.now(), months));
      return {
        livingPlants: living.reduce((n, c) => n + c.alive, 0),
        livingRecords: living.reduce((n, c) => n + c.records, 0),
        records: cohorts.reduce((n, c) => n + c.records, 0),
        co2Kg: history.at(-1)?.co2Kg ?? { low: 0, mid: 0, high: 0 },
        history,
      };
    },

    /** Plants at these drives per planting month, planted in [from, before) when given. */
    plantedAtDrives: (driveIds: readonly string[], from?: string, before?: string) =>
      repo.plantedAtDrives(driveIds, from, before),

    /** The community's charts of trees: registrations per month, species mix, CO₂ over time. */
    async communityCharts(months: number) {
      const points = monthEnds(clock.now(), months);
      const since = `${points[0]!.month}-01T00:00:00.000Z`;
      const [registered, species, cohorts] = await Promise.all([
        repo.registeredPerMonth(since),
        repo.livingBySpecies(),
        repo.historyCohorts() as Promise<HistoryCohort[]>,
      ]);
      const byMonth = new Map(registered.map((r) => [r.month, r]));
      return {
        treesPerMonth: points.map(({ month }) => ({
          month,
          plants: byMonth.get(month)?.plants ?? 0,
          records: byMonth.get(month)?.records ?? 0,
        })),
        speciesMix: species,
        co2OverTime: impactHistory(cohorts, points),
      };
    },
  };
}
