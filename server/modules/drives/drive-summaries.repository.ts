import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables';

/** The month (YYYY-MM, UTC) a drive counts in: its start's. */
export const monthOf = (startsAt: string) => startsAt.slice(0, 7);

/** What a drive in a summary list shows (with its participants). */
export const driveSummaryColumns = [
  'drives.id',
  'drives.name',
  'drives.starts_at',
  'drives.duration_hours',
  'drives.location_text',
  'drives.country',
  'drives.time_zone',
] as const;

/** How many people joined each drive (0046 `drives.participants_count`, kept by triggers). */
export const participantsOf = () => sql.ref<number>('drives.participants_count');

/**
 * `drive_organiser_months` and `drive_participants.drive_starts_at` (0031), which triggers keep in
 * step with every write of drives and participations, inside the writing statement.
 */
export function organiserSummaryQueries(db: Kysely<Database>) {
  return {
    /**
     * Makes both summaries again from the rows: each participation's `drive_starts_at`, and every
     * organiser's months (the migration's backfill; the scale builder does the same in SQL).
     */
    async rebuild(): Promise<void> {
      await db
        .updateTable('drive_participants')
        .set((eb) => ({
          drive_starts_at: eb
            .selectFrom('drives')
            .select('drives.starts_at')
            .whereRef('drives.id', '=', 'drive_participants.drive_id'),
        }))
        .execute();
      await sql`update drives set
          attendance_minutes = (select coalesce(sum(a.minutes), 0) from drive_attendance a
            where a.drive_id = drives.id),
          organiser_attended = case when exists (select 1 from drive_attendance a
            where a.drive_id = drives.id and a.person_id = drives.organizer_id) then 1 else 0 end`.execute(
        db,
      );
      await db.deleteFrom('drive_organiser_months').execute();
      await sql`insert into drive_organiser_months (organizer_id, month, drives, participants, hours)
        select d.organizer_id, substr(d.starts_at, 1, 7), count(*), coalesce(sum(p.n), 0),
          sum(d.duration_hours * (1 + coalesce(p.n, 0)))
        from drives d
        left join (select drive_id, count(*) as n from drive_participants group by drive_id) p
          on p.drive_id = d.id
        group by d.organizer_id, substr(d.starts_at, 1, 7)`.execute(db);
      // The community's figures (0037), from what was just made.
      await db.deleteFrom('drive_community_months').execute();
      await sql`insert into drive_community_months (month, drives, participants, hours)
        select month, sum(drives), sum(participants), sum(hours) from drive_organiser_months
        group by month`.execute(db);
      // Attended minutes (0047) per organiser and month, and the community's.
      await db.deleteFrom('drive_attended_months').execute();
      await sql`insert into drive_attended_months (organizer_id, month, minutes)
        select organizer_id, substr(starts_at, 1, 7), sum(attendance_minutes
          + case when organiser_attended = 0 then duration_hours * 60 else 0 end)
        from drives group by organizer_id, substr(starts_at, 1, 7)`.execute(db);
      await db.deleteFrom('drive_community_attended_months').execute();
      await sql`insert into drive_community_attended_months (month, minutes)
        select month, sum(minutes) from drive_attended_months group by month`.execute(db);
      await db.deleteFrom('drive_countries').execute();
      await sql`insert into drive_countries (country, drives)
        select country, count(*) from drives group by country`.execute(db);
    },
  };
}

/** Figures over a range of an organiser's drives' starts: [from, before), either end open. */
export interface OrganisedRange {
  from?: string | undefined;
  before?: string | undefined;
}

/**
 * Read-only drive figures for stats, dashboards, profiles and onboarding: what an organiser ran,
 * what a member joined, volunteer hours and community counts. Every figure aggregates here, in SQL.
 */
