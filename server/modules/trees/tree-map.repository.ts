import {
  PostgresAdapter,
  sql,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
} from 'kysely';
import type { Database, TreesTable } from '../../db/tables';

export interface TreeMapFilter {
  species?: number;
  status?: TreesTable['status'];
}

/** [west, south, east, north] in degrees; west > east crosses the antimeridian. */
export type TreeMapBox = readonly [number, number, number, number];

/**
 * The grid's levels (0–15, one per clustered zoom; docs/decisions/tree-map-grid.md). A level's
 * cell is 90/2^level degrees, counted from (-180, -90): 4·2^level columns, 2·2^level rows.
 */
export const GRID_LEVELS = 16;
/**
 * The last level with rows per species and status: finer levels keep only the cells' "any"
 * rows (a filtered map closer in than this asks the spatial index), which keeps the grid near
 * one row per cell rather than four per tree.
 */
export const GRID_FILTER_TOP = 12;
/** A cell's "any species" and "any status" rows hold every tree of the cell. */
export const ANY_SPECIES = 0;
export const ANY_STATUS = '*';

/** Cells per degree at a level (the one factor every cell number is computed with). */
const scaleOf = (level: number) => 2 ** level / 90;
export const gridCell = (level: number) => 90 / 2 ** level;
/** A latitude's or longitude's row or column at a level, as the SQL below computes it. */
export const gridRow = (lat: number, level: number) =>
  Math.max(0, Math.min(Math.floor((lat + 90) * scaleOf(level)), 2 ** (level + 1) - 1));
export const gridColumn = (lng: number, level: number) =>
  Math.max(0, Math.min(Math.floor((lng + 180) * scaleOf(level)), 2 ** (level + 2) - 1));

/** What a tree gives the grid: its place, species, row status and plants. */
export interface GridSource {
  lat: number | null;
  lng: number | null;
  species_id: number;
  status: TreesTable['status'];
  tree_count: number;
}
export const GRID_SOURCE_COLUMNS = ['lat', 'lng', 'species_id', 'status', 'tree_count'] as const;

/** A stored (or recomputed) grid row. */
export interface TreeMapCellRow {
  level: number;
  species_id: number;
  status: string;
  cy: number;
  cx: number;
  records: number;
  plants: number;
  /** Sums of the trees' latitudes and longitudes in units of 1e-7 degree (exact integers). */
  lat_e7: number;
  lng_e7: number;
}

/** Cells of one level in the box: rows y0–y1, columns x0–x1 (two column ranges across 180°). */
export interface GridWindow {
  level: number;
  y0: number;
  y1: number;
  columns: readonly (readonly [number, number])[];
}

const TREE_COLUMNS = [
  'trees.id',
  'trees.lat',
  'trees.lng',
  'trees.species_id',
  'trees.tree_count',
  'trees.alive_count',
  'trees.status',
] as const;

export interface TreeMapTreeRow {
  id: string;
  lat: number | null;
  lng: number | null;
  species_id: number;
  tree_count: number;
  alive_count: number;
  status: TreesTable['status'];
}

type MarkerRow = TreeMapTreeRow & { created_at: string };

/** A box across the antimeridian is two boxes either side of it. */
const plainBoxes = ([west, south, east, north]: TreeMapBox): TreeMapBox[] =>
  west <= east
    ? [[west, south, east, north]]
    : [
        [west, south, 180, north],
        [-180, south, east, north],
      ];

/** How far (degrees) a lone tree is looked for around the place its cell's sums give. */
const NEAR = 1e-6;

/**
 * The grid rows a set of trees gives, before summing: `source` is a select of `sign`, `lat`,
 * `lng`, `species_id`, `status`, `tree_count` (trees with a place only). One expression for the
 * writes, the backfill and the check, so all three compute the same cells and sums.
 */
