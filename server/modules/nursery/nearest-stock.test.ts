import { beforeEach, describe, expect, it } from 'vitest';
import { encodeStockCursor, NURSERY_MESSAGES, type StockCursor } from '../../../contract/nursery';
import { databaseTargets } from '../../../tests/support/test-database';
import { nearestStock, WHOLE_EARTH_KM, type Ring } from './nearest-stock';
import { haversineKm } from './nursery-mapper';
import { nurseryTestKit, PLACES, UPCOMING, type Headers } from './nursery-test-kit';

// Issue 23: reserving saplings starts with the nearest stock, whatever the distance.

interface Line {
  id: string;
  lat: number;
  lng: number;
}
type Found = Line & { km: number };

/** What the repository's ring query answers, over lines in memory; `reads` records each ring. */
const readOf =
  (lines: Line[], center: { lat: number; lng: number }, reads: Ring[]) =>
  async (ring: Ring, after: StockCursor | undefined, want: number): Promise<Found[]> => {
    reads.push(ring);
    const { box } = ring;
    return lines
      .filter(
        (l) =>
          l.lat >= box.minLat &&
          l.lat <= box.maxLat &&
          (box.lngRanges.length === 0 ||
            box.lngRanges.some(([lo, hi]) => l.lng >= lo && l.lng <= hi)),
      )
      .map((l) => ({ ...l, km: haversineKm(center, l) }))
      .filter(
        (l) =>
          l.km <= ring.km && (!after || l.km > after.km || (l.km === after.km && l.id > after.id)),
      )
      .sort((a, b) => a.km - b.km || (a.id < b.id ? -1 : 1))
      .slice(0, want);
  };

describe('the ring search', () => {
  // A fixed pseudo-random spread of lines over the whole earth.
  let seed = 7;
  const next = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const lines: Line[] = Array.from({ length: 600 }, (_, i) => ({
    id: `s${String(i).padStart(4, '0')}`,
    lat: Math.asin(2 * next() - 1) * (180 / Math.PI),
    lng: next() * 360 - 180,
  }));
  const byDistance = (center: { lat: number; lng: number }) =>
    lines
      .map((l) => ({ id: l.id, km: haversineKm(center, l) }))
      .sort((a, b) => a.km - b.km || (a.id < b.id ? -1 : 1));

  it.each([
    ['Bengaluru', PLACES.bengaluru],
    ['the antimeridian', { lat: -16.5, lng: 179.9 }],
    ['near the north pole', { lat: 88.9, lng: 12 }],
    ['mid-Pacific', { lat: 0, lng: -150 }],
  ])(
    'answers the same order as sorting every line, from %s, page after page',
    async (_, center) => {
      const expected = byDistance(center);
      const seen: string[] = [];
      let after: StockCursor | undefined;
      for (let pageNo = 0; pageNo < 4; pageNo++) {
        const result = await nearestStock({
          center,
          radiusKm: undefined,
          after,
          want: 21,
          read: readOf(lines, center, []),
        });
        const page = result.found.slice(0, 20);
        seen.push(...page.map((f) => f.id));
        const last = page.at(-1)!;
        after = { km: last.km, id: last.id };
      }
      expect(seen).toEqual(expected.slice(0, 80).map((e) => e.id));
    },
  );

  it('reads one small ring where stock is close, and grows it only while too few are in reach', async () => {
    const near: Line[] = Array.from({ length: 30 }, (_, i) => ({
      id: `n${i}`,
      lat: PLACES.bengaluru.lat + i * 0.001,
      lng: PLACES.bengaluru.lng,
    }));
    const reads: Ring[] = [];
    const result = await nearestStock({
      center: PLACES.bengaluru,
      radiusKm: undefined,
      after: undefined,
      want: 21,
      read: readOf([...near, ...lines], PLACES.bengaluru, reads),
    });
    expect(reads).toHaveLength(1);
    expect(result.found[0]!.id).toBe('n0');

    // One line on the far side of the earth: found after a few wider rings, none wasted.
    const far: Ring[] = [];
    const alone = await nearestStock({
      center: PLACES.bengaluru,
      radiusKm: undefined,
      after: undefined,
      want: 21,
      read: readOf([{ id: 'far', lat: -12.97, lng: -102.4 }], PLACES.bengaluru, far),
    });
    expect(alone.found.map((f) => f.id)).toEqual(['far']);
    expect(far.length).toBeLessThanOrEqual(11);
    expect(alone.searchedKm).toBe(WHOLE_EARTH_KM);
  });

  it('stops at the circle when a radius is given', async () => {
    const lines2 = [
      { id: 'far', ...PLACES.delhi },
      { id: 'blr', ...PLACES.bengaluru },
    ];
    const result = await nearestStock({
      center: PLACES.mysuru,
      radiusKm: 200,
      after: undefined,
      want: 21,
      read: readOf(lines2, PLACES.mysuru, []),
    });
    expect(result.found.map((f) => f.id)).toEqual(['blr']);
    expect(result.searchedKm).toBe(200);
  });
});