export function driveSummariesRepository(db: Kysely<Database>) {
  const columns = driveSummaryColumns;

  return {
    /**
     * The organiser's months as the summary keeps them, [fromMonth, beforeMonth) (YYYY-MM), either
     * end open: one index range on the summary's key.
     */
    organiserMonths: (organizerId: string, fromMonth?: string, beforeMonth?: string) => {
      let query = db
        .selectFrom('drive_organiser_months')
        .select(['month', 'drives', 'participants'])
        .where('organizer_id', '=', organizerId);
      if (fromMonth) query = query.where('month', '>=', fromMonth);
      if (beforeMonth) query = query.where('month', '<', beforeMonth);
      return query.execute();
    },

    /**
     * The same figures from the rows, for a part of a month the summary cannot split (a period's
     * first and last days): the organiser's drives starting in [from, before), per month.
     */
    organiserMonthsFromRows: (organizerId: string, from: string, before: string) =>
      db
        .selectFrom('drives')
        .select((eb) => [
          sql<string>`substr(drives.starts_at, 1, 7)`.as('month'),
          eb.fn.countAll<number>().as('drives'),
          eb.fn.coalesce(eb.fn.sum<number>(participantsOf()), eb.lit(0)).as('participants'),
        ])
        .where('drives.organizer_id', '=', organizerId)
        .where('drives.starts_at', '>=', from)
        .where('drives.starts_at', '<', before)
        .groupBy(sql`substr(drives.starts_at, 1, 7)`)
        .execute(),

    /**
     * Attended minutes of whole months [fromMonth, beforeMonth) from a summary (0047): the
     * organiser's (`drive_attended_months`), or the community's (`drive_community_attended_months`).
     */
    async monthMinutes(
      organizerId: string | undefined,
      fromMonth: string | undefined,
      beforeMonth: string,
    ) {
      const query =
        organizerId === undefined
          ? db
              .selectFrom('drive_community_attended_months')
              .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('minutes'), eb.lit(0)).as('m'))
              .where('month', '<', beforeMonth)
              .$if(!!fromMonth, (q) => q.where('month', '>=', fromMonth!))
          : db
              .selectFrom('drive_attended_months')
              .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('minutes'), eb.lit(0)).as('m'))
              .where('organizer_id', '=', organizerId)
              .where('month', '<', beforeMonth)
              .$if(!!fromMonth, (q) => q.where('month', '>=', fromMonth!));
      return Number((await query.executeTakeFirstOrThrow()).m);
    },

    /**
     * Attended minutes of the drives (the organiser's, or everyone's without one) starting in
     * [from, before), from the rows: each drive's attendance as recorded (check-in opens two hours
     * before the start, so no later drive has any), and its organiser's duration once it started
     * (unless the organiser has an attendance row of their own).
     */
    async rowMinutes(
      organizerId: string | undefined,
      range: {
        from?: string | undefined;
        before?: string | undefined;
        now: string;
        /** The latest start a drive with attendance can have (now + 2 hours). */
        opened: string;
      },
    ) {
      let query = db
        .selectFrom('drives')
        .select((eb) =>
          eb.fn
            .coalesce(
              eb.fn.sum<number>(
                sql`drives.attendance_minutes + case when drives.organiser_attended = 0
                  and drives.starts_at <= ${range.now} then drives.duration_hours * 60 else 0 end`,
              ),
              eb.lit(0),
            )
            .as('m'),
        )
        .where('drives.starts_at', '<=', range.opened);
      if (organizerId !== undefined) query = query.where('drives.organizer_id', '=', organizerId);
      if (range.from) query = query.where('drives.starts_at', '>=', range.from);
      if (range.before) query = query.where('drives.starts_at', '<', range.before);
      return Number((await query.executeTakeFirstOrThrow()).m);
    },

    /** How many of the organiser's drives in the range start after `now` (index range count). */
    async organisedUpcomingCount(organizerId: string, now: string, range: OrganisedRange) {
      let query = db
        .selectFrom('drives')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('drives.organizer_id', '=', organizerId)
        .where('drives.starts_at', '>', now);
      if (range.from) query = query.where('drives.starts_at', '>=', range.from);
      if (range.before) query = query.where('drives.starts_at', '<', range.before);
      return Number((await query.executeTakeFirstOrThrow()).n);
    },

    /**
     * The organiser's drives in the range that start after `now` (upcoming, soonest first) or
     * by it (past, latest first), at most `limit` (none: all), each with its participant count.
     */
    organisedList(
      organizerId: string,
      now: string,
      range: OrganisedRange,
      when: 'upcoming' | 'past',
      limit: number | undefined,
    ) {
      const order = when === 'upcoming' ? 'asc' : 'desc';
      let query = db
        .selectFrom('drives')
        .select([...columns, participantsOf().as('participants')])
        .where('drives.organizer_id', '=', organizerId)
        .where('drives.starts_at', when === 'upcoming' ? '>' : '<=', now);
      if (range.from) query = query.where('drives.starts_at', '>=', range.from);
      if (range.before) query = query.where('drives.starts_at', '<', range.before);
      query = query.orderBy('drives.starts_at', order).orderBy('drives.id', order);
      return (limit === undefined ? query : query.limit(limit)).execute();
    },

    /**
     * Drives the member joined that start after `now`, soonest first, at most `limit`: a range of
     * drive_participants_user_idx (user_id, drive_starts_at, drive_id), then each drive by id.
     */
    joinedUpcoming: (userId: string, now: string, limit: number) =>
      db
        .selectFrom('drive_participants as me')
        .innerJoin('drives', 'drives.id', 'me.drive_id')
        .select([...columns, participantsOf().as('participants')])
        .where('me.user_id', '=', userId)
        .where('me.drive_starts_at', '>', now)
        .orderBy('me.drive_starts_at')
        .orderBy('me.drive_id')
        .limit(limit)
        .execute(),

    /** How many drives the member joined start after `now` (the index alone). */
    async joinedUpcomingCount(userId: string, now: string): Promise<number> {
      const row = await db
        .selectFrom('drive_participants as me')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('me.user_id', '=', userId)
        .where('me.drive_starts_at', '>', now)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** How many drives were ever created (the community's months), and in how many countries. */
    async communityCounts(): Promise<{ drives: number; countries: number }> {
      const [months, countries] = await Promise.all([
        db
          .selectFrom('drive_community_months')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('drives'), eb.lit(0)).as('n'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('drive_countries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { drives: Number(months.n), countries: Number(countries.n) };
    },

    /** Drives per country code, unordered (`drive_countries`). */
    perCountry: () => db.selectFrom('drive_countries').select(['country', 'drives as n']).execute(),

    /**
     * The member's totals (`drive_member_totals`, 0069, kept by triggers): drives organised and
     * joined, their attendance rows' minutes, and their organised drives' without a row of theirs.
     */
    async memberTotals(userId: string) {
      const row = await db
        .selectFrom('drive_member_totals')
        .select(['organised', 'joined', 'attended_minutes', 'unattended_minutes'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return {
        organised: Number(row?.organised ?? 0),
        joined: Number(row?.joined ?? 0),
        attendedMinutes: Number(row?.attended_minutes ?? 0),
        unattendedMinutes: Number(row?.unattended_minutes ?? 0),
      };
    },

    /**
     * The minutes of the member's organised drives without a row of theirs that start after
     * `now` (drives_organizer_idx range over the upcoming ones only): they count once started.
     */
    async upcomingUnattendedMinutes(userId: string, now: string): Promise<number> {
      const row = await db
        .selectFrom('drives')
        .select((eb) =>
          eb.fn.coalesce(eb.fn.sum<number>(sql`duration_hours * 60`), eb.lit(0)).as('m'),
        )
        .where('organizer_id', '=', userId)
        .where('starts_at', '>', now)
        .where('organiser_attended', '=', 0)
        .executeTakeFirstOrThrow();
      return Number(row.m);
    },

    /** Whether the member organised any drive (an index seek, however many). */
    hasOrganised: async (userId: string): Promise<boolean> =>
      (await db
        .selectFrom('drives')
        .select('id')
        .where('organizer_id', '=', userId)
        .limit(1)
        .executeTakeFirst()) !== undefined,

    /** Whether the member joined any drive (an index seek, however many). */
    hasJoined: async (userId: string): Promise<boolean> =>
      (await db
        .selectFrom('drive_participants')
        .select('drive_id')
        .where('user_id', '=', userId)
        .limit(1)
        .executeTakeFirst()) !== undefined,
  };
}
export type DriveSummariesRepository = ReturnType<typeof driveSummariesRepository>;
