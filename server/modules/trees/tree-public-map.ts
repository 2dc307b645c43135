import {
  PUBLIC_MAP_DECIMALS,
  PUBLIC_MAP_MAX_ZOOM,
  type PublicTreeCluster,
} from '../../../contract/landing';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { readCache } from '../../lib/cache';
import type { Clock } from '../../lib/clock';
import { mapPlan } from './tree-map';
import { treeMapRepository, type TreeMapBox } from './tree-map.repository';
import { roundCoordinate } from './tree-mapper';

/** The landing page's map may lag the trees by this much; each view costs one read per TTL. */
const PUBLIC_MAP_TTL_MS = 60_000;
/** Views kept (a rounded box and zoom each): visitors mostly look at the same few. */
const PUBLIC_MAP_CACHE_MAX = 200;

export interface PublicTreeMapAnswer {
  clusters: PublicTreeCluster[];
  total: number;
}

/**
 * The public trees map (issue 23, the landing page): the grid of issue 20 (`tree_map_cells`,
 * docs/decisions/tree-map-grid.md) read at a level no finer than PUBLIC_MAP_MAX_ZOOM's, and every
 * cell sent as a count at its mean place rounded to PUBLIC_MAP_DECIMALS decimals (~11 km): never
 * a tree, an id, a species or an owner. A bounded range of the grid's primary key (at most
 * TREE_MAP_MAX_CELLS cells), cached per view for PUBLIC_MAP_TTL_MS.
 */
export function treePublicMap({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  const repo = treeMapRepository(db);
  const cache = readCache<PublicTreeMapAnswer>({
    max: PUBLIC_MAP_CACHE_MAX,
    ttlMs: PUBLIC_MAP_TTL_MS,
    clock,
    tables: 'ttl',
  });

  async function load(bbox: TreeMapBox | undefined, zoom: number): Promise<PublicTreeMapAnswer> {
    const plan = mapPlan(bbox, Math.min(zoom, PUBLIC_MAP_MAX_ZOOM));
    if (plan.exact) return { clusters: [], total: 0 }; // not reached: the zoom is capped
    const [west, south, east, north] = plan.box;
    const clusters: PublicTreeCluster[] = [];
    for (const c of await repo.cells(plan.window, {})) {
      const lat = c.lat_e7 / c.records / 1e7;
      const lng = c.lng_e7 / c.records / 1e7;
      const inView =
        lat >= south &&
        lat <= north &&
        (west <= east ? lng >= west && lng <= east : lng >= west || lng <= east);
      if (!inView || c.plants <= 0) continue;
      clusters.push({
        lat: roundCoordinate(lat, PUBLIC_MAP_DECIMALS),
        lng: roundCoordinate(lng, PUBLIC_MAP_DECIMALS),
        count: c.plants,
      });
    }
    clusters.sort((a, b) => b.count - a.count || a.lat - b.lat || a.lng - b.lng);
    return { clusters, total: clusters.reduce((sum, c) => sum + c.count, 0) };
  }

  return {
    /** GET /api/trees/public-map. */
    publicTreeMap(query: { bbox?: TreeMapBox | undefined; zoom: number }) {
      const zoom = Math.min(query.zoom, PUBLIC_MAP_MAX_ZOOM);
      // Boxes are keyed to 2 decimals: nearby views share an answer (and the cache stays small).
      const key = `${zoom}:${query.bbox?.map((v) => v.toFixed(2)).join(',') ?? 'world'}`;
      return cache.get(key, () => load(query.bbox, zoom));
    },
  };
}
export type TreePublicMap = ReturnType<typeof treePublicMap>;