function gridRowsOf(postgres: boolean, source: RawBuilder<unknown>) {
  const levels = sql.raw(
    Array.from(
      { length: GRID_LEVELS },
      (_, level) =>
        `(${level}, ${postgres ? `cast(${scaleOf(level)} as double precision)` : scaleOf(level)}, ${
          2 ** (level + 1) - 1
        }, ${2 ** (level + 2) - 1})`,
    ).join(', '),
  );
  const cellOf = (offset: string, last: string) =>
    postgres
      ? sql.raw(`least(cast(floor(${offset} * l.scale) as bigint), l.${last})`)
      : sql.raw(`min(cast(${offset} * l.scale as integer), l.${last})`);
  const e7 = (column: string) =>
    postgres
      ? sql.raw(`cast(round(s.${column} * 10000000) as bigint)`)
      : sql.raw(`cast(round(s.${column} * 10000000) as integer)`);
  return sql`with l(level, scale, last_y, last_x) as (values ${levels}),
      k(by_species, by_status) as (values (0, 0), (0, 1), (1, 0), (1, 1))
    select l.level as level,
      case when k.by_species = 1 then s.species_id else ${sql.lit(ANY_SPECIES)} end as species_id,
      case when k.by_status = 1 then s.status else ${sql.lit(ANY_STATUS)} end as status,
      ${cellOf('(s.lat + 90)', 'last_y')} as cy,
      ${cellOf('(s.lng + 180)', 'last_x')} as cx,
      s.sign as records, s.sign * s.tree_count as plants,
      s.sign * ${e7('lat')} as lat_e7, s.sign * ${e7('lng')} as lng_e7
    from (${source}) s cross join l cross join k
    where l.level <= ${sql.lit(GRID_FILTER_TOP)} or (k.by_species = 0 and k.by_status = 0)`;
}

/** A row or column number at a level, from a latitude or longitude column (as gridRowsOf). */
const cellAt = (postgres: boolean, column: 'lat' | 'lng', level: number) => {
  const offset = column === 'lat' ? `(lat + 90)` : `(lng + 180)`;
  const last = 2 ** (level + (column === 'lat' ? 1 : 2)) - 1;
  const scale = postgres ? `cast(${scaleOf(level)} as double precision)` : `${scaleOf(level)}`;
  return postgres
    ? `least(cast(floor(${offset} * ${scale}) as bigint), ${last})`
    : `min(cast(${offset} * ${scale} as integer), ${last})`;
};

/**
 * How the whole grid is made from the trees, step by step (each step reads the trees or the rows
 * the steps before it wrote): two passes over the trees (level GRID_FILTER_TOP per species and
 * status, the finest level's cells), every coarser level from the next finer one (a cell is
 * exactly four of the next level's: its row and column halved, as the cell formula's power-of-two
 * scales guarantee), then each level's "any" rows from its species-and-status rows. The backfill
 * runs the steps; the scale check compares each step's rows with its source.
 */
