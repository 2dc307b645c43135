import {
  CARE_LIST,
  DASHBOARD_LIST_MAX,
  DASHBOARD_MESSAGES,
  HISTORY_MONTHS,
  type CareDuePage,
  type CareDuePageQuery,
  type CareList,
  type CorporateDashboard,
  type CorporateMonth,
  type CurrencyTotal,
  type DashboardDrive,
  type ImpactReportQuery,
  type IndividualDashboard,
  type Period,
} from '../../../contract/dashboards';
import { decodeCareCursor } from '../../../contract/tree-care';
import { roundSignificant, type Range } from '../../../contract/impact';
import type { Clock } from '../../lib/clock';
import { fieldError, forbidden } from '../../lib/errors';
import type { SessionUser } from '../auth/auth.service';
import type { DonationsService } from '../donations/donations.service';
import type { DrivesService } from '../drives/drives.service';
import type { TreeCharts } from '../trees/tree-charts';
import type { TreeFourNumbers } from '../trees/tree-four-numbers';
import type { TreesService } from '../trees/trees.service';
import {
  impactReportCsv,
  impactReportPdf,
  type ReportDrives,
  type ReportFile,
} from './impact-report';

const roundRange = (r: Range): Range => ({
  low: roundSignificant(r.low),
  mid: roundSignificant(r.mid),
  high: roundSignificant(r.high),
});

export interface Organisation {
  id: string;
  name: string;
}

export interface DashboardsDeps {
  clock: Clock;
  trees: Pick<TreeCharts, 'ownerSummary'> &
    Pick<TreeFourNumbers, 'organiserTreeCounts'> &
    Pick<
      TreesService,
      'careDuePage' | 'careList' | 'replanting' | 'replantingCount' | 'plantedForOrganiser'
    >;
  drives: Pick<
    DrivesService,
    'organisedSummary' | 'joinedUpcoming' | 'volunteerHours' | 'organisedDrivesAfter'
  >;
  donations: Pick<DonationsService, 'paidTotalsOf' | 'receivedForOrganiser'>;
  /**
   * Another way to view an organisation (its team members, once teams exist): the organisation
   * the viewer may see, or null. Without it only the corporate account itself may.
   */
  organisationFor?: (viewer: SessionUser, organisationId: string) => Promise<Organisation | null>;
}

/**
 * Everything the corporate dashboard and the impact report show; the drive lists are complete
 * unless `corporateFigures` was given a `listMax` (the dashboard's), the counts always are.
 */
export interface CorporateFigures extends Omit<CorporateDashboard, 'drives'> {
  drives: {
    upcoming: DashboardDrive[];
    past: DashboardDrive[];
    upcomingCount: number;
    pastCount: number;
  };
}

const displayName = (user: Pick<SessionUser, 'name' | 'username'>) =>
  user.name?.trim() || user.username;

