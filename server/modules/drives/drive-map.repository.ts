import { PostgresAdapter, sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/tables';
import { ANY_COUNTRY, driveMapGridStatements } from './drive-map-grid';
import { direction, filterConditions, type DriveFilter } from './drive-queries';

/** [west, south, east, north] in degrees, west <= east (a box across 180° is two of these). */
export type PlainBox = readonly [number, number, number, number];

/** Cells of one level: rows y0–y1, columns x0–x1 (two column ranges across the antimeridian). */
export interface DriveGridWindow {
  level: number;
  y0: number;
  y1: number;
  columns: readonly (readonly [number, number])[];
}

/** A cell's drives in a range of months, with their summed place in 1e-7 degrees. */
export interface DriveCellSum {
  cy: number;
  cx: number;
  drives: number;
  lat_e7: number;
  lng_e7: number;
}

/** What the map sends of one drive. */
export interface DriveMapRow {
  id: string;
  name: string;
  starts_at: string;
  lat: number;
  lng: number;
  time_zone: string;
}
const MAP_COLUMNS = [
  'drives.id',
  'drives.name',
  'drives.starts_at',
  'drives.lat',
  'drives.lng',
  'drives.time_zone',
] as const;

/** How far (degrees) a lone drive is looked for around the place its cell's sums give. */
const NEAR = 1e-6;

/** Drives in any of these boxes (the place index's ranges). */
function inBoxes(boxes: readonly PlainBox[]): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.join(
    boxes.map(
      ([w, s, e, n]) =>
        sql`(drives.lat >= ${s} and drives.lat <= ${n} and drives.lng >= ${w} and drives.lng <= ${e})`,
    ),
    sql` or `,
  )})`;
}

/**
 * The drives map's queries (docs/decisions/drives-map-clusters.md): the grid `drive_map_cells`
 * (0038, kept by triggers on `drives`) per level, country and start month; the drives themselves
 * by box from `drives_place_idx` (lat, lng) and by start from `drives_starts_at_idx`.
 */
export function driveMapRepository(db: Kysely<Database>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const num = (v: number) => (postgres ? sql`cast(${v} as double precision)` : sql`${v}`);

  return {
    /**
     * The window's cells summed over the months [fromMonth, toMonth) (either end open when null):
     * the primary key's range of rows, the columns and months checked in the index.
     */
    async cells(
      window: DriveGridWindow,
      country: string | undefined,
      fromMonth: string | null,
      toMonth: string | null,
    ): Promise<DriveCellSum[]> {
      const sums: DriveCellSum[] = [];
      for (const [x0, x1] of window.columns) {
        let query = db
          .selectFrom('drive_map_cells')
          .select((eb) => [
            'cy',
            'cx',
            eb.fn.sum<number>('drives').as('drives'),
            eb.fn.sum<number>('lat_e7').as('lat_e7'),
            eb.fn.sum<number>('lng_e7').as('lng_e7'),
          ])
          .where('level', '=', window.level)
          .where('country', '=', country ?? ANY_COUNTRY)
          .where('cy', '>=', window.y0)
          .where('cy', '<=', window.y1)
          .where('cx', '>=', x0)
          .where('cx', '<=', x1);
        if (fromMonth !== null) query = query.where('month', '>=', fromMonth);
        if (toMonth !== null) query = query.where('month', '<', toMonth);
        const rows = await query.groupBy(['cy', 'cx']).execute();
        for (const r of rows)
          sums.push({
            cy: Number(r.cy),
            cx: Number(r.cx),
            drives: Number(r.drives),
            lat_e7: Number(r.lat_e7),
            lng_e7: Number(r.lng_e7),
          });
      }
      return sums.filter((s) => s.drives > 0);
    },

    /** Drives starting in [from, to) in the boxes (of one country when given). */
    startingIn(
      from: string,
      to: string,
      boxes: readonly PlainBox[],
      country: string | undefined,
    ): Promise<DriveMapRow[]> {
      let query = db
        .selectFrom('drives')
        .select(MAP_COLUMNS)
        .where('drives.starts_at', '>=', from)
        .where('drives.starts_at', '<', to)
        .where(inBoxes(boxes));
      if (country) query = query.where('drives.country', '=', country);
      return query.execute();
    },

    /**
     * The drives starting in [from, to) (either end open when null) at (within NEAR of) these
     * places, each with the place it was looked for at. The places are lone drives' cells' sums,
     * so each is that drive's own place.
     */
    async drivesAt(
      places: readonly { lat: number; lng: number }[],
      from: string | null,
      to: string | null,
      country: string | undefined,
    ): Promise<(DriveMapRow & { near_lat: number; near_lng: number })[]> {
      if (places.length === 0) return [];
      const values = sql.join(places.map((p) => sql`(${num(p.lat)}, ${num(p.lng)})`));
      const conditions = [
        ...(from !== null ? [sql`d.starts_at >= ${from}`] : []),
        ...(to !== null ? [sql`d.starts_at < ${to}`] : []),
        ...(country ? [sql`d.country = ${country}`] : []),
      ];
      // A plain select (VALUES columns are column1, column2 on both databases): a statement that
      // starts with WITH counts as a write to every table (db/table-writes.ts) and would drop
      // every cached answer.
      const { rows } = await sql<DriveMapRow & { near_lat: number; near_lng: number }>`
        select d.id, d.name, d.starts_at, d.lat, d.lng, d.time_zone,
          p.column1 as near_lat, p.column2 as near_lng
        from (values ${values}) p join drives d
          on d.lat >= p.column1 - ${NEAR} and d.lat <= p.column1 + ${NEAR}
          and d.lng >= p.column2 - ${NEAR} and d.lng <= p.column2 + ${NEAR}
        ${conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
        order by d.starts_at, d.id`.execute(db);
      return rows.map((r) => ({
        ...r,
        lat: Number(r.lat),
        lng: Number(r.lng),
        near_lat: Number(r.near_lat),
        near_lng: Number(r.near_lng),
      }));
    },

    /**
     * The filter's drives (in the boxes when given), in the list's order, at most `limit`: the
     * answer at a street zoom, with a search text, or for clients that send no zoom.
     */
    drives(filter: DriveFilter, boxes: readonly PlainBox[] | null, limit: number) {
      const conditions = [...filterConditions(filter), ...(boxes ? [inBoxes(boxes)] : [])];
      return db
        .selectFrom('drives')
        .select(MAP_COLUMNS)
        .where((eb) => eb.and(conditions))
        .orderBy('drives.starts_at', direction(filter))
        .orderBy('drives.id', direction(filter))
        .limit(limit)
        .execute();
    },

    /** The grid made again from every drive (a repair; tests). */
    async rebuildGrid(): Promise<void> {
      for (const statement of driveMapGridStatements(postgres ? 'postgres' : 'sqlite').rebuild)
        await sql.raw(statement).execute(db);
    },

    /** How many rows of the stored grid differ from the drives' (0 when in step). */
    async gridDifferences(): Promise<number> {
      const { differences } = driveMapGridStatements(postgres ? 'postgres' : 'sqlite');
      const { rows } = await sql.raw<{ n: number | string }>(differences).execute(db);
      return Number(rows[0]?.n ?? 0);
    },
  };
}

export type DriveMapRepository = ReturnType<typeof driveMapRepository>;