function gridSteps(postgres: boolean, verification = true): { rows: string; source: string }[] {
  // Issue 21 §2: rejected trees are not on the map (`verification`: false before 0048).
  const kept = verification ? " and verification_status <> 'rejected'" : '';
  const e7 = (column: string) =>
    postgres
      ? `cast(round(${column} * 10000000) as bigint)`
      : `cast(round(${column} * 10000000) as integer)`;
  const top = GRID_LEVELS - 1;
  const split = `species_id <> ${ANY_SPECIES} and status <> '${ANY_STATUS}'`;
  const any = `species_id = ${ANY_SPECIES} and status = '${ANY_STATUS}'`;
  const sums = 'sum(records), sum(plants), sum(lat_e7), sum(lng_e7)';
  const fromTrees = (level: number, species: string, status: string) => ({
    rows: `level = ${level} and ${species === 'species_id' ? split : any}`,
    source: `select ${level}, ${species}, ${status}, cy, cx, count(*), sum(tree_count),
        sum(lat_e7), sum(lng_e7)
      from (select species_id, status, tree_count, ${cellAt(postgres, 'lat', level)} as cy,
          ${cellAt(postgres, 'lng', level)} as cx, ${e7('lat')} as lat_e7, ${e7('lng')} as lng_e7
        from trees where lat is not null and lng is not null${kept}) t
      group by ${species === 'species_id' ? 'species_id, status, ' : ''}cy, cx`,
  });
  const halved = (level: number, keys: string) => ({
    rows: `level = ${level} and ${keys}`,
    source: `select ${level}, species_id, status, cy / 2, cx / 2, ${sums} from tree_map_cells
      where level = ${level + 1} and ${keys} group by species_id, status, cy / 2, cx / 2`,
  });
  const anyOf = (species: string, status: string, keys: string) => ({
    rows: `level <= ${GRID_FILTER_TOP} and ${keys}`,
    source: `select level, ${species}, ${status}, cy, cx, ${sums} from tree_map_cells
      where level <= ${GRID_FILTER_TOP} and ${split}
      group by level, ${species === 'species_id' ? 'species_id, ' : ''}${
        status === 'status' ? 'status, ' : ''
      }cy, cx`,
  });
  return [
    fromTrees(GRID_FILTER_TOP, 'species_id', 'status'),
    ...Array.from({ length: GRID_FILTER_TOP }, (_, i) => halved(GRID_FILTER_TOP - 1 - i, split)),
    fromTrees(top, `${ANY_SPECIES}`, `'${ANY_STATUS}'`),
    ...Array.from({ length: top - GRID_FILTER_TOP - 1 }, (_, i) => halved(top - 1 - i, any)),
    anyOf(`${ANY_SPECIES}`, 'status', `species_id = ${ANY_SPECIES} and status <> '${ANY_STATUS}'`),
    anyOf(
      'species_id',
      `'${ANY_STATUS}'`,
      `species_id <> ${ANY_SPECIES} and status = '${ANY_STATUS}'`,
    ),
    anyOf(`${ANY_SPECIES}`, `'${ANY_STATUS}'`, any),
  ];
}
/** The grid's columns, in the order the steps' sources give them. */
const GRID_COLUMNS = 'level, species_id, status, cy, cx, records, plants, lat_e7, lng_e7';

/** The rows summed per cell key (keys whose every sum is 0 left out). */
const summed = (postgres: boolean, source: RawBuilder<unknown>) =>
  sql`select g.level, g.species_id, g.status, g.cy, g.cx, sum(g.records) as records,
      sum(g.plants) as plants, sum(g.lat_e7) as lat_e7, sum(g.lng_e7) as lng_e7
    from (${gridRowsOf(postgres, source)}) g
    group by g.level, g.species_id, g.status, g.cy, g.cx
    having sum(g.records) <> 0 or sum(g.plants) <> 0 or sum(g.lat_e7) <> 0
      or sum(g.lng_e7) <> 0`;

const fromTrees = sql`select 1 as sign, lat, lng, species_id, status, tree_count from trees
  where lat is not null and lng is not null and verification_status <> 'rejected'`;

/**
 * The grid from every tree as plain statements (no parameters), for the backfill and for the
 * scale builder (scripts/bench-scale/summaries.ts), which holds no Kysely: `rebuild` fills the
 * emptied table step by step, `differences` counts the rows where a step's stored rows and its
 * source disagree (0 when the grid is the trees').
 */
export function treeMapGridStatements(
  dialect: 'sqlite' | 'postgres',
  { verification = true }: { verification?: boolean } = {},
) {
  const steps = gridSteps(dialect === 'postgres', verification);
  return {
    rebuild: steps.map(
      (step) =>
        `insert into tree_map_cells (${GRID_COLUMNS}) select * from (${step.source}) d where true`,
    ),
    differences: `select ${steps
      .map(
        (step) => `(select count(*) from (
          select ${GRID_COLUMNS} from tree_map_cells where ${step.rows} except ${step.source}) a)
        + (select count(*) from (${step.source} except
          select ${GRID_COLUMNS} from tree_map_cells where ${step.rows}) b)`,
      )
      .join(' + ')} as n`,
  };
}