/** [from 00:00Z, the day after `to` 00:00Z) as ISO timestamps. */
export function periodBounds(period: Period): { from: string; before: string } {
  const end = new Date(`${period.to}T00:00:00.000Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { from: `${period.from}T00:00:00.000Z`, before: end.toISOString() };
}

/** The months (YYYY-MM) a period touches, oldest first; without one, the last HISTORY_MONTHS. */
export function monthsOf(period: Period | undefined, now: Date): string[] {
  const start = period
    ? new Date(`${period.from.slice(0, 7)}-01T00:00:00.000Z`)
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (HISTORY_MONTHS - 1), 1));
  const last = period ? period.to.slice(0, 7) : now.toISOString().slice(0, 7);
  const months: string[] = [];
  for (const d = start; d.toISOString().slice(0, 7) <= last; d.setUTCMonth(d.getUTCMonth() + 1))
    months.push(d.toISOString().slice(0, 7));
  return months;
}

/** Sums per currency, currencies in alphabetical order. */
function byCurrency(rows: readonly CurrencyTotal[]): CurrencyTotal[] {
  const sums = new Map<string, CurrencyTotal>();
  for (const row of rows) {
    const sum = sums.get(row.currency) ?? { ...row, amountMinor: 0, trees: 0, donations: 0 };
    sum.amountMinor += row.amountMinor;
    sum.trees += row.trees;
    sum.donations += row.donations;
    sums.set(row.currency, sum);
  }
  return [...sums.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** A care list cursor (contract/tree-care.ts): the position, or a 400 naming `after`. */
function decodeCare(cursor: string) {
  const position = decodeCareCursor(cursor);
  if (!position) throw fieldError('after', DASHBOARD_MESSAGES.careCursor);
  return position;
}

const percent = (part: number, whole: number) =>
  whole > 0 ? Math.round((part * 1000) / whole) / 10 : null;

/** The signed-in dashboards: a member's own figures, and an organisation's drives and impact. */
export function dashboardsService(deps: DashboardsDeps) {
  const { clock } = deps;

  /**
   * The one authorisation of the corporate dashboard and the impact report: the corporate account
   * itself, or whoever `organisationFor` lets in (team members, later). Anyone else: 403.
   */
  async function requireOrganisationViewer(
    viewer: SessionUser,
    organisationId: string,
  ): Promise<Organisation> {
    if (viewer.id === organisationId && viewer.profile_type === 'corporate')
      return { id: viewer.id, name: displayName(viewer) };
    const other = deps.organisationFor ? await deps.organisationFor(viewer, organisationId) : null;
    if (other) return other;
    throw forbidden(DASHBOARD_MESSAGES.corporateOnly);
  }

  /**
   * The first tasks of the care list and its totals (the trees module's list, as My trees shows
   * it: the totals counted at most once per member in CARE_TOTALS_TTL_MS, at once after a write).
   */
  const careList = (userId: string): Promise<CareList> =>
    deps.trees.careList(userId, { limit: CARE_LIST.first, soonDays: CARE_LIST.soonDays });

  async function individual(user: SessionUser): Promise<IndividualDashboard> {
    if (user.profile_type !== 'individual') throw forbidden(DASHBOARD_MESSAGES.individualOnly);
    const [trees, careDue, replanting, replantingTotal, upcoming, donations] = await Promise.all([
      deps.trees.ownerSummary(user.id, HISTORY_MONTHS),
      careList(user.id),
      deps.trees.replanting(user.id, CARE_LIST.replantingFirst),
      deps.trees.replantingCount(user.id),
      deps.drives.joinedUpcoming(user.id, DASHBOARD_LIST_MAX),
      deps.donations.paidTotalsOf(user.id),
    ]);
    return {
      trees: {
        livingPlants: trees.livingPlants,
        livingRecords: trees.livingRecords,
        records: trees.records,
      },
      // Plants alive at last check only (issue 21 §3), from the member's stored figures.
      co2Kg: roundRange(trees.checked.checkedCo2Kg),
      o2Kg: roundRange(trees.checked.checkedO2Kg),
      treesUnconfirmed: trees.checked.treesUnconfirmed,
      fourNumbers: {
        treesFunded: donations.reduce((n, d) => n + d.trees, 0),
        treesPlanted: trees.checked.treesPlanted,
        treesAliveChecked: trees.checked.treesAliveChecked,
        treesVerified: trees.checked.treesVerified,
      },
      careDue,
      upcomingDrives: upcoming,
      donations,
      history: trees.history,
      replanting,
      replantingTotal,
      computedAt: clock.now().toISOString(),
    };
  }

  /**
   * An organisation's figures for a period (inclusive days, UTC), or for all time; the drive lists
   * hold at most `listMax` drives each (all without it).
   */
  async function corporateFigures(organisation: Organisation, period?: Period, listMax?: number) {
    const now = clock.now();
    const nowIso = now.toISOString();
    const bounds = period ? periodBounds(period) : undefined;
    // Counts, sign-ups and months from the organiser's summary; lists from the index (drives module).
    const [summary, volunteerHours, planted, received, treeCounts, receivedEver] =
      await Promise.all([
        deps.drives.organisedSummary(organisation.id, {
          from: bounds?.from,
          before: bounds?.before,
          ...(listMax === undefined ? {} : { listMax }),
        }),
        // The one definition of volunteer hours (the drives module's, as /api/stats counts them).
        deps.drives.volunteerHours({
          organiserId: organisation.id,
          from: bounds?.from,
          before: bounds?.before,
        }),
        // Trees and money at the organisation's drives, from the owners' rows per organiser and day.
        deps.trees.plantedForOrganiser(organisation.id, bounds?.from, bounds?.before),
        deps.donations.receivedForOrganiser(organisation.id, bounds?.from, bounds?.before),
        // The four numbers are of every drive as it stands now (issue 21 §3).
        deps.trees.organiserTreeCounts(organisation.id),
        bounds ? deps.donations.receivedForOrganiser(organisation.id) : null,
      ]);
    const plantedTotal = planted.reduce((n, m) => n + m.planted, 0);
    const alive = planted.reduce((n, m) => n + m.alive, 0);

    const months: CorporateMonth[] = monthsOf(period, now).map((month) => {
      const held = summary.months.get(month);
      return {
        month,
        drives: held?.drives ?? 0,
        participants: held?.participants ?? 0,
        trees: planted.find((m) => m.month === month)?.planted ?? 0,
        donations: byCurrency(received.filter((r) => r.month === month)),
      };
    });

    return {
      organisation,
      period: period ? { from: period.from, to: period.to } : null,
      drives: {
        upcoming: summary.upcomingList,
        past: summary.pastList,
        upcomingCount: summary.upcoming,
        pastCount: summary.past,
      },
      participants: summary.participants,
      volunteerHours,
      trees: {
        planted: plantedTotal,
        alive,
        dead: plantedTotal - alive,
        alivePercent: percent(alive, plantedTotal),
        deadPercent: percent(plantedTotal - alive, plantedTotal),
      },
      fourNumbers: {
        treesFunded: (receivedEver ?? received).reduce((n, r) => n + r.trees, 0),
        ...treeCounts,
      },
      donations: byCurrency(received),
      months,
      computedAt: nowIso,
    } satisfies CorporateFigures;
  }

  return {
    requireOrganisationViewer,
    individual,

    /** The care list's tasks after the cursor an earlier answer gave ("Show more"). */
    async careDuePage(user: SessionUser, query: CareDuePageQuery): Promise<CareDuePage> {
      if (user.profile_type !== 'individual') throw forbidden(DASHBOARD_MESSAGES.individualOnly);
      return deps.trees.careDuePage(user.id, decodeCare(query.after), query.limit);
    },
    corporateFigures,

    /** The corporate dashboard of `organisationId` for `viewer`, over a period or all time. */
    async corporateDashboard(
      viewer: SessionUser,
      organisationId: string,
      period?: Period,
    ): Promise<CorporateDashboard> {
      const organisation = await requireOrganisationViewer(viewer, organisationId);
      const figures = await corporateFigures(organisation, period, DASHBOARD_LIST_MAX);
      return {
        ...figures,
        drives: {
          upcoming: figures.drives.upcomingCount,
          past: figures.drives.pastCount,
          upcomingList: figures.drives.upcoming,
          pastList: figures.drives.past,
        },
      };
    },

    /**
     * The impact report of a period as CSV (a stream) or PDF, for whoever may view the dashboard:
     * the figures and drive counts as the dashboard reads them (no drive list), then the period's
     * drives from the drives module by keyset pages, oldest first.
     */
    async impactReport(
      viewer: SessionUser,
      organisationId: string,
      query: ImpactReportQuery,
    ): Promise<ReportFile> {
      const organisation = await requireOrganisationViewer(viewer, organisationId);
      const period = { from: query.from, to: query.to };
      const figures = await corporateFigures(organisation, period, 0);
      const range = periodBounds(period);
      const drives: ReportDrives = (after, limit) =>
        deps.drives.organisedDrivesAfter(
          organisation.id,
          range,
          after && { startsAt: after.startsAt, id: after.id },
          limit,
        );
      const base = `canopy-impact-${query.from}-to-${query.to}`;
      return query.format === 'csv'
        ? {
            filename: `${base}.csv`,
            type: 'text/csv; charset=utf-8',
            body: await impactReportCsv(figures, drives),
          }
        : {
            filename: `${base}.pdf`,
            type: 'application/pdf',
            body: await impactReportPdf(figures, drives, viewer.locale),
          };
    },
  };
}
export type DashboardsService = ReturnType<typeof dashboardsService>;
