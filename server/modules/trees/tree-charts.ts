import { HISTORY_MONTHS } from '../../../contract/dashboards';
import { checkBoundary } from '../../../contract/four-numbers';
import { addRanges, type Range } from '../../../contract/impact';
import { FOREST_LIMITS } from '../../../contract/forest';
import { sharedLoads } from '../../lib/cache';
import type { Clock } from '../../lib/clock';
import { stopIfAborted, yieldToEventLoop } from '../../lib/yield';
import type { Executor } from '../../db/unit-of-work';
import { chartsQueries, ownerSummaryName } from './tree-charts.repository';
import { cohortImpact } from './tree-impact';
import {
  addToHistory,
  historyPoints,
  historyTotals,
  monthEnds,
  type HistoryCohort,
  type HistoryPoint,
} from './tree-impact-history';

/**
 * Trees read per batch: one batch's read and sums stay well under 50 ms of the event loop (1,000
 * held it 76 ms on PostgreSQL at a million trees on the loaded 2-core machine; 500 held asha's
 * forest walk 35 ms alone and 84 ms under bench:scale's load on SQLite, issue 20).
 */
const BATCH = 200;

/** A member's stored tree summary is made again after an hour, as the community figure is. */
const OWNER_SUMMARY_MAX_AGE_MS = 3_600_000;

/**
 * The plants of some trees by the 12-month rule (issue 21 §3, docs/decisions/four-numbers.md):
 * planted (not rejected), alive at last check, of those verified, and what the checked ones store;
 * `treesUnconfirmed` living plants left out of that CO₂ and O₂.
 */
export interface CheckedFigures {
  treesPlanted: number;
  treesAliveChecked: number;
  treesVerified: number;
  treesUnconfirmed: number;
  checkedCo2Kg: Range;
  checkedO2Kg: Range;
}

/** A tree as the checked figures count it. */
type CheckedTree = Parameters<typeof asCohort>[0] & {
  last_checked_at: string | null;
  verification_status: string;
};

const noCheckedFigures = (): CheckedFigures => ({
  treesPlanted: 0,
  treesAliveChecked: 0,
  treesVerified: 0,
  treesUnconfirmed: 0,
  checkedCo2Kg: { low: 0, mid: 0, high: 0 },
  checkedO2Kg: { low: 0, mid: 0, high: 0 },
});

/** A tree as the one impact method takes it (a cohort of its own). */
const asImpactCohort = (t: CheckedTree) => ({
  species_id: t.species_id,
  size: t.size,
  planted_day: t.planted_at.slice(0, 10),
  last_measured_at: t.last_measured_at,
  last_height_cm: t.last_height_cm,
  last_diameter_cm: t.last_diameter_cm,
  plants: t.alive_count,
});

/** Adds a tree to the checked figures at `now` (`boundary`: checkBoundary(now)). */
function addChecked(into: CheckedFigures, t: CheckedTree, now: Date, boundary: string): void {
  if (t.verification_status === 'rejected') return;
  into.treesPlanted += t.tree_count;
  const alive = t.status === 'dead' ? 0 : t.alive_count;
  if (alive <= 0) return;
  if (t.last_checked_at === null || t.last_checked_at <= boundary) {
    into.treesUnconfirmed += alive;
    return;
  }
  into.treesAliveChecked += alive;
  if (t.verification_status === 'verified') into.treesVerified += alive;
  const impact = cohortImpact(asImpactCohort(t), alive, now);
  into.checkedCo2Kg = addRanges([into.checkedCo2Kg, impact.co2Kg]);
  into.checkedO2Kg = addRanges([into.checkedO2Kg, impact.o2Kg]);
}

/** A member's trees for the dashboard (`ownerSummary`). */
export interface OwnerSummary {
  livingPlants: number;
  livingRecords: number;
  records: number;
  co2Kg: HistoryPoint['co2Kg'];
  history: HistoryPoint[];
  /** The four numbers' tree counts, and CO₂ and O₂ of the plants alive at last check. */
  checked: CheckedFigures;
}

/** What is stored: the summary, the clock's time it was made at and how many months it covers. */
/**
 * Everything stored of a member's own trees: the dashboard's summary, and the figures of their
 * forest (plants registered, plants per species, the drives they planted at, latest first).
 */