/**
 * The trees map's queries (docs/decisions/tree-map-spatial-index.md, tree-map-grid.md):
 * - the grid `tree_map_cells` (0033): per level, cell, species (or any) and row status (or any),
 *   the tree records, plants and summed place, moved by every tree write in its transaction
 *   (`moveGrid`, called from the trees repository's `withSummary`), so a clustered answer reads
 *   only the box's cells whatever the number of trees;
 * - single trees by bounding box from a spatial index: SQLite's `trees_geo` R*Tree (kept by
 *   triggers, 0022), PostgreSQL's GiST index on `point(lng, lat)`.
 */
export function treeMapRepository(db: Kysely<Database>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const num = (v: number) => (postgres ? sql`cast(${v} as double precision)` : sql`${v}`);

  const toRow = (r: Record<string, unknown>): TreeMapCellRow => ({
    level: Number(r.level),
    species_id: Number(r.species_id),
    status: String(r.status),
    cy: Number(r.cy),
    cx: Number(r.cx),
    records: Number(r.records),
    plants: Number(r.plants),
    lat_e7: Number(r.lat_e7),
    lng_e7: Number(r.lng_e7),
  });

  /**
   * The markers of the trees with coordinates in the box, from the spatial index alone (0041: it
   * carries what a marker shows): SQLite's R*Tree auxiliary columns, PostgreSQL's GiST index
   * INCLUDE columns. Each with `created_at` for the newest-first order.
   */
  function markersInBox(box: TreeMapBox, filter: TreeMapFilter) {
    const parts = plainBoxes(box).map(([west, south, east, north]) => {
      if (postgres) {
        let query = db
          .selectFrom('trees')
          .select([...TREE_COLUMNS, 'trees.created_at'])
          .where('trees.lat', 'is not', null)
          .where('trees.lng', 'is not', null)
          // The partial GiST index's own predicate (0048): rejected trees are not on the map.
          .where('trees.verification_status', '<>', sql.lit('rejected'))
          .where(
            sql<boolean>`point(trees.lng, trees.lat) <@ box(point(${west}, ${south}), point(${east}, ${north}))`,
          );
        if (filter.species !== undefined)
          query = query.where('trees.species_id', '=', filter.species);
        if (filter.status) query = query.where('trees.status', '=', filter.status);
        return query as unknown as SelectQueryBuilder<Database, 'trees', MarkerRow>;
      }
      let query = db
        .selectFrom('trees_geo')
        .select([
          'tree_id as id',
          'lat',
          'lng',
          'species_id',
          'tree_count',
          'alive_count',
          'status',
          'created_at',
        ])
        .where('max_lat', '>=', south)
        .where('min_lat', '<=', north)
        .where('max_lng', '>=', west)
        .where('min_lng', '<=', east);
      if (filter.species !== undefined) query = query.where('species_id', '=', filter.species);
      if (filter.status) query = query.where('status', '=', filter.status);
      return query as unknown as SelectQueryBuilder<Database, 'trees', MarkerRow>;
    });
    return parts.length === 1 ? parts[0]! : parts[0]!.unionAll(parts[1]!);
  }

  return {
    /** What the tree gives the grid now (null once it is gone). */
    gridSourceOf: (id: string): Promise<GridSource | null> =>
      db
        .selectFrom('trees')
        .select(GRID_SOURCE_COLUMNS)
        .where('id', '=', id)
        // Issue 21 §2: a rejected tree is not on the map.
        .where('verification_status', '<>', 'rejected')
        .executeTakeFirst()
        .then((row) => row ?? null),

    /**
     * Runs a write to one tree and moves the tree's share of the grid with it (call it inside
     * the write's transaction; the trees repository's `withSummary` does).
     */
    async movingGrid<T>(id: string, write: () => Promise<T>): Promise<T> {
      const repo = treeMapRepository(db);
      const before = await repo.gridSourceOf(id);
      const result = await write();
      await repo.moveGrid(before, await repo.gridSourceOf(id));
      return result;
    },

    /**
     * Moves one tree's share of the grid from what it was (`before`, null for a new tree) to what
     * it is (`after`, null once deleted), in the caller's transaction: one upsert of the summed
     * differences, then the cells left empty go. Nothing when nothing the grid keeps changed.
     */
    async moveGrid(before: GridSource | null, after: GridSource | null): Promise<void> {
      const placed = (s: GridSource | null): s is GridSource =>
        s !== null && s.lat !== null && s.lng !== null;
      const same =
        placed(before) && placed(after) && GRID_SOURCE_COLUMNS.every((c) => before[c] === after[c]);
      if (same) return;
      const sides = [
        ...(placed(before) ? [[-1, before] as const] : []),
        ...(placed(after) ? [[1, after] as const] : []),
      ];
      if (sides.length === 0) return;
      const source = sql.join(
        sides.map(
          ([sign, s]) =>
            sql`select ${sql.lit(sign)} as sign, ${num(s.lat!)} as lat, ${num(s.lng!)} as lng,
              cast(${s.species_id} as integer) as species_id, cast(${s.status} as text) as status,
              cast(${s.tree_count} as integer) as tree_count`,
        ),
        sql` union all `,
      );
      await sql`insert into tree_map_cells
          (level, species_id, status, cy, cx, records, plants, lat_e7, lng_e7)
        select * from (${summed(postgres, source)}) d where true
        -- One order for every writer, so concurrent writes lock shared cells without deadlock.
        order by level, species_id, status, cy, cx
        on conflict (level, species_id, status, cy, cx) do update set
          records = tree_map_cells.records + excluded.records,
          plants = tree_map_cells.plants + excluded.plants,
          lat_e7 = tree_map_cells.lat_e7 + excluded.lat_e7,
          lng_e7 = tree_map_cells.lng_e7 + excluded.lng_e7`.execute(db);
      if (placed(before)) {
        // Only the cells the tree left can have emptied (one per level and key).
        const rows = [...Array(GRID_LEVELS).keys()].map(
          // Numbers this module computed, written as literals (typed as integers on PostgreSQL).
          (level) =>
            sql.raw(
              `(${level}, ${gridRow(before.lat!, level)}, ${gridColumn(before.lng!, level)})`,
            ),
        );
        await sql`delete from tree_map_cells where records = 0
          and species_id in (${sql.lit(ANY_SPECIES)}, ${before.species_id})
          and status in (${sql.lit(ANY_STATUS)}, ${before.status})
          and (level, cy, cx) in (values ${sql.join(rows)})`.execute(db);
      }
    },

    /** The grid made again from every tree, step by step (the migration's backfill; a repair). */
    async rebuildGrid({ verification = true }: { verification?: boolean } = {}): Promise<void> {
      await sql`delete from tree_map_cells`.execute(db);
      const dialect = postgres ? 'postgres' : 'sqlite';
      for (const statement of treeMapGridStatements(dialect, { verification }).rebuild)
        await sql.raw(statement).execute(db);
    },

    /** How many rows of the grid differ from the trees' (by the rebuild's steps). */
    async gridDifferences(): Promise<number> {
      const { differences } = treeMapGridStatements(postgres ? 'postgres' : 'sqlite');
      const { rows } = await sql.raw<{ n: number | string }>(differences).execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    /** The grid as the trees make it now, tree by tree as the writes do (tests). */
    async gridFromTrees(): Promise<TreeMapCellRow[]> {
      const { rows } = await sql<Record<string, unknown>>`${summed(postgres, fromTrees)}`.execute(
        db,
      );
      return rows.map(toRow);
    },

    /** The stored grid, every row. */
    async storedGrid(): Promise<TreeMapCellRow[]> {
      const { rows } = await sql<
        Record<string, unknown>
      >`select * from tree_map_cells where records <> 0`.execute(db);
      return rows.map(toRow);
    },

    /**
     * The cells of a window (one level) holding trees of the filter: per row of cells one range of
     * the primary key (`cy in (…)` then `cx` between), so only the window's cells are read, not
     * every cell of its latitude band around the world.
     */
    async cells(window: GridWindow, filter: TreeMapFilter): Promise<TreeMapCellRow[]> {
      const rows = Array.from({ length: window.y1 - window.y0 + 1 }, (_, i) => window.y0 + i);
      if (postgres) {
        // One index range per row of cells, a lateral kept apart by `offset 0` (else it is
        // flattened into a join): a named statement's generic plan for `cy in (…)` kept only `cx`
        // in the index condition and read every cell of the columns' band (0.56 ms against 0.08
        // at a million); here every plan, generic or custom, has the whole key.
        const parts = window.columns.map(
          ([x0, x1]) => sql`select c.* from unnest(cast(${rows} as bigint[])) as r(cy)
            cross join lateral (select * from tree_map_cells
              where level = ${window.level} and species_id = ${filter.species ?? ANY_SPECIES}
                and status = ${filter.status ?? ANY_STATUS} and cy = r.cy
                and cx >= ${x0} and cx <= ${x1} and records > 0 offset 0) c`,
        );
        const { rows: found } = await sql<Record<string, unknown>>`${sql.join(
          parts,
          sql` union all `,
        )}`.execute(db);
        return found.map(toRow);
      }
      const parts = window.columns.map(([x0, x1]) =>
        db
          .selectFrom('tree_map_cells')
          .selectAll()
          .where('level', '=', window.level)
          .where('species_id', '=', filter.species ?? ANY_SPECIES)
          .where('status', '=', filter.status ?? ANY_STATUS)
          .where('cy', 'in', rows)
          .where('cx', '>=', x0)
          .where('cx', '<=', x1)
          .where('records', '>', 0),
      );
      const query = parts.length === 1 ? parts[0]! : parts[0]!.unionAll(parts[1]!);
      return (await query.execute()).map((r) => toRow(r as unknown as Record<string, unknown>));
    },

    /**
     * The trees of the filter at (within NEAR of) these places, from the spatial index, each with
     * the place it was looked for at (`near_lat`, `near_lng`). The places are lone trees' cells'
     * sums, so each is that tree's own place.
     */
    async treesAt(
      places: readonly { lat: number; lng: number }[],
      filter: TreeMapFilter,
    ): Promise<(TreeMapTreeRow & { near_lat: number; near_lng: number })[]> {
      if (places.length === 0) return [];
      const values = sql.join(places.map((p) => sql`(${num(p.lat)}, ${num(p.lng)})`));
      const species =
        filter.species !== undefined
          ? sql`and ${sql.ref(postgres ? 't.species_id' : 'g.species_id')} = ${filter.species}`
          : sql``;
      const status = filter.status
        ? sql`and ${sql.ref(postgres ? 't.status' : 'g.status')} = ${filter.status}`
        : sql``;
      // Plain selects over VALUES (columns column1, column2 on both databases): a statement that
      // starts with WITH counts as a write to every table (db/table-writes.ts), which dropped every
      // cached answer in the process on each clustered map request.
      const query = postgres
        ? // A lateral lookup per place, kept apart by `offset 0` (else it is flattened into a
          // join): each one is a GiST probe; a join let the planner walk trees_created_idx.
          sql`select t.id, t.lat, t.lng, t.species_id, t.tree_count, t.alive_count, t.status,
              t.created_at, p.column1 as near_lat, p.column2 as near_lng
            from (values ${values}) p cross join lateral (
              select t.id, t.lat, t.lng, t.species_id, t.tree_count, t.alive_count, t.status,
                t.created_at
              from trees t
              where point(t.lng, t.lat) <@ box(point(p.column2 - ${NEAR}, p.column1 - ${NEAR}),
                  point(p.column2 + ${NEAR}, p.column1 + ${NEAR}))
                and t.lat is not null and t.lng is not null
                and t.verification_status <> 'rejected' ${species} ${status}
              offset 0
            ) t
            order by t.created_at desc, t.id desc`
        : // The R*Tree carries the marker's fields (0041): no row of trees is read.
          sql`select g.tree_id as id, g.lat, g.lng, g.species_id, g.tree_count, g.alive_count,
              g.status, g.created_at, p.column1 as near_lat, p.column2 as near_lng
            from (values ${values}) p join trees_geo g
              on g.max_lat >= p.column1 - ${NEAR} and g.min_lat <= p.column1 + ${NEAR}
              and g.max_lng >= p.column2 - ${NEAR} and g.min_lng <= p.column2 + ${NEAR}
              ${species} ${status}
            order by g.created_at desc, g.tree_id desc`;
      const { rows } = await query.execute(db);
      return (rows as (TreeMapTreeRow & { near_lat: number; near_lng: number })[]).map((r) => ({
        ...r,
        near_lat: Number(r.near_lat),
        near_lng: Number(r.near_lng),
      }));
    },

    /**
     * How many trees (any species and status) the box holds, counting no further than `upTo`:
     * the spatial index's entries alone, stopping at `upTo` (SQLite reads no auxiliary column).
     */
    async countInBox(box: TreeMapBox, upTo: number): Promise<number> {
      let total = 0;
      for (const [west, south, east, north] of plainBoxes(box)) {
        const probe = postgres
          ? sql<{ n: number | string }>`select count(*) as n from (select 1 from trees
              where point(lng, lat) <@ box(point(${west}, ${south}), point(${east}, ${north}))
                and lat is not null and lng is not null and verification_status <> 'rejected'
              limit ${upTo - total}) s`
          : sql<{ n: number | string }>`select count(*) as n from (select id from trees_geo
              where max_lat >= ${south} and min_lat <= ${north}
                and max_lng >= ${west} and min_lng <= ${east}
              limit ${upTo - total}) s`;
        const { rows } = await probe.execute(db);
        total += Number(rows[0]?.n ?? 0);
        if (total >= upTo) break;
      }
      return total;
    },

    /** The trees in the box (anywhere without one), newest first, at most `limit`. */
    async trees(
      box: TreeMapBox | undefined,
      filter: TreeMapFilter,
      limit: number,
    ): Promise<TreeMapTreeRow[]> {
      if (box) {
        // The index's rows alone (two boxes across the antimeridian: their union, ordered).
        const rows = await db
          .selectFrom(markersInBox(box, filter).as('m'))
          .select([
            'm.id',
            'm.lat',
            'm.lng',
            'm.species_id',
            'm.tree_count',
            'm.alive_count',
            'm.status',
          ])
          .orderBy('m.created_at', 'desc')
          .orderBy('m.id', 'desc')
          .limit(limit)
          .execute();
        return rows as TreeMapTreeRow[];
      }
      let query = db
        .selectFrom('trees')
        .select(TREE_COLUMNS)
        .where('trees.lat', 'is not', null)
        .where('trees.lng', 'is not', null)
        .where('trees.verification_status', '<>', sql.lit('rejected'));
      if (filter.species !== undefined)
        query = query.where('trees.species_id', '=', filter.species);
      if (filter.status) query = query.where('trees.status', '=', filter.status);
      return query
        .orderBy('trees.created_at', 'desc')
        .orderBy('trees.id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type TreeMapRepository = ReturnType<typeof treeMapRepository>;
