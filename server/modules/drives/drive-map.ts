import type { Kysely } from 'kysely';
import { DRIVE_MAP_EXACT_ZOOM, DRIVE_MAP_GRID, DRIVE_MAP_MAX } from '../../../contract/drives';
import type { MapBox, MapClusterItem } from '../../../contract/map-view';
import type { Database } from '../../db/tables';
import {
  DRIVE_GRID_LEVELS,
  driveGridCell,
  driveGridColumn,
  driveGridRow,
  toE7,
} from './drive-map-grid';
import {
  driveMapRepository,
  type DriveGridWindow,
  type DriveMapRow,
  type PlainBox,
} from './drive-map.repository';
import type { DriveFilter } from './drive-queries';

const WORLD: MapBox = [-180, -90, 180, 90];
/**
 * At most this many grid cells are read for one answer (a coarser level when a box would have
 * more), so even a box of lone drives keeps the answer small.
 */
export const DRIVE_MAP_MAX_CELLS = 400;

export interface DriveMapView {
  bbox?: MapBox | undefined;
  zoom?: number | undefined;
}

/** A box across the antimeridian is two boxes either side of it. */
const plainBoxes = ([west, south, east, north]: MapBox): PlainBox[] =>
  west <= east
    ? [[west, south, east, north]]
    : [
        [west, south, 180, north],
        [-180, south, east, north],
      ];

function windowAt([west, south, east, north]: MapBox, level: number): DriveGridWindow {
  const last = 2 ** (level + 2) - 1;
  return {
    level,
    y0: driveGridRow(south, level),
    y1: driveGridRow(north, level),
    columns:
      west <= east
        ? [[driveGridColumn(west, level), driveGridColumn(east, level)]]
        : [
            [driveGridColumn(west, level), last],
            [0, driveGridColumn(east, level)],
          ],
  };
}

const cellsIn = (w: DriveGridWindow) =>
  (w.y1 - w.y0 + 1) * w.columns.reduce((sum, [x0, x1]) => sum + x1 - x0 + 1, 0);

/** The degrees a window's cells cover (one box per column range). */
function extentOf(w: DriveGridWindow): PlainBox[] {
  const cell = driveGridCell(w.level);
  return w.columns.map(([x0, x1]) => [
    x0 * cell - 180,
    w.y0 * cell - 90,
    (x1 + 1) * cell - 180,
    (w.y1 + 1) * cell - 90,
  ]);
}

/**
 * How a view is answered: the drives one by one from DRIVE_MAP_EXACT_ZOOM on when the box is
 * small enough for it, else the grid level of the zoom, coarser when the box is wider than
 * DRIVE_MAP_GRID of its cells either way or would read more than DRIVE_MAP_MAX_CELLS cells.
 */
export function driveMapPlan(bbox: MapBox | undefined, zoom: number) {
  const box = bbox ?? WORLD;
  const [west, south, east, north] = box;
  const width = west <= east ? east - west : east - west + 360;
  const span = Math.max(width, north - south, 1e-9);
  const fits = Math.floor(Math.log2((90 * DRIVE_MAP_GRID) / span));
  if (zoom >= DRIVE_MAP_EXACT_ZOOM && fits >= zoom) return { box, exact: true as const };
  let level = Math.max(0, Math.min(zoom, fits, DRIVE_GRID_LEVELS - 1));
  let window = windowAt(box, level);
  while (level > 0 && cellsIn(window) > DRIVE_MAP_MAX_CELLS) window = windowAt(box, --level);
  return { box, exact: false as const, window };
}

const monthStart = (month: string) => `${month}-01T00:00:00.000Z`;
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * The filter's starts as one range [lo, hi) (either end open when null), split into the whole
 * months the grid answers ([fromMonth, toMonth), months as YYYY-MM) and the partial months at
 * either end, read from the drives themselves (at most a month each).
 */
export function timeSplit(
  filter: Pick<DriveFilter, 'when' | 'now' | 'startsFrom' | 'startsBefore'>,
) {
  const max = (a: string, b: string | undefined) => (b !== undefined && b > a ? b : a);
  const min = (a: string, b: string | undefined) => (b !== undefined && b < a ? b : a);
  const lo =
    filter.when === 'upcoming' ? max(filter.now, filter.startsFrom) : (filter.startsFrom ?? null);
  const hi =
    filter.when === 'past' ? min(filter.now, filter.startsBefore) : (filter.startsBefore ?? null);
  if (lo !== null && hi !== null && lo >= hi)
    return { empty: true as const, fromMonth: null, toMonth: null, partial: [] };
  const loMonth = lo === null ? null : lo.slice(0, 7);
  const hiMonth = hi === null ? null : hi.slice(0, 7);
  if (lo !== null && hi !== null && loMonth === hiMonth)
    return {
      empty: false as const,
      fromMonth: null,
      toMonth: null,
      none: true,
      partial: [[lo, hi]],
    };
  const fromMonth =
    lo === null ? null : lo === monthStart(loMonth!) ? loMonth : nextMonth(loMonth!);
  const toMonth = hiMonth;
  const partial: [string, string][] = [];
  if (lo !== null && fromMonth !== loMonth) partial.push([lo, monthStart(fromMonth!)]);
  if (hi !== null && hi !== monthStart(hiMonth!)) partial.push([monthStart(hiMonth!), hi]);
  return { empty: false as const, fromMonth, toMonth, none: false, partial };
}

const round = (v: number) => Math.round(v * 1e4) / 1e4;

