import {
  TREE_MAP_EXACT_ZOOM,
  TREE_MAP_GRID,
  TREE_MAP_MAX,
  TREE_MAP_VIEW_POINTS,
  type TreeMapCluster,
  type TreeMapPoint,
  type TreeStatus,
} from '../../../contract/trees';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { roundCoordinate, rowStatus, statusOf } from './tree-mapper';
import {
  GRID_FILTER_TOP,
  GRID_LEVELS,
  gridCell,
  gridColumn,
  gridRow,
  treeMapRepository,
  type GridWindow,
  type TreeMapBox,
  type TreeMapFilter,
  type TreeMapRepository,
  type TreeMapTreeRow,
} from './tree-map.repository';

const WORLD: TreeMapBox = [-180, -90, 180, 90];
/**
 * At most this many grid cells are read for one answer (a coarser level when a box would have
 * more): even all lone trees (~120 bytes each) keep an answer under ~50 KB.
 */
export const TREE_MAP_MAX_CELLS = 400;

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

/** The box's cells at a level: its rows and its column ranges (two across the antimeridian). */
function windowAt([west, south, east, north]: TreeMapBox, level: number): GridWindow {
  const last = 2 ** (level + 2) - 1;
  return {
    level,
    y0: gridRow(south, level),
    y1: gridRow(north, level),
    columns:
      west <= east
        ? [[gridColumn(west, level), gridColumn(east, level)]]
        : [
            [gridColumn(west, level), last],
            [0, gridColumn(east, level)],
          ],
  };
}

const cellsIn = (w: GridWindow) =>
  (w.y1 - w.y0 + 1) * w.columns.reduce((sum, [x0, x1]) => sum + x1 - x0 + 1, 0);

/**
 * How a box is answered (docs/decisions/tree-map-grid.md): the trees one by one at a street zoom
 * with a box small enough for it (a cell of TREE_MAP_CELL_PX at the zoom is 90/2^zoom degrees),
 * else the grid level of the zoom, coarser when the box is wider than TREE_MAP_GRID of its cells
 * either way or would read more than TREE_MAP_MAX_CELLS cells. A filtered map past
 * GRID_FILTER_TOP is answered tree by tree too.
 */
export function mapPlan(bbox: TreeMapBox | undefined, zoom: number, filtered = false) {
  const box = bbox ?? WORLD;
  const [west, south, east, north] = box;
  const width = west <= east ? east - west : east - west + 360;
  const span = Math.max(width, north - south, 1e-9);
  const fits = Math.floor(Math.log2((90 * TREE_MAP_GRID) / span));
  if (zoom >= TREE_MAP_EXACT_ZOOM && fits >= zoom) return { box, exact: true as const };
  let level = Math.max(0, Math.min(zoom, fits, GRID_LEVELS - 1));
  // The grid is per species and status only to GRID_FILTER_TOP: closer in, a filtered map's
  // small box is answered tree by tree from the spatial index.
  if (filtered && level > GRID_FILTER_TOP) return { box, exact: true as const };
  let window = windowAt(box, level);
  while (level > 0 && cellsIn(window) > TREE_MAP_MAX_CELLS) window = windowAt(box, --level);
  return { box, exact: false as const, window, cell: gridCell(level) };
}

const point = (r: TreeMapTreeRow): TreeMapPoint => ({
  id: r.id,
  lat: roundCoordinate(r.lat ?? 0),
  lng: roundCoordinate(r.lng ?? 0),
  species: r.species_id,
  count: r.tree_count,
  aliveCount: r.alive_count,
  status: statusOf(r),
});

/**
 * A street zoom's view holding more than TREE_MAP_VIEW_POINTS trees is clustered on the grid's
 * finest level when its cell is at most two of the zoom's (128 px, i.e. zoom 16) and the map is
 * not filtered (the finest levels keep only the "any" rows); closer in, the trees themselves.
 */
const denseLevel = (zoom: number | undefined, filtered: boolean) =>
  zoom !== undefined && !filtered && zoom <= GRID_LEVELS ? GRID_LEVELS - 1 : null;

