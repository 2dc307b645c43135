import type { StockCursor } from '../../../contract/nursery';
import { boundingBox } from './nursery-mapper';
import type { BoundingBox } from './stock.repository';

/**
 * Nearest-first search over stock (issue 23): a ring of growing bounding boxes around the point.
 * Each ring is one query the latitude/longitude index answers (`nursery_stock_lat_idx`, or the
 * species one): the lines in the ring's box, their exact distance computed in SQL, those within
 * the ring and after the cursor, nearest first, at most `want`. Every line nearer than the ring's
 * edge is in its box, so once a ring holds `want` lines they are the nearest; otherwise the next
 * ring is RING_GROWTH times wider. A request reads the lines near the drive, never the whole
 * table, however far the nearest nursery is (docs/decisions/nearest-stock.md).
 */

/** The first ring's radius; each ring is RING_GROWTH times the last. */
export const FIRST_RING_KM = 25;
const RING_GROWTH = 2;
/** Half the earth's circumference: no two points are further apart. */
export const WHOLE_EARTH_KM = 20_016;

export interface Point {
  lat: number;
  lng: number;
}

/** One ring: the box the index reads and the circle the distance keeps. */
export interface Ring {
  box: BoundingBox;
  km: number;
}

export interface NearestQuery<Row> {
  center: Point;
  /** Only lines within this many km (a circle), or every line when undefined. */
  radiusKm: number | undefined;
  /** Lines after this one in (distance, id) order: the keyset of the next page. */
  after: StockCursor | undefined;
  /** How many lines to find (a page, plus one to know there are more, plus any offset). */
  want: number;
  /** The ring's lines after the cursor, nearest first (then by id), at most `want`. */
  read: (ring: Ring, after: StockCursor | undefined, want: number) => Promise<Row[]>;
}

export interface NearestResult<Row> {
  /** Nearest first; at most `want`. */
  found: Row[];
  /** The radius the last ring reached. */
  searchedKm: number;
  /** How many rings were read. */
  rings: number;
}

export async function nearestStock<Row>(q: NearestQuery<Row>): Promise<NearestResult<Row>> {
  const limitKm = Math.min(q.radiusKm ?? WHOLE_EARTH_KM, WHOLE_EARTH_KM);
  // A next page starts from where the last one ended, not from the drive again.
  let km = Math.min(limitKm, Math.max(FIRST_RING_KM, (q.after?.km ?? 0) + FIRST_RING_KM));
  for (let rings = 1; ; rings++) {
    const found = await q.read({ box: boundingBox(q.center, km), km }, q.after, q.want);
    if (found.length >= q.want || km >= limitKm) return { found, searchedKm: km, rings };
    km = Math.min(limitKm, km * RING_GROWTH);
  }
}