export interface OwnerTreeFigures extends OwnerSummary {
  plants: number;
  /** [species id, plants], most plants first. */
  species: [number, number][];
  /** [drive id, latest planting there], latest first, at most FOREST_LIMITS.drivesMax. */
  drives: [string, string][];
}

/** What is stored: the figures, the clock's time they were made at and the months covered. */
type StoredOwnerFigures = OwnerTreeFigures & { at: string; months: number; format: number };

/** The stored figures' shape: rows of another format are made again. */
const OWNER_FIGURES_FORMAT = 3;

const withoutStamp = ({
  at: _at,
  months: _months,
  format: _format,
  ...figures
}: StoredOwnerFigures): OwnerTreeFigures => figures;

const summaryOf = ({
  livingPlants,
  livingRecords,
  records,
  co2Kg,
  history,
  checked,
}: OwnerTreeFigures): OwnerSummary => ({
  livingPlants,
  livingRecords,
  records,
  co2Kg,
  history,
  checked,
});

/** A tree as the impact history counts it: a cohort of one record. */
const asCohort = (t: {
  species_id: number;
  size: HistoryCohort['size'];
  status: HistoryCohort['status'];
  planted_at: string;
  status_changed_at: string | null;
  last_measured_at: string | null;
  last_height_cm: number | null;
  last_diameter_cm: number | null;
  tree_count: number;
  alive_count: number;
}): HistoryCohort => ({
  species_id: t.species_id,
  size: t.size,
  status: t.status,
  planted_day: t.planted_at.slice(0, 10),
  changed_day: t.status_changed_at === null ? null : t.status_changed_at.slice(0, 10),
  last_measured_at: t.last_measured_at,
  last_height_cm: t.last_height_cm,
  last_diameter_cm: t.last_diameter_cm,
  plants: t.tree_count,
  alive: t.alive_count,
  records: 1,
});

/** The community's tree charts (/api/stats/charts), before stats names the species. */
export interface CommunityTreeCharts {
  treesPerMonth: { month: string; plants: number; records: number }[];
  speciesMix: { species: number; plants: number }[];
  co2OverTime: HistoryPoint[];
  /**
   * Issue 21 §3: the living plants whose last check was 12 months old or more when the job walked
   * them, and what they store (the community CO₂ figure leaves them out).
   */
  unconfirmed?: UnconfirmedImpact;
}

/** Living plants not checked in 12 months and their CO₂ and O₂ (mid), at `at`. */
export interface UnconfirmedImpact {
  plants: number;
  co2Kg: Range;
  o2Kg: Range;
  at: string;
}

/**
 * The community's tree charts (issue 20): made by a job every ten minutes from every tree, in
 * batches that yield, and stored (`tree_chart_snapshots`), so a request reads one row. Only when
 * none is stored for this month yet does a request make them (the same yielding walk).
 */