describe.each(databaseTargets)('nearest stock on $name', (target) => {
  const k = nurseryTestKit(target);
  beforeEach(() => k.setup());

  /** Bengaluru, Mysuru (~130 km), Delhi (~1,740 km) and Reykjavík (~9,000 km) stock. */
  async function spread() {
    const a = await k.nursery();
    const b = await k.nursery({ name: 'Far Away Saplings' });
    const bengaluru = await k.addStock(a.headers, { quantityAvailable: 20 });
    const mysuru = await k.addStock(b.headers, {
      pickupLat: PLACES.mysuru.lat,
      pickupLng: PLACES.mysuru.lng,
    });
    const delhi = await k.addStock(b.headers, {
      pickupLat: PLACES.delhi.lat,
      pickupLng: PLACES.delhi.lng,
      speciesId: 2,
    });
    const reykjavik = await k.addStock(b.headers, { pickupLat: 64.1466, pickupLng: -21.9426 });
    const soldOut = await k.addStock(a.headers, { quantityAvailable: 0 });
    return { a, b, bengaluru, mysuru, delhi, reykjavik, soldOut };
  }

  const ids = (body: { data: Array<{ id: string }> }) => body.data.map((s) => s.id);
  const get = (url: string, headers: Headers) => k.send('GET', url, headers);

  it('asks for a session', async () => {
    const res = await get(
      `/api/nursery/stock?near=1,1&after=${encodeStockCursor({ km: 1, id: 'x' })}`,
      {},
    );
    expect(res.statusCode).toBe(401);
  });

  it('answers every nursery’s stock nearest first beyond 100 km, with distances', async () => {
    const { bengaluru, mysuru, delhi, reykjavik, soldOut } = await spread();
    const member = await k.signIn();
    // From Chennai: nothing within 100 km, yet the search starts with the nearest.
    const res = await get('/api/nursery/stock?near=13.0827,80.2707', member.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(ids(body)).toEqual([bengaluru.id, mysuru.id, delhi.id, reykjavik.id]);
    expect(ids(body)).not.toContain(soldOut.id);
    const km = body.data.map((s: { distanceKm: number }) => s.distanceKm);
    expect(km[0]).toBeGreaterThan(280);
    expect(km[0]).toBeLessThan(300);
    expect(km[3]).toBeGreaterThan(8000);
    expect(body.total).toBe(4);
    expect(body.limit).toBe(20);
    expect(body.nextCursor).toBeNull();
    // Another nursery's line is theirs, not the member's.
    expect(body.data.every((s: { isMine: boolean }) => !s.isMine)).toBe(true);

    // Species and a circle still narrow it.
    const neem = await get('/api/nursery/stock?near=13.0827,80.2707&species=1', member.headers);
    expect(ids(neem.json())).toEqual([bengaluru.id, mysuru.id, reykjavik.id]);
    expect(neem.json().total).toBe(3);
    const circle = await get(
      '/api/nursery/stock?near=13.0827,80.2707&radiusKm=450',
      member.headers,
    );
    expect(ids(circle.json())).toEqual([bengaluru.id, mysuru.id]);
    expect(circle.json().total).toBe(2);
    expect(circle.json().nextCursor).toBeNull();
  });

  it('pages by cursor and by page number, in the same order', async () => {
    const { bengaluru, mysuru, delhi, reykjavik } = await spread();
    const member = await k.signIn();
    const seen: string[] = [];
    let url = '/api/nursery/stock?near=13.0827,80.2707&limit=1';
    for (;;) {
      const res = await get(url, member.headers);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total).toBe(4);
      seen.push(...ids(body));
      if (!body.nextCursor) break;
      url = `/api/nursery/stock?near=13.0827,80.2707&limit=1&after=${body.nextCursor}`;
    }
    expect(seen).toEqual([bengaluru.id, mysuru.id, delhi.id, reykjavik.id]);
    const third = await get(
      '/api/nursery/stock?near=13.0827,80.2707&limit=1&page=3',
      member.headers,
    );
    expect(ids(third.json())).toEqual([delhi.id]);
  });

  it('answers an empty list only when no nursery has stock', async () => {
    const nursery = await k.nursery();
    await k.addStock(nursery.headers, { quantityAvailable: 0 });
    const member = await k.signIn();
    const res = await get('/api/nursery/stock?near=-33.86,151.2', member.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: [], total: 0, nextCursor: null });
  });

  it.each([
    ['near=13,80&after=nonsense', NURSERY_MESSAGES.cursorInvalid],
    [`near=13,80&after=${encodeStockCursor({ km: -1, id: 'x' })}`, NURSERY_MESSAGES.cursorInvalid],
    [`after=${encodeStockCursor({ km: 1, id: 'x' })}`, NURSERY_MESSAGES.cursorNeedsNear],
    ['near=13,80&radiusKm=5000', NURSERY_MESSAGES.radiusInvalid],
  ])('refuses %s with a 400', async (query, message) => {
    const member = await k.signIn();
    const res = await get(`/api/nursery/stock?${query}`, member.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("lets a drive's organiser reserve the nearest stock 1,700 km away, not a stranger", async () => {
    const nursery = await k.nursery();
    const stock = await k.addStock(nursery.headers, {
      pickupLat: PLACES.delhi.lat,
      pickupLng: PLACES.delhi.lng,
    });
    const organiser = await k.organiser();
    const drive = await k.insertDrive(organiser.user.id, { starts_at: UPCOMING });
    const found = await get(
      `/api/nursery/stock?near=${PLACES.bengaluru.lat},${PLACES.bengaluru.lng}`,
      organiser.headers,
    );
    expect(ids(found.json())).toEqual([stock.id]);
    expect(found.json().data[0].distanceKm).toBeGreaterThan(1500);

    const stranger = await k.organiser({ name: 'Someone Else' });
    expect((await k.reserve(stranger.headers, drive.id, stock.id, 2)).statusCode).toBe(403);
    const reserved = await k.reserve(organiser.headers, drive.id, stock.id, 2);
    expect(reserved.statusCode).toBe(201);
    expect(await k.available(stock.id)).toBe(5);
  });
});
