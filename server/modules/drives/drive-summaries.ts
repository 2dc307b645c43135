import { ATTENDANCE_LIMITS } from '../../../contract/attendance';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { driveSummariesRepository, monthOf } from './drive-summaries.repository';

/** A drive as dashboards list it (contract/dashboards.ts `dashboardDriveSchema`). */
export interface DriveSummary {
  id: string;
  name: string;
  startsAt: string;
  durationHours: number;
  location: string;
  country: string;
  /** The drive's IANA zone: its times are shown there. */
  timeZone: string;
  participants: number;
}

export function toDriveSummary(row: {
  id: string;
  name: string;
  starts_at: string;
  duration_hours: number;
  location_text: string;
  country: string;
  time_zone: string;
  participants: number | string | bigint | null;
}): DriveSummary {
  return {
    id: row.id,
    name: row.name,
    startsAt: row.starts_at,
    durationHours: Number(row.duration_hours),
    location: row.location_text,
    country: row.country,
    timeZone: row.time_zone,
    participants: Number(row.participants ?? 0),
  };
}

/** Which drives a volunteer-hours figure covers (ISO instants of their starts). */
export interface VolunteerHoursScope {
  /** One organiser's drives; the whole community without it. */
  organiserId?: string;
  /** Drives starting at or after this instant. */
  from?: string;
  /** Drives starting before this instant. */
  before?: string;
}

/** What an organisation's dashboard shows of its drives, over a range of starts or all time. */
export interface OrganisedSummary {
  /** Drives in the range that start after now, and those that started by now. */
  upcoming: number;
  past: number;
  /** The soonest upcoming drives and the latest past ones, at most `listMax` each. */
  upcomingList: DriveSummary[];
  pastList: DriveSummary[];
  /** Sign-ups across the drives in the range (a person at two drives counts twice). */
  participants: number;
  /** Per month (YYYY-MM) of the range: drives and sign-ups; months without drives are absent. */
  months: Map<string, { drives: number; participants: number }>;
}

const monthStart = (iso: string) => `${monthOf(iso)}-01T00:00:00.000Z`;
function nextMonthStart(iso: string): string {
  const d = new Date(monthStart(iso));
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString();
}

/** A member's drive counts, as their public profile shows them. */
export interface MemberDriveFigures {
  drivesOrganised: number;
  drivesJoined: number;
  /** The member's own attended hours (the same rule as `volunteerHours`). */
  volunteerHours: number;
}

/**
 * The drives service's read methods for the figures it owns (stats, dashboards, profiles,
 * onboarding). Each aggregates in SQL (drive-summaries.repository.ts).
 */
