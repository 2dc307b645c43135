import type { StockCursor } from '../../../contract/nursery';
import { boundingBox, haversineKm } from './nursery-mapper';
import type { BoundingBox } from './stock.repository';

/**
 * Nearest-first search over stock (issue 23): a ring of growing bounding boxes around the point,
 * each answered by the latitude/longitude index (`nursery_stock_lat_idx`, or the species one), so a
 * request reads the lines near the drive and never the whole table — however far the nearest
 * nursery is. Exact distances are computed here; a box is only a prefilter.
 */

/** The first ring's radius; each ring is RING_GROWTH times the last. */
export const FIRST_RING_KM = 25;
const RING_GROWTH = 4;
/** Half the earth's circumference: no two points are further apart (haversine's largest answer). */
const WHOLE_EARTH_KM = 20_016;
/** The most lines one box reads before exact distances are taken. */
export const RING_SCAN_MAX = 2000;

export interface Point {
  lat: number;
  lng: number;
}

export interface NearestQuery<Row> {
  center: Point;
  /** Only lines within this many km (a circle), or every line when undefined. */
  radiusKm: number | undefined;
  /** Lines after this one in (distance, id) order: the keyset of the next page. */
  after: StockCursor | undefined;
  /** How many lines to find (a page plus one to know there are more, plus any offset). */
  want: number;
  /** The findable lines in a box, at most `max`. */
  inBox: (box: BoundingBox, max: number) => Promise<Row[]>;
  at: (row: Row) => Point & { id: string };
}

export interface NearestResult<Row> {
  /** Nearest first; at most `want`. */
  found: Array<{ row: Row; km: number }>;
  /** The radius the last ring reached (every line within it, after the cursor, was seen). */
  searchedKm: number;
  /** True when the search saw every line it could answer (the whole circle or the whole earth). */
  complete: boolean;
}

const beyond = (km: number, id: string, after: StockCursor | undefined) =>
  !after || km > after.km || (km === after.km && id > after.id);

export async function nearestStock<Row>(q: NearestQuery<Row>): Promise<NearestResult<Row>> {
  const limitKm = Math.min(q.radiusKm ?? WHOLE_EARTH_KM, WHOLE_EARTH_KM);
  // A next page starts from where the last one ended, not from the drive again.
  let ringKm = Math.min(limitKm, Math.max(FIRST_RING_KM, (q.after?.km ?? 0) + FIRST_RING_KM));
  for (;;) {
    const rows = await q.inBox(boundingBox(q.center, ringKm), RING_SCAN_MAX);
    const truncated = rows.length >= RING_SCAN_MAX;
    const inRing = rows
      .map((row) => {
        const p = q.at(row);
        return { row, id: p.id, km: haversineKm(q.center, p) };
      })
      .filter((r) => r.km <= ringKm && beyond(r.km, r.id, q.after))
      .sort((a, b) => a.km - b.km || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const complete = ringKm >= limitKm && !truncated;
    // Every line closer than the ring's edge is in its box: once the ring holds enough, they are
    // the nearest. A box fuller than RING_SCAN_MAX stops the search with what it read.
    if (inRing.length >= q.want || ringKm >= limitKm || truncated)
      return {
        found: inRing.slice(0, q.want).map(({ row, km }) => ({ row, km })),
        searchedKm: ringKm,
        complete,
      };
    ringKm = Math.min(limitKm, ringKm * RING_GROWTH);
  }
}