/**
 * The trees map for a box (issue 20): every member's trees, rounded like any tree seen by others.
 * Below a street zoom the grid's cells in the box at the zoom's level (a cell with one tree record
 * sends the tree, a fuller one a cluster of its count and mean place), so the answer reads and
 * sends a bounded number of cells whatever the number of trees; at a street zoom (or with no zoom,
 * as clients before issue 20 ask) the trees themselves from the spatial index, newest first, at
 * most TREE_MAP_MAX, unless the view is dense (more than TREE_MAP_VIEW_POINTS trees, counted from
 * the index up to that number): then the finest grid level's cells, as below a street zoom.
 */
export async function treeMap(db: Kysely<Database>, query: TreeMapQuery): Promise<TreeMapAnswer> {
  const repo = treeMapRepository(db);
  const filter = {
    ...(query.species !== undefined ? { species: query.species } : {}),
    ...(query.status ? { status: rowStatus(query.status) } : {}),
  };
  const filtered = query.species !== undefined || query.status !== undefined;
  const plan = mapPlan(query.bbox, query.zoom ?? TREE_MAP_EXACT_ZOOM, filtered);
  if (query.zoom !== undefined && !plan.exact)
    return clustered(repo, plan.box, plan.window, filter);
  // A dense street view: the finest grid level's clusters (a bounded answer), not every tree.
  const dense = denseLevel(query.zoom, filtered);
  if (
    dense !== null &&
    (await repo.countInBox(plan.box, TREE_MAP_VIEW_POINTS + 1)) > TREE_MAP_VIEW_POINTS
  )
    return clustered(repo, plan.box, windowAt(plan.box, dense), filter);
  // Without a zoom (clients written before issue 20) or at a street zoom: the trees themselves.
  const rows = await repo.trees(query.bbox, filter, TREE_MAP_MAX + 1);
  return {
    data: rows.slice(0, TREE_MAP_MAX).map(point),
    clusters: [],
    truncated: rows.length > TREE_MAP_MAX,
  };
}

/**
 * The grid's cells of a window in the box: a cell with one tree record sends the tree (found in
 * the spatial index at its cell's summed place), a fuller one a cluster of its count and mean place.
 */
async function clustered(
  repo: TreeMapRepository,
  box: TreeMapBox,
  window: GridWindow,
  filter: TreeMapFilter,
): Promise<TreeMapAnswer> {
  // A cell may reach past the box: what would be drawn outside the view (a lone tree, or a
  // cluster's mean place) is left out, as the view cannot show it.
  const [west, south, east, north] = box;
  const inView = (lat: number, lng: number) =>
    lat >= south &&
    lat <= north &&
    (west <= east ? lng >= west && lng <= east : lng >= west || lng <= east);
  const cells = (await repo.cells(window, filter)).filter((c) =>
    inView(c.lat_e7 / c.records / 1e7, c.lng_e7 / c.records / 1e7),
  );
  const clusters: TreeMapCluster[] = [];
  const lone: { lat: number; lng: number }[] = [];
  for (const c of cells) {
    const lat = c.lat_e7 / c.records / 1e7;
    const lng = c.lng_e7 / c.records / 1e7;
    if (c.records === 1) lone.push({ lat, lng });
    else clusters.push({ lat: roundCoordinate(lat), lng: roundCoordinate(lng), count: c.records });
  }
  // A lone tree's cell sums are its own place: the spatial index finds it there.
  const found = await repo.treesAt(lone, filter);
  const nearest = new Map<string, TreeMapTreeRow & { distance: number }>();
  for (const r of found) {
    const key = `${r.near_lat},${r.near_lng}`;
    const distance = Math.abs((r.lat ?? 0) - r.near_lat) + Math.abs((r.lng ?? 0) - r.near_lng);
    if (distance > 2e-6) continue;
    const seen = nearest.get(key);
    if (!seen || distance < seen.distance) nearest.set(key, { ...r, distance });
  }
  const chosen = new Set([...nearest.values()].map((r) => r.id));
  const data = found.filter((r) => chosen.delete(r.id)).map(point);
  // A lone tree not found where its sums say (a grid out of step) is still counted, as a cluster.
  for (const p of lone)
    if (!nearest.has(`${p.lat},${p.lng}`))
      clusters.push({ lat: roundCoordinate(p.lat), lng: roundCoordinate(p.lng), count: 1 });
  clusters.sort((a, b) => b.count - a.count || a.lat - b.lat || a.lng - b.lng);
  return { data, clusters, truncated: false };
}
