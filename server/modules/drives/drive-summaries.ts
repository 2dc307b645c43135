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

/** The drives service's read methods for dashboards. */
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
  };
}
