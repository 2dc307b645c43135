import { PostgresAdapter, sql, type Kysely, type SqlBool } from 'kysely';
import type { Database, DrivesTable, NewDrive } from '../../db/tables';
import {
  direction,
  DRIVE_COLUMNS,
  filterConditions,
  filterSlots,
  idSlots,
  preparedQueries,
  slot,
  drivePageQuery,
  type DriveFilter,
  type DriveRecord,
} from './drive-queries';

export type DriveChanges = Omit<
  DrivesTable,
  | 'id'
  | 'organizer_id'
  | 'created_at'
  | 'reminder_sent_at'
  | 'time_zone'
  | 'participants_count'
  | 'attendance_minutes'
  | 'organiser_attended'
> & {
  time_zone: string;
  reminder_sent_at?: null;
};

/** All drive SQL, on the executor it is given: the database, or a unit of work's transaction. */
export function drivesRepository(db: Kysely<Database>) {
  const prepared = preparedQueries(db);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  /** Drives as lists and details read them (their organisers' names: drives-people.ts). */
  const listed = () => db.selectFrom('drives').select(DRIVE_COLUMNS);

  return {
    insert: (drive: NewDrive) => db.insertInto('drives').values(drive).execute(),

    update: (id: string, changes: DriveChanges) =>
      db.updateTable('drives').set(changes).where('id', '=', id).execute(),

    /** Removes drives; their participations cascade. */
    async remove(ids: readonly string[]): Promise<void> {
      if (ids.length > 0) await db.deleteFrom('drives').where('id', 'in', ids).execute();
    },

    /** Drives the person organises that start after `now` (account deletion cancels them). */
    upcomingOrganisedBy: (userId: string, now: string) =>
      db
        .selectFrom('drives')
        .select(['id', 'name', 'image_file_id'])
        .where('organizer_id', '=', userId)
        .where('starts_at', '>', now)
        .execute(),

    /** Who joined which of `driveIds`, leaving out `exceptUserId`. */
    participationsIn: (driveIds: readonly string[], exceptUserId: string) =>
      driveIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('drive_participants')
            .select(['drive_id', 'user_id'])
            .where('drive_id', 'in', driveIds)
            .where('user_id', '!=', exceptUserId)
            .execute(),

    /** Every participation of one person. */
    removeParticipations: (userId: string) =>
      db.deleteFrom('drive_participants').where('user_id', '=', userId).execute(),

    findById: (id: string) =>
      db.selectFrom('drives').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Every drive of these organisers (at most `limit`), by id (drives_organizer_idx). */
    organisedDriveIds: async (organiserIds: readonly string[], limit?: number) =>
      organiserIds.length === 0
        ? []
        : (
            await db
              .selectFrom('drives')
              .select('id')
              .where('organizer_id', 'in', organiserIds)
              .$if(limit !== undefined, (q) => q.limit(limit!))
              .execute()
          ).map((r) => r.id),

    /** What other modules show of these drives (drives.briefs), 500 ids a statement. */
    async briefRecords(ids: readonly string[]) {
      const briefs = (list: readonly string[]) =>
        db
          .selectFrom('drives')
          .select(['id', 'name', 'starts_at', 'duration_hours', 'organizer_id'])
          .where('id', 'in', list);
      if (ids.length === 0) return [];
      // A page's drives (a forest view names up to ~100) are prepared per count (issue 20).
      if (ids.length <= 100) {
        const { slots, values } = idSlots(ids);
        return prepared(`briefs:${ids.length}`, () => briefs(slots), values);
      }
      const rows = [];
      for (let i = 0; i < ids.length; i += 500)
        rows.push(...(await briefs(ids.slice(i, i + 500)).execute()));
      return rows;
    },

    /**
     * Drives starting in [from, to), by (starts_at, id) after `after`: a keyset page on the
     * (starts_at, id) index (the day-after planting reminders).
     */
    startedBetween: (
      from: string,
      to: string,
      after: { startsAt: string; id: string } | null,
      limit: number,
    ) => {
      let query = db
        .selectFrom('drives')
        .select(['id', 'name', 'starts_at', 'duration_hours', 'organizer_id'])
        .where('starts_at', '>=', from)
        .where('starts_at', '<', to);
      if (after)
        query = query.where((eb) =>
          eb.or([
            eb('starts_at', '>', after.startsAt),
            eb.and([eb('starts_at', '=', after.startsAt), eb('id', '>', after.id)]),
          ]),
        );
      return query.orderBy('starts_at').orderBy('id').limit(limit).execute();
    },

    findRecord: (id: string): Promise<DriveRecord | undefined> =>
      listed().where('drives.id', '=', id).executeTakeFirst(),

    pageRecords(filter: DriveFilter, limit: number, offset: number): Promise<DriveRecord[]> {
      const { key, shaped, values } = filterSlots(filter);
      return prepared(
        `page:${key}`,
        () => drivePageQuery(db, shaped, slot('limit'), slot('offset')),
        { ...values, limit, offset },
      );
    },

    async count(filter: DriveFilter): Promise<number> {
      const row = await db
        .selectFrom('drives')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) => eb.and(filterConditions(filter)))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    mapPoints: (filter: DriveFilter, limit: number) =>
      db
        .selectFrom('drives')
        .select(['id', 'name', 'starts_at', 'lat', 'lng', 'time_zone'])
        .where((eb) => eb.and(filterConditions(filter)))
        .orderBy('drives.starts_at', direction(filter))
        .orderBy('drives.id', direction(filter))
        .limit(limit)
        .execute(),

    /** Who joined which of `driveIds`, at most `limit` pairs (ask for one more than you keep). */
    participantsOf: (driveIds: readonly string[], limit: number) =>
      driveIds.length === 0
        ? Promise.resolve([])
        : prepared(
            `participants-of:${driveIds.length}`,
            () =>
              db
                .selectFrom('drive_participants')
                .select(['drive_id', 'user_id'])
                .where('drive_id', 'in', idSlots(driveIds).slots)
                .limit(sql<number>`${slot('limit')}`),
            { ...idSlots(driveIds).values, limit },
          ),

    /** Which of `driveIds` the caller joined: one small indexed query. */
    async joinedAmong(driveIds: readonly string[], callerId: string): Promise<Set<string>> {
      if (driveIds.length === 0) return new Set();
      if (postgres) {
        // Each id probed on the primary key (drive_id, user_id), a lateral kept apart by `offset
        // 0`: a named statement's generic plan for `user_id = … and drive_id in (…)` walked all
        // the caller's participations on drive_participants_user_idx (asha at a million: 512
        // rows, 0.36-0.57 ms against 0.10-0.15 ms). One text for any number of ids, too.
        const { rows } = await sql<{ drive_id: string }>`select r.id as drive_id
          from unnest(cast(${[...driveIds]} as text[])) as r(id)
          cross join lateral (select 1 from drive_participants p
            where p.drive_id = r.id and p.user_id = ${callerId} offset 0) p`.execute(db);
        return new Set(rows.map((r) => r.drive_id));
      }
      const ids = idSlots(driveIds);
      const rows = await prepared(
        `joined:${driveIds.length}`,
        () =>
          db
            .selectFrom('drive_participants')
            .select('drive_id')
            .where('user_id', '=', slot('caller'))
            .where('drive_id', 'in', ids.slots),
        { ...ids.values, caller: callerId },
      );
      return new Set(rows.map((r) => r.drive_id));
    },

    /**
     * The earliest start at or after `now` over all drives (null when none): until then no drive
     * moves from upcoming to past, so every list answer computed at `now` stays the same.
     */
    async nextStart(now: string): Promise<string | null> {
      const rows = await prepared(
        'next-start',
        () =>
          db
            .selectFrom('drives')
            .select((eb) => eb.fn.min('starts_at').as('next'))
            .where('starts_at', '>=', slot('now')),
        { now },
      );
      return (rows[0]?.next as string | null | undefined) ?? null;
    },

    /** Who joined the drive, in joining order (their names: drives-people.ts). */
    participantRecords: (driveId: string) =>
      db
        .selectFrom('drive_participants')
        .select('user_id')
        .where('drive_id', '=', driveId)
        .orderBy('joined_at')
        .orderBy('user_id')
        .execute(),

    participantIds: async (driveId: string) =>
      (
        await db
          .selectFrom('drive_participants')
          .select('user_id')
          .where('drive_id', '=', driveId)
          .execute()
      ).map((r) => r.user_id),

    async participantCount(driveId: string): Promise<number> {
      // The stored count (0046, kept by triggers in the writing statement), as the cards read it.
      const row = await db
        .selectFrom('drives')
        .select('participants_count')
        .where('id', '=', driveId)
        .executeTakeFirst();
      return Number(row?.participants_count ?? 0);
    },

    /** True when this call added the person (joining twice changes nothing). */
    async addParticipant(driveId: string, userId: string, at: string): Promise<boolean> {
      const result = await db
        .insertInto('drive_participants')
        .values({ drive_id: driveId, user_id: userId, joined_at: at })
        .onConflict((oc) => oc.columns(['drive_id', 'user_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** True when this call removed the person. */
    async removeParticipant(driveId: string, userId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('drive_participants')
        .where('drive_id', '=', driveId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * The drives the member organises, in the filter's order, at most `limit`: a range of
     * drives_organizer_idx (organizer_id, starts_at, id), from the keyset cursor when there is one.
     */
    organisedRecords: (userId: string, filter: DriveFilter, limit: number) =>
      listed()
        .where('drives.organizer_id', '=', userId)
        .where((eb) => eb.and(filterConditions(filter)))
        .orderBy('drives.starts_at', direction(filter))
        .orderBy('drives.id', direction(filter))
        .limit(limit)
        .execute(),

    /**
     * The drives the member joined, in the list's order (start, then id), at most `limit`: a range
     * of drive_participants_user_idx (user_id, drive_starts_at, drive_id), from the keyset cursor
     * when there is one, then each drive by its id. Only `when`, `now` and `after` of the filter
     * apply (My Plantations and profiles have no other filters).
     */
    joinedRecords: (userId: string, filter: DriveFilter, limit: number) => {
      const upcoming = filter.when === 'upcoming';
      const order = direction(filter);
      const key = sql`(${sql.ref('me.drive_starts_at')}, ${sql.ref('me.drive_id')})`;
      const { after } = filter;
      return listed()
        .innerJoin('drive_participants as me', 'me.drive_id', 'drives.id')
        .where('me.user_id', '=', userId)
        .where(
          after
            ? upcoming
              ? sql<SqlBool>`${key} > (${after.startsAt}, ${after.id})`
              : sql<SqlBool>`${key} < (${after.startsAt}, ${after.id})`
            : upcoming
              ? sql<SqlBool>`${sql.ref('me.drive_starts_at')} >= ${filter.now}`
              : sql<SqlBool>`${sql.ref('me.drive_starts_at')} < ${filter.now}`,
        )
        .orderBy('me.drive_starts_at', order)
        .orderBy('me.drive_id', order)
        .limit(limit)
        .execute();
    },

    /** The ids of the drives the member joined, latest start first (drive_participants_user_idx). */
    async joinedDriveIds(userId: string, limit: number): Promise<string[]> {
      const rows = await prepared(
        'joinedDriveIds',
        () =>
          db
            .selectFrom('drive_participants')
            .select('drive_id')
            .where('user_id', '=', slot('user'))
            .orderBy('drive_starts_at', 'desc')
            .orderBy('drive_id', 'desc')
            .limit(sql<number>`${slot('limit')}`),
        { user: userId, limit },
      );
      return rows.map((r) => r.drive_id);
    },

    /** My drives (organised or joined) starting in [from, before), with my role; at most `limit`. */
    async mineBetween(userId: string, from: string, before: string | undefined, limit: number) {
      return mineBetweenOf(db, FEED_COLUMNS, userId, from, before, limit);
    },

    /** As `mineBetween`, only what the in-app calendar shows of each drive (no description). */
    calendarBetween: (userId: string, from: string, before: string | undefined, limit: number) =>
      mineBetweenOf(db, CALENDAR_COLUMNS, userId, from, before, limit),

    /** Drives starting in (from, until] whose reminder has not gone out, soonest first. */
    dueForReminder: (from: string, until: string, limit: number) =>
      db
        .selectFrom('drives')
        .select(['id', 'name', 'starts_at', 'location_text'])
        .where('starts_at', '>', from)
        .where('starts_at', '<=', until)
        .where('reminder_sent_at', 'is', null)
        .orderBy('starts_at')
        .limit(limit)
        .execute(),

    /**
     * Records the day-before reminder of the drive's start `startsAt` as sent, in the reminder
     * job's transaction; false when it already was (a job run twice) or the drive has moved.
     */
    async recordReminderSent(id: string, startsAt: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('drives')
        .set({ reminder_sent_at: at })
        .where('id', '=', id)
        .where('starts_at', '=', startsAt)
        .where('reminder_sent_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type DrivesRepository = ReturnType<typeof drivesRepository>;

const CALENDAR_COLUMNS = [
  'drives.id',
  'drives.name',
  'drives.starts_at',
  'drives.duration_hours',
  'drives.time_zone',
] as const;
const FEED_COLUMNS = [
  ...CALENDAR_COLUMNS,
  'drives.location_text',
  'drives.description',
  'drives.lat',
  'drives.lng',
  'drives.updated_at',
] as const;

/**
 * The member's drives (organised or joined) starting in [from, before), soonest first, at most
 * `limit`, each with the member's role: two index ranges (drives_organizer_idx, and
 * drive_participants_user_idx by the member's copy of the start), merged.
 */
async function mineBetweenOf<C extends typeof CALENDAR_COLUMNS | typeof FEED_COLUMNS>(
  db: Kysely<Database>,
  columns: C,
  userId: string,
  from: string,
  before: string | undefined,
  limit: number,
) {
  let organised = db
    .selectFrom('drives')
    .select(columns)
    .where('drives.organizer_id', '=', userId)
    .where('drives.starts_at', '>=', from);
  // The member's participations by their copy of the start (drive_participants_user_idx).
  let joined = db
    .selectFrom('drive_participants as me')
    .innerJoin('drives', 'drives.id', 'me.drive_id')
    .select(columns)
    .where('me.user_id', '=', userId)
    .where('me.drive_starts_at', '>=', from);
  if (before) {
    organised = organised.where('drives.starts_at', '<', before);
    joined = joined.where('me.drive_starts_at', '<', before);
  }
  const [mine, theirs] = await Promise.all([
    organised.orderBy('drives.starts_at').orderBy('drives.id').limit(limit).execute(),
    joined.orderBy('me.drive_starts_at').orderBy('me.drive_id').limit(limit).execute(),
  ]);
  return [
    ...mine.map((d) => ({ ...d, role: 'organiser' as const })),
    ...theirs.map((d) => ({ ...d, role: 'participant' as const })),
  ]
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.id.localeCompare(b.id))
    .slice(0, limit);
}
