import type { CommunityCharts } from '../../../contract/charts';
import { HISTORY_MONTHS } from '../../../contract/dashboards';
import type { ImpactStats } from '../../../contract/stats';
import { readCache } from '../../lib/cache';
import type { Clock } from '../../lib/clock';
import type { DonationsService } from '../donations/donations.service';
import type { DrivesService } from '../drives/drives.service';
import type { ImpactFigures } from '../trees/tree-impact-figures';
import type { TreeCharts } from '../trees/tree-charts';
import type { TreeFourNumbers } from '../trees/tree-four-numbers';
import type { UsersService } from '../users/users.service';
import { countryLines, speciesMix } from './chart-lines';

// Aggregates over every tree are too heavy per request; a short cache keeps the landing page fast.
const CACHE_MS = 30_000;

export interface StatsOptions {
  /** The donation currency (`config.donations.currency`): money raised is counted in its minor units. */
  currency?: string;
}

/** Config's default DONATION_CURRENCY, for callers that do not say. */
const DEFAULT_CURRENCY = 'USD';

/** The owners' read methods stats asks: it reads no table itself. */
export interface StatsPorts {
  /** Living plants, CO₂ and O₂ by the one impact method; the tree charts. */
  trees: Pick<TreeCharts, 'communityCharts' | 'unconfirmedImpact'> &
    Pick<ImpactFigures, 'communityImpact'> &
    Pick<TreeFourNumbers, 'communityTreeCounts'>;
  /** Volunteer hours (their one definition), drives and countries. */
  drives: Pick<DrivesService, 'volunteerHours' | 'communityCounts' | 'drivesPerCountry'>;
  /** Trees donated and money raised. */
  donations: Pick<DonationsService, 'totals'>;
  /** Members (verified accounts). */
  users: Pick<UsersService, 'memberCount'>;
}

/** The community's figures, each from the module that owns it. */
export function statsService(
  ports: StatsPorts,
  clock: Clock,
  { currency = DEFAULT_CURRENCY }: StatsOptions = {},
) {
  const { trees, drives, donations, users } = ports;
  // The answer may lag by design: only the TTL ends it, not the writes it counts.
  const cache = readCache<ImpactStats>({ max: 1, ttlMs: CACHE_MS, clock, tables: 'ttl' });

  async function compute(): Promise<ImpactStats> {
    const now = clock.now();
    const [given, counts, volunteerHours, members, impact, treeCounts, unconfirmed] =
      await Promise.all([
        donations.totals(),
        drives.communityCounts(),
        drives.volunteerHours(),
        users.memberCount(),
        trees.communityImpact(),
        trees.communityTreeCounts(),
        trees.unconfirmedImpact(),
      ]);
    return {
      // The four honest numbers (issue 21 §3, docs/decisions/four-numbers.md).
      treesFunded: given.treesDonated,
      treesPlanted: treeCounts.treesPlanted,
      treesAliveChecked: treeCounts.treesAliveChecked,
      treesVerified: treeCounts.treesVerified,
      treesUnconfirmed: Math.max(0, treeCounts.alive - treeCounts.treesAliveChecked),
      treesDonated: given.treesDonated,
      moneyRaisedMinor: given.moneyRaisedMinor,
      drivesCreated: counts.drivesCreated,
      countries: counts.countries,
      volunteerHours,
      members,
      currency,
      treesRegistered: impact.treesRegistered,
      // Plants alive at last check only: the living plants' figure less the unconfirmed ones'
      // (counted by the chart job, at most ten minutes old).
      co2Kg: Math.max(0, Math.round(impact.co2Kg.mid - unconfirmed.co2Kg.mid)),
      o2Kg: Math.max(0, Math.round(impact.o2Kg.mid - unconfirmed.o2Kg.mid)),
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
      drives.drivesPerCountry(),
    ]);
    const { unconfirmed: _unconfirmed, ...charts } = treeCharts;
    return {
      ...charts,
      speciesMix: speciesMix(charts.speciesMix),
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
