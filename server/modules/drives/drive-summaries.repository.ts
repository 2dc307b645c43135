import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';

/** Which drives a volunteer-hours figure covers: those that started by `now`, optionally narrowed. */
export interface HoursScope {
  now: string;
  /** One organiser's drives; the whole community without it. */
  organiserId?: string;
  /** Drives starting at or after this instant (ISO). */
  from?: string;
  /** Drives starting before this instant (ISO). */
  before?: string;
}

/**
 * Read-only drive figures for stats, dashboards, profiles and onboarding: what an organiser ran,
 * what a member joined, volunteer hours and community counts. Every figure aggregates here, in SQL.
 */
export function driveSummariesRepository(db: Kysely<Database>) {
  const columns = [
    'drives.id',
    'drives.name',
    'drives.starts_at',
    'drives.duration_hours',
    'drives.location_text',
    'drives.country',
    'drives.time_zone',
  ] as const;

  /** The drives a volunteer-hours figure counts. */
  const startedDrives = ({ now, organiserId, from, before }: HoursScope) => {
    let query = db.selectFrom('drives').where('drives.starts_at', '<=', now);
    if (organiserId) query = query.where('drives.organizer_id', '=', organiserId);
    if (from) query = query.where('drives.starts_at', '>=', from);
    if (before) query = query.where('drives.starts_at', '<', before);
    return query;
  };

  return {
    /** Every drive the organiser created, with its participant count, oldest first. */
    organisedWithCounts: (organiserId: string) =>
      db
        .selectFrom('drives')
        .leftJoin('drive_participants as p', 'p.drive_id', 'drives.id')
        .select((eb) => [...columns, eb.fn.count<number>('p.user_id').as('participants')])
        .where('drives.organizer_id', '=', organiserId)
        .groupBy(columns)
        .orderBy('drives.starts_at')
        .orderBy('drives.id')
        .execute(),

    /** Drives the member joined that start after `now`, soonest first, at most `limit`. */
    joinedUpcoming: (userId: string, now: string, limit: number) =>
      db
        .selectFrom('drives')
        .innerJoin('drive_participants as me', 'me.drive_id', 'drives.id')
        .select((eb) => [
          ...columns,
          eb
            .selectFrom('drive_participants as p')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('p.drive_id', '=', 'drives.id')
            .as('participants'),
        ])
        .where('me.user_id', '=', userId)
        .where('drives.starts_at', '>', now)
        .orderBy('drives.starts_at')
        .orderBy('drives.id')
        .limit(limit)
        .execute(),

    async joinedUpcomingCount(userId: string, now: string): Promise<number> {
      const row = await db
        .selectFrom('drive_participants as me')
        .innerJoin('drives', 'drives.id', 'me.drive_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('me.user_id', '=', userId)
        .where('drives.starts_at', '>', now)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Volunteer hours of the drives in scope: each drive's duration once for its organiser and
     * once per participant. Two sums, each one indexed aggregate.
     */
    async volunteerHours(scope: HoursScope): Promise<number> {
      const [organisers, participants] = await Promise.all([
        startedDrives(scope)
          .select((eb) =>
            eb.fn.coalesce(eb.fn.sum<number>('drives.duration_hours'), eb.lit(0)).as('h'),
          )
          .executeTakeFirstOrThrow(),
        startedDrives(scope)
          .innerJoin('drive_participants', 'drive_participants.drive_id', 'drives.id')
          .select((eb) =>
            eb.fn.coalesce(eb.fn.sum<number>('drives.duration_hours'), eb.lit(0)).as('h'),
          )
          .executeTakeFirstOrThrow(),
      ]);
      return Number(organisers.h) + Number(participants.h);
    },

    /** How many drives were ever created, and in how many countries. */
    async communityCounts(): Promise<{ drives: number; countries: number }> {
      const row = await db
        .selectFrom('drives')
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          eb.fn.count<number>('country').distinct().as('countries'),
        ])
        .executeTakeFirstOrThrow();
      return { drives: Number(row.n), countries: Number(row.countries) };
    },

    /** Drives per country code, unordered. */
    perCountry: () =>
      db
        .selectFrom('drives')
        .select((eb) => ['country', eb.fn.countAll<number>().as('n')])
        .groupBy('country')
        .execute(),

    /** Drives a member organised and drives they joined (each one indexed count). */
    async memberCounts(userId: string): Promise<{ organised: number; joined: number }> {
      const [organised, joined] = await Promise.all([
        db
          .selectFrom('drives')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('organizer_id', '=', userId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('drive_participants')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      return { organised: Number(organised.n), joined: Number(joined.n) };
    },
  };
}
export type DriveSummariesRepository = ReturnType<typeof driveSummariesRepository>;
