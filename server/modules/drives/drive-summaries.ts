import type { UnitOfWork } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { driveSummariesRepository } from './drive-summaries.repository';

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

/** Which drives a volunteer-hours figure covers (ISO instants; drives that started by now only). */
export interface VolunteerHoursScope {
  /** One organiser's drives; the whole community without it. */
  organiserId?: string;
  /** Drives starting at or after this instant. */
  from?: string;
  /** Drives starting before this instant. */
  before?: string;
}

/** A member's drive counts, as their public profile shows them. */
export interface MemberDriveFigures {
  drivesOrganised: number;
  drivesJoined: number;
}

/**
 * The drives service's read methods for the figures it owns (stats, dashboards, profiles,
 * onboarding). Each aggregates in SQL (drive-summaries.repository.ts).
 */
export function driveSummaries(uow: UnitOfWork, clock: Clock) {
  const nowIso = () => clock.now().toISOString();
  return {
    /** Every drive the organiser created with its participant count, oldest first. */
    async organisedSummary(organiserId: string): Promise<DriveSummary[]> {
      const rows = await driveSummariesRepository(uow.db).organisedWithCounts(organiserId);
      return rows.map(toDriveSummary);
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
     * The one definition of volunteer hours: drives that started by now, each drive's duration
     * once for its organiser and once per participant (sign-ups: there are no check-ins yet).
     */
    volunteerHours: (scope: VolunteerHoursScope = {}): Promise<number> =>
      driveSummariesRepository(uow.db).volunteerHours({ ...scope, now: nowIso() }),

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

    /** How many drives the member organised and joined (profiles, onboarding). */
    async memberFigures(userId: string): Promise<MemberDriveFigures> {
      const { organised, joined } = await driveSummariesRepository(uow.db).memberCounts(userId);
      return { drivesOrganised: organised, drivesJoined: joined };
    },
  };
}
