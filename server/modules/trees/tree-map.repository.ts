import { PostgresAdapter, sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database, TreesTable } from '../../db/tables';

export interface TreeMapFilter {
  species?: number;
  status?: TreesTable['status'];
}

/** [west, south, east, north] in degrees; west > east crosses the antimeridian. */
export type TreeMapBox = readonly [number, number, number, number];

/** A grid cell of the map: its tree records, their mean place, and one of their ids. */
export interface TreeMapCellRow {
  count: number;
  lat: number;
  /** Mean longitude east of the box's west edge (0–360), so a cell across 180° stays whole. */
  lng_offset: number;
  one_id: string;
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

/** A box across the antimeridian is two boxes either side of it. */
const plainBoxes = ([west, south, east, north]: TreeMapBox): TreeMapBox[] =>
  west <= east
    ? [[west, south, east, north]]
    : [
        [west, south, 180, north],
        [-180, south, east, north],
      ];

/**
 * The trees map's queries, by bounding box from a spatial index
 * (docs/decisions/tree-map-spatial-index.md): SQLite reads the `trees_geo` R*Tree (kept by
 * triggers, 0022), PostgreSQL the GiST index on `point(lng, lat)`.
 */
export function treeMapRepository(db: Kysely<Database>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  /** Every tree with coordinates in the box: its place and id (or only its id), from the index. */
  function inBox(box: TreeMapBox, filter: TreeMapFilter, idOnly = false) {
    const parts = plainBoxes(box).map(([west, south, east, north]) => {
      if (postgres) {
        let query = db
          .selectFrom('trees')
          .select(
            idOnly ? ['trees.id as tree_id'] : ['trees.lat', 'trees.lng', 'trees.id as tree_id'],
          )
          .where('trees.lat', 'is not', null)
          .where('trees.lng', 'is not', null)
          .where(
            sql<boolean>`point(trees.lng, trees.lat) <@ box(point(${west}, ${south}), point(${east}, ${north}))`,
          );
        if (filter.species !== undefined)
          query = query.where('trees.species_id', '=', filter.species);
        if (filter.status) query = query.where('trees.status', '=', filter.status);
        return query as unknown as SelectQueryBuilder<
          Database,
          'trees',
          { lat: number; lng: number; tree_id: string }
        >;
      }
      let query = db
        .selectFrom('trees_geo')
        .select(idOnly ? ['tree_id'] : ['min_lat as lat', 'min_lng as lng', 'tree_id'])
        .where('max_lat', '>=', south)
        .where('min_lat', '<=', north)
        .where('max_lng', '>=', west)
        .where('min_lng', '<=', east);
      if (filter.species !== undefined) query = query.where('species_id', '=', filter.species);
      if (filter.status) query = query.where('status', '=', filter.status);
      return query as unknown as SelectQueryBuilder<
        Database,
        'trees',
        { lat: number; lng: number; tree_id: string }
      >;
    });
    return parts.length === 1 ? parts[0]! : parts[0]!.unionAll(parts[1]!);
  }

  return {
    /**
     * The trees in the box grouped on a grid of `cell` degrees from its south-west corner: one row
     * per non-empty cell, so the answer is bounded by the grid, not by the number of trees.
     */
    async cells(box: TreeMapBox, cell: number, filter: TreeMapFilter): Promise<TreeMapCellRow[]> {
      const [west, south] = box;
      const lngOffset = sql<number>`(case when g.lng >= ${west} then g.lng - ${west} else g.lng - ${west} + 360 end)`;
      const latOffset = sql<number>`(g.lat - ${south})`;
      const cellOf = (offset: typeof lngOffset) =>
        postgres
          ? sql<number>`floor(${offset} / ${cell})`
          : sql<number>`cast(${offset} / ${cell} as integer)`;
      const rows = await db
        .selectFrom(inBox(box, filter).as('g'))
        .select((eb) => [
          cellOf(latOffset).as('cy'),
          cellOf(lngOffset).as('cx'),
          eb.fn.countAll<number | string>().as('count'),
          sql<number>`avg(g.lat)`.as('lat'),
          sql<number>`avg(${lngOffset})`.as('lng_offset'),
          eb.fn.min<string>('g.tree_id').as('one_id'),
        ])
        .groupBy(['cy', 'cx'])
        .execute();
      return rows.map((r) => ({
        count: Number(r.count),
        lat: Number(r.lat),
        lng_offset: Number(r.lng_offset),
        one_id: r.one_id,
      }));
    },

    /** The trees in the box (anywhere without one), newest first, at most `limit`. */
    trees(box: TreeMapBox | undefined, filter: TreeMapFilter, limit: number) {
      let query = db.selectFrom('trees').select(TREE_COLUMNS);
      if (box)
        query = query.where(
          'trees.id',
          'in',
          inBox(box, filter, true) as unknown as SelectQueryBuilder<
            Database,
            'trees',
            { id: string }
          >,
        );
      else {
        query = query.where('trees.lat', 'is not', null).where('trees.lng', 'is not', null);
        if (filter.species !== undefined)
          query = query.where('trees.species_id', '=', filter.species);
        if (filter.status) query = query.where('trees.status', '=', filter.status);
      }
      return query
        .orderBy('trees.created_at', 'desc')
        .orderBy('trees.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** These trees (those alone in their cell), newest first. */
    treesByIds(ids: readonly string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('trees')
        .select(TREE_COLUMNS)
        .where('trees.id', 'in', ids)
        .orderBy('trees.created_at', 'desc')
        .orderBy('trees.id', 'desc')
        .execute();
    },
  };
}

export type TreeMapRepository = ReturnType<typeof treeMapRepository>;
