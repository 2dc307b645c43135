import { estimateTreeCo2Kg, O2_PER_CO2 } from '../../../contract/options';
import type { ImpactStats } from '../../../contract/stats';
import { readCache } from '../../lib/cache';
import type { Clock } from '../../lib/clock';
import type { PlantingCohort, statsRepository } from './stats.repository';

const MS_PER_YEAR = 365.25 * 24 * 60 * 60 * 1000;
// Aggregates over every tree are too heavy per request; a short cache keeps the landing page fast.
const CACHE_MS = 30_000;

/** Sum of CO₂ estimates, treating each cohort as planted mid-month. */
export function estimateCo2Kg(cohorts: PlantingCohort[], now: Date): number {
  let total = 0;
  for (const cohort of cohorts) {
    const planted = Date.parse(`${cohort.month}-15T00:00:00Z`);
    if (Number.isNaN(planted)) continue;
    const ageYears = (now.getTime() - planted) / MS_PER_YEAR;
    total += cohort.trees * estimateTreeCo2Kg(cohort.speciesId, ageYears);
  }
  return total;
}

export function statsService(repo: ReturnType<typeof statsRepository>, clock: Clock) {
  // The answer may lag by design: only the TTL ends it, not the writes it counts.
  const cache = readCache<ImpactStats>({ max: 1, ttlMs: CACHE_MS, clock, staleOnWrites: false });

  async function compute(): Promise<ImpactStats> {
    const now = clock.now();
    const [totals, cohorts] = await Promise.all([
      repo.totals(now.toISOString()),
      repo.plantingCohorts(),
    ]);
    const co2Kg = Math.round(estimateCo2Kg(cohorts, now));
    return {
      ...totals,
      currency: 'USD',
      co2Kg,
      o2Kg: Math.round(co2Kg * O2_PER_CO2),
      computedAt: now.toISOString(),
    };
  }

  return {
    /** Concurrent requests share one computation instead of stampeding the database. */
    impact: (): Promise<ImpactStats> => cache.get('impact', compute),
  };
}
export type StatsService = ReturnType<typeof statsService>;
