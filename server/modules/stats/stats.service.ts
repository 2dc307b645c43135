import type { CommunityCharts } from '../../../contract/charts';
import { HISTORY_MONTHS } from '../../../contract/dashboards';
import type { ImpactStats } from '../../../contract/stats';
import { readCache } from '../../lib/cache';
import type { Clock } from '../../lib/clock';
import type { TreesService } from '../trees/trees.service';
import type { statsRepository } from './stats.repository';
import { countryLines, speciesMix } from './chart-lines';

// Aggregates over every tree are too heavy per request; a short cache keeps the landing page fast.
const CACHE_MS = 30_000;

export interface StatsOptions {
  /** The donation currency (`config.donations.currency`): money raised is counted in its minor units. */
  currency?: string;
}

/** Config's default DONATION_CURRENCY, for callers that do not say. */
const DEFAULT_CURRENCY = 'USD';

/** Tree figures (living plants, CO₂, O₂) come from the trees module's one impact method. */
export function statsService(
  repo: ReturnType<typeof statsRepository>,
  clock: Clock,
  trees: Pick<TreesService, 'communityImpact' | 'communityCharts'>,
  { currency = DEFAULT_CURRENCY }: StatsOptions = {},
) {
  // The answer may lag by design: only the TTL ends it, not the writes it counts.
  const cache = readCache<ImpactStats>({ max: 1, ttlMs: CACHE_MS, clock, tables: 'ttl' });

  async function compute(): Promise<ImpactStats> {
    const now = clock.now();
    const [totals, impact] = await Promise.all([
      repo.totals(now.toISOString()),
      trees.communityImpact(),
    ]);
    return {
      ...totals,
      currency,
      treesRegistered: impact.treesRegistered,
      co2Kg: Math.round(impact.co2Kg.mid),
      o2Kg: Math.round(impact.o2Kg.mid),
      computedAt: now.toISOString(),
    };
  }

  const chartsCache = readCache<CommunityCharts>({
    max: 1,
    ttlMs: CACHE_MS,
    clock,
    tables: 'ttl',
  });

  async function computeCharts(): Promise<CommunityCharts> {
    const [treeCharts, countries] = await Promise.all([
      trees.communityCharts(HISTORY_MONTHS),
      repo.drivesPerCountry(),
    ]);
    return {
      ...treeCharts,
      speciesMix: speciesMix(treeCharts.speciesMix),
      drivesPerCountry: countryLines(countries),
      computedAt: clock.now().toISOString(),
    };
  }

  return {
    /** Concurrent requests share one computation instead of stampeding the database. */
    impact: (): Promise<ImpactStats> => cache.get('impact', compute),
    /** The community charts (/app/charts), kept like the impact figures. */
    charts: (): Promise<CommunityCharts> => chartsCache.get('charts', computeCharts),
  };
}
export type StatsService = ReturnType<typeof statsService>;
