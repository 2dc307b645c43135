/** Query shapes shared by the drives repository: list filters, prepared queries, selected columns. */
import {
  sql,
  SqliteAdapter,
  type CompiledQuery,
  type Expression,
  type Kysely,
  type Selectable,
  type SqlBool,
} from 'kysely';
import { markFastRows } from '../../db/sqlite-fast-rows';
import type { Database, DrivesTable } from '../../db/tables';

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
  /**
   * Keyset: only drives after this one in the list's order (start, then id). Set by `seekAfter`,
   * only when it is the bound that matters: it then replaces the `when` bound and the same-side
   * date bound, which it implies, so the index range starts at the cursor.
   */
  after?: { startsAt: string; id: string } | undefined;
}

/**
 * The filter for the drives after `after` in the list's order. A cursor behind the filter's own
 * bound (an upcoming list whose cursor drive has started since; a date range starting later) adds
 * nothing: every drive the filter keeps is after it, so the filter stays as it is.
 */
export function seekAfter(
  filter: DriveFilter,
  after: { startsAt: string; id: string },
): DriveFilter {
  const s = after.startsAt;
  const dominates =
    filter.when === 'upcoming'
      ? s >= filter.now && (!filter.startsFrom || s >= filter.startsFrom)
      : s < filter.now && (!filter.startsBefore || s < filter.startsBefore);
  return dominates ? { ...filter, after } : filter;
}

const DAY_MS = 86_400_000;
/** A day (YYYY-MM-DD) as the ISO timestamp it starts at, and the one the next day starts at. */
export const dayStart = (day: string) => `${day}T00:00:00.000Z`;
export const dayAfter = (day: string) => new Date(Date.parse(dayStart(day)) + DAY_MS).toISOString();

/** LIKE treats % and _ as wildcards; people searching for them mean the characters. */
export const likePattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const SLOT = '\u0000slot:';
/** A named placeholder: a prepared query's shape is compiled once with these, then filled per call. */
export const slot = (name: string) => `${SLOT}${name}`;
const isSlot = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(SLOT);

/**
 * Kysely builds and compiles a query on every call, which is most of a list request's cost; the hot
 * list queries are compiled once per shape (`key`) with slots and later calls only fill in values.
 */
export function preparedQueries(db: Kysely<Database>) {
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
      // SQLite's rows are made in JavaScript (server/db/sqlite-fast-rows.ts, issue 20).
      if (db.getExecutor().adapter instanceof SqliteAdapter) markFastRows(query.sql);
    }
    const parameters = query.parameters.map((p) => (isSlot(p) ? values[p.slice(SLOT.length)] : p));
    // The same operation tree with the call's values: write tracking still sees which tables it reads.
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}

/** Slots for a list of ids (`id0`, `id1`, …) and the values that fill them. */
export function idSlots(ids: readonly string[]) {
  return {
    slots: ids.map((_, i) => slot(`id${i}`)),
    values: Object.fromEntries(ids.map((id, i) => [`id${i}`, id])) as Record<string, unknown>,
  };
}

export const DRIVE_COLUMNS = [
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
  'drives.time_zone',
  // Kept by triggers in the writing statement (0046): a drive's card never counts its people.
  'drives.participants_count',
] as const;

/** A drive as every list and detail reads it (DRIVE_COLUMNS). */
export type DriveRecord = Omit<
  Selectable<DrivesTable>,
  'reminder_sent_at' | 'attendance_minutes' | 'organiser_attended'
>;

/** With its organiser's public summary from the users module (drives-people.ts). */
export type DriveWithOrganizer = DriveRecord & {
  organizer_username: string;
  organizer_name: string | null;
  organizer_avatar: string | null;
};

// Plain SQL conditions fit any query that has `drives` in scope.
export function filterConditions(filter: DriveFilter): Expression<SqlBool>[] {
  const startsAt = sql.ref('drives.starts_at');
  const { after } = filter;
  const upcoming = filter.when === 'upcoming';
  const conditions: Expression<SqlBool>[] = [];
  // A keyset cursor (see seekAfter) is the one lower (upcoming) or upper (past) bound: one range
  // on the (starts_at, id) indexes, from the cursor on.
  if (after) {
    const key = sql`(${startsAt}, ${sql.ref('drives.id')})`;
    const at = sql`(${after.startsAt}, ${after.id})`;
    conditions.push(upcoming ? sql<SqlBool>`${key} > ${at}` : sql<SqlBool>`${key} < ${at}`);
  } else
    conditions.push(
      upcoming
        ? sql<SqlBool>`${startsAt} >= ${filter.now}`
        : sql<SqlBool>`${startsAt} < ${filter.now}`,
    );
  if (filter.country)
    conditions.push(sql<SqlBool>`${sql.ref('drives.country')} = ${filter.country}`);
  if (filter.startsFrom && !(after && upcoming))
    conditions.push(sql<SqlBool>`${startsAt} >= ${filter.startsFrom}`);
  if (filter.startsBefore && !(after && !upcoming))
    conditions.push(sql<SqlBool>`${startsAt} < ${filter.startsBefore}`);
  if (filter.q) {
    const pattern = isSlot(filter.q) ? filter.q : likePattern(filter.q);
    conditions.push(sql<SqlBool>`lower(${sql.ref('drives.name')}) like ${pattern} escape '\\'`);
  }
  return conditions;
}

export const direction = (filter: Pick<DriveFilter, 'when'>) =>
  filter.when === 'upcoming' ? ('asc' as const) : ('desc' as const);

/**
 * The Plantations page query: filtered, in date order (upcoming soonest first, past latest first);
 * organisers' names are read after it, for the page (drives-people.ts). Exported so a test can
 * EXPLAIN it.
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
    .select(DRIVE_COLUMNS)
    .where((eb) => eb.and(filterConditions(filter)))
    .orderBy('drives.starts_at', order)
    .orderBy('drives.id', order)
    .limit(sql<number>`${limit}`)
    .offset(sql<number>`${offset}`);
}

/** The filter with every present value replaced by its slot, and the values to fill them with. */
export function filterSlots(filter: DriveFilter) {
  const present = (['country', 'startsFrom', 'startsBefore', 'q'] as const).filter(
    (k) => filter[k],
  );
  const shaped: DriveFilter = { when: filter.when, now: slot('now') };
  for (const k of present) shaped[k] = slot(k);
  if (filter.after) shaped.after = { startsAt: slot('afterStartsAt'), id: slot('afterId') };
  return {
    key: `${filter.when}:${present.join(',')}${filter.after ? ':after' : ''}`,
    shaped,
    values: {
      ...filter,
      q: filter.q ? likePattern(filter.q) : undefined,
      afterStartsAt: filter.after?.startsAt,
      afterId: filter.after?.id,
    } as Record<string, unknown>,
  };
}