/**
 * The drives map for a view (issue 20). With a zoom below DRIVE_MAP_EXACT_ZOOM: the grid's cells
 * in the box at the zoom's level, summed over the filter's whole months, plus the drives of its
 * partial first and last months read one by one (a cell with one drive sends the drive, a fuller
 * one a cluster of its count and mean place), so an answer reads a bounded number of rows whatever
 * the number of drives. With a search text the matching drives themselves (at most
 * DRIVE_MAP_MAX) are grouped into the same cells. At a street zoom, or without a zoom (clients
 * before issue 20), the drives themselves in the list's order, at most DRIVE_MAP_MAX.
 */
export async function driveMap(
  db: Kysely<Database>,
  filter: DriveFilter,
  view: DriveMapView,
): Promise<{ data: DriveMapRow[]; clusters: MapClusterItem[]; truncated: boolean }> {
  const repo = driveMapRepository(db);
  const plan = view.zoom === undefined ? null : driveMapPlan(view.bbox, view.zoom);
  if (plan === null || plan.exact) {
    const rows = await repo.drives(
      filter,
      view.bbox ? plainBoxes(view.bbox) : null,
      DRIVE_MAP_MAX + 1,
    );
    return {
      data: rows.slice(0, DRIVE_MAP_MAX),
      clusters: [],
      truncated: rows.length > DRIVE_MAP_MAX,
    };
  }
  const { window } = plan;
  const level = window.level;
  /** Per cell: drives counted, summed place, and the drives known one by one. */
  const cells = new Map<string, { n: number; lat: number; lng: number; known: DriveMapRow[] }>();
  const cellOf = (cy: number, cx: number) => {
    const key = `${cy},${cx}`;
    let cell = cells.get(key);
    if (!cell) cells.set(key, (cell = { n: 0, lat: 0, lng: 0, known: [] }));
    return cell;
  };
  const inWindow = (cy: number, cx: number) =>
    cy >= window.y0 && cy <= window.y1 && window.columns.some(([x0, x1]) => cx >= x0 && cx <= x1);
  const addDrive = (d: DriveMapRow) => {
    const cy = driveGridRow(d.lat, level);
    const cx = driveGridColumn(d.lng, level);
    if (!inWindow(cy, cx)) return;
    const cell = cellOf(cy, cx);
    cell.n += 1;
    cell.lat += toE7(d.lat);
    cell.lng += toE7(d.lng);
    cell.known.push(d);
  };

  let truncated = false;
  const split = timeSplit(filter);
  const fromGrid = new Set<string>();
  if (split.empty) {
    // Nothing starts in the range.
  } else if (filter.q) {
    // A search text has no summary: the matching drives themselves, grouped here.
    const rows = await repo.drives(filter, extentOf(window), DRIVE_MAP_MAX + 1);
    truncated = rows.length > DRIVE_MAP_MAX;
    rows.slice(0, DRIVE_MAP_MAX).forEach(addDrive);
  } else {
    const [sums, ...partials] = await Promise.all([
      split.none
        ? Promise.resolve([])
        : repo.cells(window, filter.country, split.fromMonth, split.toMonth),
      ...split.partial.map(([from, to]) =>
        repo.startingIn(from, to, extentOf(window), filter.country),
      ),
    ]);
    for (const s of sums) {
      const cell = cellOf(s.cy, s.cx);
      cell.n += s.drives;
      cell.lat += s.lat_e7;
      cell.lng += s.lng_e7;
      fromGrid.add(`${s.cy},${s.cx}`);
    }
    for (const rows of partials) rows.forEach(addDrive);
  }

  // A cell may reach past the box: what would be drawn outside the view is left out.
  const [west, south, east, north] = plan.box;
  const inView = (lat: number, lng: number) =>
    lat >= south &&
    lat <= north &&
    (west <= east ? lng >= west && lng <= east : lng >= west || lng <= east);
  const data: DriveMapRow[] = [];
  const clusters: MapClusterItem[] = [];
  const lone: { lat: number; lng: number }[] = [];
  for (const cell of cells.values()) {
    const lat = cell.lat / cell.n / 1e7;
    const lng = cell.lng / cell.n / 1e7;
    if (cell.n === 1 && cell.known.length === 1) {
      const d = cell.known[0]!;
      if (inView(d.lat, d.lng)) data.push(d);
    } else if (!inView(lat, lng)) continue;
    else if (cell.n === 1) lone.push({ lat, lng });
    else clusters.push({ lat: round(lat), lng: round(lng), count: cell.n });
  }
  // A lone drive of the whole months: its cell's sums are its own place, where the index finds it.
  if (lone.length > 0 && !split.empty && !split.none) {
    const found = await repo.drivesAt(
      lone,
      split.fromMonth === null ? null : monthStart(split.fromMonth),
      split.toMonth === null ? null : monthStart(split.toMonth),
      filter.country,
    );
    const nearest = new Map<string, DriveMapRow>();
    for (const r of found) {
      const key = `${r.near_lat},${r.near_lng}`;
      if (nearest.has(key)) continue;
      const { near_lat: _a, near_lng: _b, ...drive } = r;
      nearest.set(key, drive);
    }
    for (const p of lone) {
      const drive = nearest.get(`${p.lat},${p.lng}`);
      // A lone drive not found where its sums say (a grid out of step) is still counted.
      if (drive) data.push(drive);
      else clusters.push({ lat: round(p.lat), lng: round(p.lng), count: 1 });
    }
  }
  const order = filter.when === 'upcoming' ? 1 : -1;
  data.sort((a, b) => order * (a.starts_at.localeCompare(b.starts_at) || a.id.localeCompare(b.id)));
  clusters.sort((a, b) => b.count - a.count || a.lat - b.lat || a.lng - b.lng);
  return { data, clusters, truncated };
}
