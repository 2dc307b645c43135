import {
  CompiledQuery,
  sql,
  type Expression,
  type Kysely,
  type Selectable,
  type SqlBool,
} from 'kysely';
import type { Database, DrivesTable, NewDrive } from '../../db/tables';

/** Which drives a list shows; bounds are ISO timestamps, `now` splits upcoming from past. */
export interface DriveFilter {
  when: 'upcoming' | 'past';
  now: string;
  country?: string | undefined;
  /** Inclusive lower bound of starts_at. */
  startsFrom?: string | undefined;
  /** Exclusive upper bound of starts_at. */
  startsBefore?: string | undefined;
  q?: string | undefined;
}

/** LIKE treats % and _ as wildcards; people searching for them mean the characters. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const SLOT = '\u0000slot:';
/** A named placeholder: a prepared query's shape is compiled once with these, then filled per call. */
const slot = (name: string) => `${SLOT}${name}`;
const isSlot = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(SLOT);

/**
 * Kysely builds and compiles a query on every call, which is most of a list request's cost; the hot
 * list queries are compiled once per shape (`key`) with slots and later calls only fill in values.
 */
function preparedQueries(db: Kysely<Database>) {
  const compiled = new Map<string, CompiledQuery>();
  return async <R>(
    key: string,
    build: () => { compile(): CompiledQuery<R> },
    values: Record<string, unknown>,
  ): Promise<R[]> => {
    let query = compiled.get(key);
    if (!query) {
      query = build().compile();
      compiled.set(key, query);
    }
    const parameters = query.parameters.map((p) => (isSlot(p) ? values[p.slice(SLOT.length)] : p));
    return (await db.executeQuery<R>(CompiledQuery.raw(query.sql, parameters))).rows;
  };
}

const DRIVE_COLUMNS = [
  'drives.id',
  'drives.organizer_id',
  'drives.name',
  'drives.tree_quantity',
  'drives.starts_at',
  'drives.duration_hours',
  'drives.country',
  'drives.location_text',
  'drives.lat',
  'drives.lng',
  'drives.description',
  'drives.tree_sizes',
  'drives.tree_types',
  'drives.sponsors',
  'drives.land_donors',
  'drives.image_file_id',
  'drives.created_at',
  'drives.updated_at',
] as const;

const ORGANIZER_COLUMNS = [
  'organizer.username as organizer_username',
  'organizer.name as organizer_name',
  'organizer.avatar_file_id as organizer_avatar',
] as const;

/** A drive with its organiser's public summary, as every list and detail reads it. */
export type DriveWithOrganizer = Omit<Selectable<DrivesTable>, 'reminder_sent_at'> & {
  organizer_username: string;
  organizer_name: string | null;
  organizer_avatar: string | null;
};

// Plain SQL conditions fit any query that has `drives` in scope (the page query joins users, the count does not).
function filterConditions(filter: DriveFilter): Expression<SqlBool>[] {
  const startsAt = sql.ref('drives.starts_at');
  const conditions = [
    filter.when === 'upcoming'
      ? sql<SqlBool>`${startsAt} >= ${filter.now}`
      : sql<SqlBool>`${startsAt} < ${filter.now}`,
  ];
  if (filter.country)
    conditions.push(sql<SqlBool>`${sql.ref('drives.country')} = ${filter.country}`);
  if (filter.startsFrom) conditions.push(sql<SqlBool>`${startsAt} >= ${filter.startsFrom}`);
  if (filter.startsBefore) conditions.push(sql<SqlBool>`${startsAt} < ${filter.startsBefore}`);
  if (filter.q) {
    const pattern = isSlot(filter.q) ? filter.q : likePattern(filter.q);
    conditions.push(sql<SqlBool>`lower(${sql.ref('drives.name')}) like ${pattern} escape '\\'`);
  }
  return conditions;
}

const direction = (filter: Pick<DriveFilter, 'when'>) =>
  filter.when === 'upcoming' ? ('asc' as const) : ('desc' as const);

/**
 * The Plantations page query: filtered, in date order (upcoming soonest first, past latest first),
 * organiser joined in. Exported so a test can EXPLAIN it.
 */
export function drivePageQuery(
  db: Kysely<Database>,
  filter: DriveFilter,
  limit: number | string,
  offset: number | string,
) {
  const order = direction(filter);
  return db
    .selectFrom('drives')
    .innerJoin('users as organizer', 'organizer.id', 'drives.organizer_id')
    .select([...DRIVE_COLUMNS, ...ORGANIZER_COLUMNS])
    .where((eb) => eb.and(filterConditions(filter)))
    .orderBy('drives.starts_at', order)
    .orderBy('drives.id', order)
    .limit(sql<number>`${limit}`)
    .offset(sql<number>`${offset}`);
}