export function driveSummaries(uow: UnitOfWork, clock: Clock) {
  const nowIso = () => clock.now().toISOString();
  return {
    /**
     * An organiser's drives starting in [from, before) (either end open; all time without both):
     * counts, the first `listMax` of each list (all without it), sign-ups and per-month figures.
     * Whole months come from `drive_organiser_months`; only a range's partial first and last
     * months read drive rows, and the upcoming count is one range of drives_organizer_idx, so
     * the cost follows the months shown, not the organiser's drives.
     */
    async organisedSummary(
      organiserId: string,
      range: { from?: string | undefined; before?: string | undefined; listMax?: number } = {},
    ): Promise<OrganisedSummary> {
      const repo = driveSummariesRepository(uow.db);
      const { from, before, listMax } = range;
      const now = nowIso();
      // Whole months inside the range: [lo, hi).
      const lo = from === undefined || from === monthStart(from) ? from : nextMonthStart(from);
      const hi = before === undefined ? undefined : monthStart(before);
      const parts: Array<
        Promise<Array<{ month: string; drives: unknown; participants: unknown }>>
      > = [];
      if (from !== undefined && before !== undefined && lo! >= hi!)
        parts.push(repo.organiserMonthsFromRows(organiserId, from, before));
      else {
        parts.push(repo.organiserMonths(organiserId, lo && monthOf(lo), hi && monthOf(hi)));
        if (from !== undefined && lo !== undefined && from < lo)
          parts.push(repo.organiserMonthsFromRows(organiserId, from, lo));
        if (before !== undefined && hi !== undefined && hi < before)
          parts.push(repo.organiserMonthsFromRows(organiserId, hi, before));
      }
      const bounds = { from, before };
      const [monthRows, upcoming, upcomingList, pastList] = await Promise.all([
        Promise.all(parts),
        repo.organisedUpcomingCount(organiserId, now, bounds),
        repo.organisedList(organiserId, now, bounds, 'upcoming', listMax),
        repo.organisedList(organiserId, now, bounds, 'past', listMax),
      ]);
      const months = new Map<string, { drives: number; participants: number }>();
      let drives = 0;
      let participants = 0;
      for (const row of monthRows.flat()) {
        const m = months.get(row.month) ?? { drives: 0, participants: 0 };
        m.drives += Number(row.drives);
        m.participants += Number(row.participants);
        months.set(row.month, m);
        drives += Number(row.drives);
        participants += Number(row.participants);
      }
      return {
        upcoming,
        past: drives - upcoming,
        upcomingList: upcomingList.map(toDriveSummary),
        pastList: pastList.map(toDriveSummary),
        participants,
        months,
      };
    },

    /** The member's joined drives that are still ahead: the soonest `limit` and how many in all. */
    async joinedUpcoming(userId: string, limit: number) {
      const summaries = driveSummariesRepository(uow.db);
      const [rows, total] = await Promise.all([
        summaries.joinedUpcoming(userId, nowIso(), limit),
        summaries.joinedUpcomingCount(userId, nowIso()),
      ]);
      return { total, drives: rows.map(toDriveSummary) };
    },

    /**
     * The one definition of volunteer hours (issue 21, docs/decisions/attended-hours.md): attended
     * hours. Each attendance counts its minutes as soon as it is recorded (check-out minus
     * check-in capped at the duration plus 2 hours, else the duration, or a correction), and each
     * drive's organiser their duration once the drive has started unless corrected; RSVPs that did
     * not come count nothing. Whole months that have ended come from a summary (the organiser's
     * `drive_organiser_months`, or the community's `drive_community_months`), the rest (the month
     * under way, a period's partial first and last months) from the drives' attendance columns.
     */
    volunteerHours(scope: VolunteerHoursScope = {}): Promise<number> {
      const repo = driveSummariesRepository(uow.db);
      const nowMs = clock.now().getTime();
      const now = new Date(nowMs).toISOString();
      const opened = new Date(nowMs + ATTENDANCE_LIMITS.opensHoursBefore * 3_600_000).toISOString();
      const { organiserId: id, from, before } = scope;
      const end = before !== undefined && before <= now ? before : now;
      const lo = from === undefined || from === monthStart(from) ? from : nextMonthStart(from);
      const hi = monthStart(end);
      const bounds = { before, now, opened };
      const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
      if (lo !== undefined && lo >= hi) return repo.rowMinutes(id, { ...bounds, from }).then(hours);
      return Promise.all([
        repo.monthMinutes(id, lo && monthOf(lo), monthOf(hi)),
        from !== undefined && from < lo!
          ? repo.rowMinutes(id, { from, before: lo, now, opened })
          : 0,
        repo.rowMinutes(id, { ...bounds, from: hi }),
      ]).then((parts) => hours(parts.reduce((a, b) => a + b, 0)));
    },

    /** Drives ever created and the countries they were in. */
    async communityCounts(): Promise<{ drivesCreated: number; countries: number }> {
      const { drives, countries } = await driveSummariesRepository(uow.db).communityCounts();
      return { drivesCreated: drives, countries };
    },

    /** Drives per country (ISO code), most first. */
    async drivesPerCountry(): Promise<Array<{ country: string; drives: number }>> {
      const rows = await driveSummariesRepository(uow.db).perCountry();
      return rows
        .map((r) => ({ country: r.country, drives: Number(r.n) }))
        .sort((a, b) => b.drives - a.drives || a.country.localeCompare(b.country));
    },

    /** Whether the member organised a drive, and joined one (onboarding's steps: not counts). */
    hasOrganisedDrive: (userId: string) => driveSummariesRepository(uow.db).hasOrganised(userId),
    hasJoinedDrive: (userId: string) => driveSummariesRepository(uow.db).hasJoined(userId),

    /** How many drives the member organised and joined, and their hours (profiles). */
    async memberFigures(userId: string): Promise<MemberDriveFigures> {
      const repo = driveSummariesRepository(uow.db);
      const [totals, upcoming] = await Promise.all([
        repo.memberTotals(userId),
        repo.upcomingUnattendedMinutes(userId, nowIso()),
      ]);
      const minutes = totals.attendedMinutes + totals.unattendedMinutes - upcoming;
      return {
        drivesOrganised: totals.organised,
        drivesJoined: totals.joined,
        volunteerHours: Math.round((minutes / 60) * 100) / 100,
      };
    },
  };
}
