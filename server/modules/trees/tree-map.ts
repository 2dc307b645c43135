import {
  TREE_MAP_CELL_PX,
  TREE_MAP_EXACT_ZOOM,
  TREE_MAP_GRID,
  TREE_MAP_MAX,
  type TreeMapCluster,
  type TreeMapPoint,
  type TreeStatus,
} from '../../../contract/trees';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { roundCoordinate, rowStatus, statusOf } from './tree-mapper';
import { treeMapRepository, type TreeMapBox } from './tree-map.repository';

const WORLD: TreeMapBox = [-180, -90, 180, 90];
/** Tile size Leaflet's zoom levels are counted in. */
const TILE_PX = 256;

export interface TreeMapQuery {
  species?: number;
  status?: TreeStatus;
  bbox?: TreeMapBox;
  zoom?: number;
}

export interface TreeMapAnswer {
  data: TreeMapPoint[];
  clusters: TreeMapCluster[];
  truncated: boolean;
}

/**
 * How a box is answered: the grid cell (degrees) and whether trees are sent one by one. The cell
 * is TREE_MAP_CELL_PX at the zoom, and at least 1/TREE_MAP_GRID of the box each way, so no box
 * (whatever zoom it claims) has more than about TREE_MAP_GRID² cells. Exact only at a street zoom
 * with a box small enough for that zoom.
 */
export function mapPlan(bbox: TreeMapBox | undefined, zoom: number) {
  const box = bbox ?? WORLD;
  const [west, south, east, north] = box;
  const width = west <= east ? east - west : east - west + 360;
  const height = north - south;
  const z = zoom;
  const zoomCell = (360 / (TILE_PX * 2 ** z)) * TREE_MAP_CELL_PX;
  const cell = Math.max(zoomCell, width / TREE_MAP_GRID, height / TREE_MAP_GRID, 1e-6);
  return { box, cell, exact: z >= TREE_MAP_EXACT_ZOOM && cell === zoomCell };
}

const wrapLng = (lng: number) => (lng > 180 ? lng - 360 : lng);

/**
 * The trees map for a box (issue 20): every member's trees, rounded like any tree seen by others.
 * Below a street zoom grouped on a grid in SQL (a cell with one tree record sends the tree, a fuller
 * one a cluster), so the answer's size follows the grid, not the community; at a street zoom (or
 * with no zoom, as clients before issue 20 ask) the trees themselves, newest first, at most
 * TREE_MAP_MAX.
 */
export async function treeMap(db: Kysely<Database>, query: TreeMapQuery): Promise<TreeMapAnswer> {
  const repo = treeMapRepository(db);
  const filter = {
    ...(query.species !== undefined ? { species: query.species } : {}),
    ...(query.status ? { status: rowStatus(query.status) } : {}),
  };
  const { box, cell, exact } = mapPlan(query.bbox, query.zoom ?? TREE_MAP_EXACT_ZOOM);
  const point = (r: Awaited<ReturnType<typeof repo.treesByIds>>[number]): TreeMapPoint => ({
    id: r.id,
    lat: roundCoordinate(r.lat ?? 0),
    lng: roundCoordinate(r.lng ?? 0),
    species: r.species_id,
    count: r.tree_count,
    aliveCount: r.alive_count,
    status: statusOf(r),
  });
  // Without a zoom (clients written before issue 20): the trees themselves, as before.
  if (exact || query.zoom === undefined) {
    const rows = await repo.trees(query.bbox, filter, TREE_MAP_MAX + 1);
    return {
      data: rows.slice(0, TREE_MAP_MAX).map(point),
      clusters: [],
      truncated: rows.length > TREE_MAP_MAX,
    };
  }
  const cells = await repo.cells(box, cell, filter);
  const alone = cells.filter((c) => c.count === 1).map((c) => c.one_id);
  const clusters = cells
    .filter((c) => c.count > 1)
    .map((c) => ({
      lat: roundCoordinate(c.lat),
      lng: roundCoordinate(wrapLng(box[0] + c.lng_offset)),
      count: c.count,
    }))
    .sort((a, b) => b.count - a.count || a.lat - b.lat || a.lng - b.lng);
  return { data: (await repo.treesByIds(alone)).map(point), clusters, truncated: false };
}