export function treeCharts({ db, clock }: { db: Executor; clock: Clock }) {
  const queries = () => chartsQueries(db);
  const nameOf = (months: number) => `community:${months}`;

  /** Every tree once, in id order, in batches; the charts at now. */
  async function make(months: number, signal?: AbortSignal): Promise<CommunityTreeCharts> {
    const now = clock.now();
    const boundary = checkBoundary(now);
    let unconfirmedPlants = 0;
    const points = monthEnds(now, months);
    const since = `${points[0]!.month}-01T00:00:00.000Z`;
    const totals = historyTotals(points);
    const registered = new Map<string, { plants: number; records: number }>();
    const living = new Map<number, number>();
    let unconfirmedCo2: Range = { low: 0, mid: 0, high: 0 };
    let unconfirmedO2: Range = { low: 0, mid: 0, high: 0 };
    let after = '';
    for (;;) {
      stopIfAborted(signal);
      const batch = await queries().treesAfter(after, BATCH);
      addToHistory(totals, batch.map(asCohort));
      for (const t of batch) {
        if (t.created_at >= since) {
          const month = registered.get(t.created_at.slice(0, 7)) ?? { plants: 0, records: 0 };
          month.plants += t.tree_count;
          month.records += 1;
          registered.set(t.created_at.slice(0, 7), month);
        }
        if (t.status !== 'dead' && t.alive_count > 0)
          living.set(t.species_id, (living.get(t.species_id) ?? 0) + t.alive_count);
        // Living plants not checked in 12 months (not on rejected trees): what CO₂ leaves out.
        if (
          t.status !== 'dead' &&
          t.alive_count > 0 &&
          t.verification_status !== 'rejected' &&
          (t.last_checked_at === null || t.last_checked_at <= boundary)
        ) {
          unconfirmedPlants += t.alive_count;
          const share = cohortImpact(asImpactCohort(t), t.alive_count, now);
          unconfirmedCo2 = addRanges([unconfirmedCo2, share.co2Kg]);
          unconfirmedO2 = addRanges([unconfirmedO2, share.o2Kg]);
        }
      }
      if (batch.length < BATCH) break;
      after = batch.at(-1)!.id;
      await yieldToEventLoop();
    }
    return {
      treesPerMonth: points.map(({ month }) => ({
        month,
        plants: registered.get(month)?.plants ?? 0,
        records: registered.get(month)?.records ?? 0,
      })),
      speciesMix: [...living.entries()]
        .map(([species, plants]) => ({ species, plants }))
        .sort((a, b) => b.plants - a.plants || a.species - b.species),
      co2OverTime: historyPoints(totals),
      unconfirmed: {
        plants: unconfirmedPlants,
        co2Kg: unconfirmedCo2,
        o2Kg: unconfirmedO2,
        at: now.toISOString(),
      },
    };
  }

  async function makeAndStore(months: number, signal?: AbortSignal) {
    const computedAt = clock.now().toISOString();
    const charts = await make(months, signal);
    await queries().saveSnapshot({
      name: nameOf(months),
      last_month: charts.treesPerMonth.at(-1)!.month,
      body: JSON.stringify(charts),
      computed_at: computedAt,
    });
    return charts;
  }

  const makingOwner = new Map<string, Promise<OwnerTreeFigures>>();

  /** The member's trees walked in batches that yield, summed, and stored unless a write came. */
  async function makeOwnerFigures(
    ownerId: string,
    months: number,
    name: string,
  ): Promise<OwnerTreeFigures> {
    // Wall-clock order of this walk against writes' marks (the injected clock may stand still).
    const startedAt = new Date().toISOString();
    const at = clock.now();
    const boundary = checkBoundary(at);
    const checked = noCheckedFigures();
    const totals = historyTotals(monthEnds(at, months));
    let livingPlants = 0;
    let livingRecords = 0;
    let records = 0;
    let plants = 0;
    const species = new Map<number, number>();
    const drives = new Map<string, string>();
    let after: { created_at: string; id: string } | null = null;
    for (;;) {
      const batch = await queries().ownerTreesAfter(ownerId, after, BATCH);
      addToHistory(totals, batch.map(asCohort));
      for (const t of batch) {
        addChecked(checked, t, at, boundary);
        records += 1;
        plants += t.tree_count;
        species.set(t.species_id, (species.get(t.species_id) ?? 0) + t.tree_count);
        if (t.drive_id !== null && (drives.get(t.drive_id) ?? '') < t.planted_at)
          drives.set(t.drive_id, t.planted_at);
        if (t.status === 'dead') continue;
        livingRecords += 1;
        livingPlants += t.alive_count;
      }
      if (batch.length < BATCH) break;
      after = batch.at(-1)!;
      await yieldToEventLoop();
    }
    const history = historyPoints(totals);
    const figures: OwnerTreeFigures = {
      livingPlants,
      livingRecords,
      records,
      co2Kg: history.at(-1)?.co2Kg ?? { low: 0, mid: 0, high: 0 },
      history,
      checked,
      plants,
      species: [...species.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]),
      drives: [...drives.entries()]
        .sort((a, b) => (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : a[0] < b[0] ? -1 : 1))
        .slice(0, FOREST_LIMITS.drivesMax),
    };
    await queries().saveSnapshot(
      {
        name,
        last_month: history.at(-1)?.month ?? '',
        body: JSON.stringify({
          ...figures,
          at: at.toISOString(),
          months,
          format: OWNER_FIGURES_FORMAT,
        } satisfies StoredOwnerFigures),
        computed_at: startedAt,
      },
      { ifNewer: true },
    );
    return figures;
  }

  // Not shared past a write to the trees they are made of (the snapshot's own saves don't count).
  const readingOwner = sharedLoads<OwnerTreeFigures>({ tables: ['trees'] });

  /**
   * The member's stored figures; calls made while one read is under way share it (a forest view
   * asks for its totals, drives and species side by side: one row read and parsed, not three).
   */
  function ownerFigures(ownerId: string, months: number): Promise<OwnerTreeFigures> {
    return readingOwner.get(`${ownerId}|${months}`, () => readOwnerFigures(ownerId, months));
  }

  /** The member's stored figures, made again when out of date (see `ownerSummary`). */
  async function readOwnerFigures(ownerId: string, months: number): Promise<OwnerTreeFigures> {
    const name = ownerSummaryName(ownerId);
    const now = clock.now();
    const stored = await queries().snapshot(name);
    if (stored && stored.body !== '') {
      const figures = JSON.parse(stored.body) as StoredOwnerFigures;
      const age = now.getTime() - Date.parse(figures.at);
      if (
        figures.format === OWNER_FIGURES_FORMAT &&
        figures.months === months &&
        age >= 0 &&
        age < OWNER_SUMMARY_MAX_AGE_MS &&
        figures.at.slice(0, 7) === now.toISOString().slice(0, 7)
      )
        return withoutStamp(figures);
    }
    // Concurrent requests for one member wait for one walk.
    let making = makingOwner.get(name);
    if (!making) {
      making = makeOwnerFigures(ownerId, months, name).finally(() => makingOwner.delete(name));
      makingOwner.set(name, making);
    }
    return making;
  }

  return {
    /**
     * A member's trees for the dashboard: counts, and living plants with their CO₂ (low–high) at
     * the end of each of the last `months` months, the last point being now (one impact method).
     * Stored per member (`owner:{id}` in `tree_chart_snapshots`) and read as one row;
     * made again, walking their trees in batches that yield, after a write to one of their trees
     * (which marks it out of date in its transaction), after an hour (the curve ages, as the
     * community figure's partials do) and in a new month.
     */
    ownerSummary: async (ownerId: string, months: number): Promise<OwnerSummary> =>
      summaryOf(await ownerFigures(ownerId, months)),

    /** A member's own trees for their forest: plants, alive, per species, their drives. */
    ownerTreeFigures: (ownerId: string) => ownerFigures(ownerId, HISTORY_MONTHS),

    /**
     * The community's charts of trees: registrations per month, species mix, CO₂ over time, as
     * the chart job last made them (at most ten minutes old); made here when none reaches this
     * month yet.
     */
    async communityCharts(months: number): Promise<CommunityTreeCharts> {
      const stored = await queries().snapshot(nameOf(months));
      const thisMonth = clock.now().toISOString().slice(0, 7);
      if (stored && stored.last_month === thisMonth)
        return JSON.parse(stored.body) as CommunityTreeCharts;
      return makeAndStore(months, undefined);
    },

    /**
     * Living plants not checked in 12 months and what they store (issue 21 §3), as the chart job
     * last counted them (at most ten minutes old, whatever the month); counted here when none is
     * stored yet. The community CO₂ and O₂ figures take them away.
     */
    async unconfirmedImpact(): Promise<UnconfirmedImpact> {
      const stored = await queries().snapshot(nameOf(HISTORY_MONTHS));
      const charts = stored ? (JSON.parse(stored.body) as CommunityTreeCharts) : null;
      return (charts?.unconfirmed ?? (await makeAndStore(HISTORY_MONTHS)).unconfirmed)!;
    },

    /** The chart job: makes the charts again and stores them (answers the trees read… as 1). */
    async refreshCommunityCharts(signal?: AbortSignal): Promise<number> {
      await makeAndStore(HISTORY_MONTHS, signal);
      return 1;
    },
  };
}
export type TreeCharts = ReturnType<typeof treeCharts>;