/** The filter with every present value replaced by its slot, and the values to fill them with. */
function filterSlots(filter: DriveFilter) {
  const present = (['country', 'startsFrom', 'startsBefore', 'q'] as const).filter(
    (k) => filter[k],
  );
  const shaped: DriveFilter = { when: filter.when, now: slot('now') };
  for (const k of present) shaped[k] = slot(k);
  return {
    key: `${filter.when}:${present.join(',')}`,
    shaped,
    values: { ...filter, q: filter.q ? likePattern(filter.q) : undefined } as Record<
      string,
      unknown
    >,
  };
}

export type DriveChanges = Omit<
  DrivesTable,
  'id' | 'organizer_id' | 'created_at' | 'reminder_sent_at'
> & {
  reminder_sent_at?: null;
};

export function drivesRepository(db: Kysely<Database>) {
  const prepared = preparedQueries(db);
  const withOrganizer = () =>
    db
      .selectFrom('drives')
      .innerJoin('users as organizer', 'organizer.id', 'drives.organizer_id')
      .select([...DRIVE_COLUMNS, ...ORGANIZER_COLUMNS]);

  return {
    insert: (drive: NewDrive) => db.insertInto('drives').values(drive).execute(),

    update: (id: string, changes: DriveChanges) =>
      db.updateTable('drives').set(changes).where('id', '=', id).execute(),

    /** Removes the drive (participants cascade); returns who had joined, for their notification. */
    remove: (id: string) =>
      db.transaction().execute(async (trx) => {
        const participants = await trx
          .selectFrom('drive_participants')
          .select('user_id')
          .where('drive_id', '=', id)
          .execute();
        await trx.deleteFrom('drives').where('id', '=', id).execute();
        return participants.map((p) => p.user_id);
      }),

    findById: (id: string) =>
      db.selectFrom('drives').selectAll().where('id', '=', id).executeTakeFirst(),

    findWithOrganizer: (id: string): Promise<DriveWithOrganizer | undefined> =>
      withOrganizer().where('drives.id', '=', id).executeTakeFirst(),

    page(filter: DriveFilter, limit: number, offset: number): Promise<DriveWithOrganizer[]> {
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
        .select(['id', 'name', 'starts_at', 'lat', 'lng'])
        .where((eb) => eb.and(filterConditions(filter)))
        .orderBy('drives.starts_at', direction(filter))
        .orderBy('drives.id', direction(filter))
        .limit(limit)
        .execute(),

    /** Participant count per drive and whether `callerId` is among them: one grouped query per page. */
    async participantStats(
      driveIds: readonly string[],
      callerId: string,
    ): Promise<Map<string, { count: number; joined: boolean }>> {
      if (driveIds.length === 0) return new Map();
      const values: Record<string, unknown> = { caller: callerId };
      driveIds.forEach((id, i) => (values[`id${i}`] = id));
      const rows = await prepared(
        `stats:${driveIds.length}`,
        () =>
          db
            .selectFrom('drive_participants')
            .select((eb) => [
              'drive_id',
              eb.fn.countAll<number>().as('n'),
              eb.fn
                .sum<number>(eb.case().when('user_id', '=', slot('caller')).then(1).else(0).end())
                .as('mine'),
            ])
            .where(
              'drive_id',
              'in',
              driveIds.map((_, i) => slot(`id${i}`)),
            )
            .groupBy('drive_id'),
        values,
      );
      return new Map(
        rows.map((r) => [r.drive_id, { count: Number(r.n), joined: Number(r.mine) > 0 }]),
      );
    },

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
                .where(
                  'drive_id',
                  'in',
                  driveIds.map((_, i) => slot(`id${i}`)),
                )
                .limit(sql<number>`${slot('limit')}`),
            { ...Object.fromEntries(driveIds.map((id, i) => [`id${i}`, id])), limit },
          ),

    /** Which of `driveIds` the caller joined: one small indexed query. */
    async joinedAmong(driveIds: readonly string[], callerId: string): Promise<Set<string>> {
      if (driveIds.length === 0) return new Set();
      const values: Record<string, unknown> = { caller: callerId };
      driveIds.forEach((id, i) => (values[`id${i}`] = id));
      const rows = await prepared(
        `joined:${driveIds.length}`,
        () =>
          db
            .selectFrom('drive_participants')
            .select('drive_id')
            .where('user_id', '=', slot('caller'))
            .where(
              'drive_id',
              'in',
              driveIds.map((_, i) => slot(`id${i}`)),
            ),
        values,
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

    participants: (driveId: string) =>
      db
        .selectFrom('drive_participants')
        .innerJoin('users', 'users.id', 'drive_participants.user_id')
        .select(['users.id', 'users.username', 'users.name', 'users.avatar_file_id'])
        .where('drive_participants.drive_id', '=', driveId)
        .orderBy('drive_participants.joined_at')
        .orderBy('users.id')
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
      const row = await db
        .selectFrom('drive_participants')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('drive_id', '=', driveId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
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

    organisedBy: (userId: string, filter: DriveFilter, limit: number) =>
      withOrganizer()
        .where('drives.organizer_id', '=', userId)
        .where((eb) => eb.and(filterConditions(filter)))
        .orderBy('drives.starts_at', direction(filter))
        .orderBy('drives.id', direction(filter))
        .limit(limit)
        .execute(),

    joinedBy: (userId: string, filter: DriveFilter, limit: number) =>
      withOrganizer()
        .innerJoin('drive_participants as me', 'me.drive_id', 'drives.id')
        .where('me.user_id', '=', userId)
        .where((eb) => eb.and(filterConditions(filter)))
        .orderBy('drives.starts_at', direction(filter))
        .orderBy('drives.id', direction(filter))
        .limit(limit)
        .execute(),

    /** My drives (organised or joined) starting in [from, before), with my role; at most `limit`. */
    async mineBetween(userId: string, from: string, before: string | undefined, limit: number) {
      const columns = [
        'drives.id',
        'drives.name',
        'drives.starts_at',
        'drives.duration_hours',
        'drives.location_text',
        'drives.description',
        'drives.lat',
        'drives.lng',
        'drives.updated_at',
      ] as const;
      let organised = db
        .selectFrom('drives')
        .select(columns)
        .where('drives.organizer_id', '=', userId)
        .where('drives.starts_at', '>=', from);
      let joined = db
        .selectFrom('drives')
        .innerJoin('drive_participants as me', 'me.drive_id', 'drives.id')
        .select(columns)
        .where('me.user_id', '=', userId)
        .where('drives.starts_at', '>=', from);
      if (before) {
        organised = organised.where('drives.starts_at', '<', before);
        joined = joined.where('drives.starts_at', '<', before);
      }
      const [mine, theirs] = await Promise.all([
        organised.orderBy('drives.starts_at').limit(limit).execute(),
        joined.orderBy('drives.starts_at').limit(limit).execute(),
      ]);
      return [
        ...mine.map((d) => ({ ...d, role: 'organiser' as const })),
        ...theirs.map((d) => ({ ...d, role: 'participant' as const })),
      ]
        .sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.id.localeCompare(b.id))
        .slice(0, limit);
    },

    /** Corporate members who may be named as land donors: verified and not deleted. */
    activeCorporates: (ids?: readonly string[]) => {
      let query = db
        .selectFrom('users')
        .select(['id', 'username', 'name'])
        .where('profile_type', '=', 'corporate')
        .where('verified_at', 'is not', null)
        .where('deleted_at', 'is', null);
      if (ids) {
        if (ids.length === 0) return Promise.resolve([]);
        query = query.where('id', 'in', ids);
      }
      return query
        .orderBy((eb) => eb.fn('lower', [eb.fn.coalesce('name', 'username')]))
        .orderBy('id')
        .execute();
    },

    /** Names of the given accounts that still exist (deleted accounts are left out). */
    namesOf: (ids: readonly string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : prepared(
            `names:${ids.length}`,
            () =>
              db
                .selectFrom('users')
                .select(['id', 'username', 'name'])
                .where(
                  'id',
                  'in',
                  ids.map((_, i) => slot(`id${i}`)),
                )
                .where('deleted_at', 'is', null),
            Object.fromEntries(ids.map((id, i) => [`id${i}`, id])),
          ),

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

    /** Claims the reminder: true only for the one caller whose update changed the row. */
    async claimReminder(id: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('drives')
        .set({ reminder_sent_at: at })
        .where('id', '=', id)
        .where('reminder_sent_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type DrivesRepository = ReturnType<typeof drivesRepository>;
