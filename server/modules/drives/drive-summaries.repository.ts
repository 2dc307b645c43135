import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';

/** Read-only drive figures for dashboards: what an organiser ran and what a member joined. */
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
  };
}
export type DriveSummariesRepository = ReturnType<typeof driveSummariesRepository>;
