import { beforeEach, describe, expect, it } from 'vitest';
import { NURSERY_MESSAGES } from '../../../contract/nursery';
import { databaseTargets } from '../../../tests/support/test-database';
import { boundingBox, haversineKm } from './nursery-mapper';
import { nurseryTestKit, PLACES, stockBody, UPCOMING } from './nursery-test-kit';

describe('haversine and the bounding box', () => {
  it('measures Bengaluru to Mysuru as about 128 km', () => {
    expect(haversineKm(PLACES.bengaluru, PLACES.mysuru)).toBeGreaterThan(120);
    expect(haversineKm(PLACES.bengaluru, PLACES.mysuru)).toBeLessThan(135);
  });
  it('splits a box that crosses the antimeridian and drops longitude near a pole', () => {
    expect(boundingBox({ lat: 0, lng: 179.5 }, 200).lngRanges).toHaveLength(2);
    expect(boundingBox({ lat: 89.5, lng: 0 }, 200).lngRanges).toEqual([]);
    const box = boundingBox(PLACES.bengaluru, 100);
    expect(box.minLat).toBeLessThan(PLACES.bengaluru.lat);
    expect(box.lngRanges[0]![0]).toBeLessThan(PLACES.bengaluru.lng);
  });
});

describe.each(databaseTargets)('nursery stock on $name', (target) => {
  const k = nurseryTestKit(target);
  beforeEach(() => k.setup());

  it('asks for a session on every stock endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/api/nursery/stock'],
      ['POST', '/api/nursery/stock'],
      ['PATCH', '/api/nursery/stock/x'],
      ['DELETE', '/api/nursery/stock/x'],
      ['GET', '/api/dashboard/nursery'],
    ] as const) {
      const res = await k.send(
        method,
        url,
        {},
        method === 'POST' || method === 'PATCH' ? stockBody() : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lets only nursery accounts add stock', async () => {
    for (const profile_type of ['individual', 'corporate'] as const) {
      const member = await k.signIn({ profile_type });
      const res = await k.send('POST', '/api/nursery/stock', member.headers, stockBody());
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(NURSERY_MESSAGES.nurseryOnly);
    }
    expect(await k.db().selectFrom('nursery_stock').selectAll().execute()).toHaveLength(0);
  });

  it.each([
    [{ speciesId: 71 }, 'speciesId', NURSERY_MESSAGES.speciesRequired],
    [{ size: 'huge' }, 'size', NURSERY_MESSAGES.sizeRequired],
    [{ quantityAvailable: -1 }, 'quantityAvailable', NURSERY_MESSAGES.quantityInvalid],
    [{ quantityAvailable: 1.5 }, 'quantityAvailable', NURSERY_MESSAGES.quantityInvalid],
    [{ priceMinor: 'free' }, 'priceMinor', NURSERY_MESSAGES.priceInvalid],
    [{ priceMinor: 100_001 }, 'priceConfirmed', NURSERY_MESSAGES.priceConfirm],
    [
      { priceMinor: 100_001, priceConfirmed: false },
      'priceConfirmed',
      NURSERY_MESSAGES.priceConfirm,
    ],
    [{ pickupLocation: '  ' }, 'pickupLocation', NURSERY_MESSAGES.locationRequired],
    [{ pickupLat: 91 }, 'pickupLat', 'Latitude must be between -90 and 90.'],
    [{ notes: 'x'.repeat(501) }, 'notes', NURSERY_MESSAGES.notesTooLong],
  ])('refuses %j with a clear 400', async (overrides, _field, message) => {
    const me = await k.nursery();
    const res = await k.send('POST', '/api/nursery/stock', me.headers, stockBody(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
  });

  it('adds, lists, changes and deletes its own stock', async () => {
    const me = await k.nursery();
    const created = await k.send('POST', '/api/nursery/stock', me.headers, stockBody());
    expect(created.statusCode).toBe(201);
    const stock = created.json().data;
    expect(stock).toMatchObject({
      nursery: { id: me.user.id, name: 'Green Roots Nursery' },
      species: { value: 1 },
      size: 'packet',
      quantityAvailable: 7,
      priceMinor: 250,
      currency: 'USD',
      lowStock: true,
      isMine: true,
    });

    const mine = await k.send('GET', '/api/nursery/stock?scope=mine', me.headers);
    expect(mine.json()).toMatchObject({ total: 1, page: 1, data: [{ id: stock.id }] });

    const patched = await k.send('PATCH', `/api/nursery/stock/${stock.id}`, me.headers, {
      quantityAvailable: 40,
      priceMinor: 300,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({
      quantityAvailable: 40,
      priceMinor: 300,
      lowStock: false,
      size: 'packet',
    });

    const bad = await k.send('PATCH', `/api/nursery/stock/${stock.id}`, me.headers, {
      size: 'tall',
    });
    expect(bad.statusCode).toBe(400);

    // A price above 1,000.00 a sapling is saved once the nursery confirms it (issue 25).
    const unconfirmed = await k.send('PATCH', `/api/nursery/stock/${stock.id}`, me.headers, {
      priceMinor: 250_000,
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().message).toBe(NURSERY_MESSAGES.priceConfirm);
    const confirmed = await k.send('PATCH', `/api/nursery/stock/${stock.id}`, me.headers, {
      priceMinor: 250_000,
      priceConfirmed: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.priceMinor).toBe(250_000);

    const gone = await k.send('DELETE', `/api/nursery/stock/${stock.id}`, me.headers);
    expect(gone.json()).toEqual({ success: true, message: NURSERY_MESSAGES.stockDeleted });
    expect((await k.send('GET', `/api/nursery/stock/${stock.id}`, me.headers)).statusCode).toBe(
      404,
    );
  });

  it("refuses another nursery's stock (403) and unknown stock (404)", async () => {
    const owner = await k.nursery();
    const other = await k.nursery({ name: 'Other Nursery' });
    const stock = await k.addStock(owner.headers);
    const patch = await k.send('PATCH', `/api/nursery/stock/${stock.id}`, other.headers, {
      priceMinor: 1,
    });
    expect(patch.statusCode).toBe(403);
    expect(patch.json().message).toBe(NURSERY_MESSAGES.stockNotYours);
    expect(
      (await k.send('DELETE', `/api/nursery/stock/${stock.id}`, other.headers)).statusCode,
    ).toBe(403);
    expect(
      (await k.send('PATCH', '/api/nursery/stock/nope', owner.headers, { priceMinor: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await k.send('DELETE', '/api/nursery/stock/nope', owner.headers)).statusCode).toBe(404);
    expect(await k.available(stock.id)).toBe(7);
  });

  it('finds stock nearest first within the radius, by species, paginated', async () => {
    const a = await k.nursery();
    const b = await k.nursery({ name: 'Mysuru Saplings' });
    const near = await k.addStock(a.headers, { quantityAvailable: 20 });
    const mysuru = await k.addStock(b.headers, {
      pickupLat: PLACES.mysuru.lat,
      pickupLng: PLACES.mysuru.lng,
      quantityAvailable: 30,
    });
    const delhi = await k.addStock(b.headers, {
      pickupLat: PLACES.delhi.lat,
      pickupLng: PLACES.delhi.lng,
    });
    const otherSpecies = await k.addStock(b.headers, {
      speciesId: 2,
      pickupLat: 12.3,
      pickupLng: 76.7,
    });
    const soldOut = await k.addStock(a.headers, { quantityAvailable: 0 });
    const member = await k.signIn();
    // From Mysuru: the Mysuru line first, then Bengaluru; Delhi is outside 200 km.
    const res = await k.send(
      'GET',
      '/api/nursery/stock?species=1&near=12.30,76.64&radiusKm=200',
      member.headers,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((s: { id: string }) => s.id)).toEqual([mysuru.id, near.id]);
    expect(body.total).toBe(2);
    expect(body.data[0].distanceKm).toBeLessThan(2);
    expect(body.data[1].distanceKm).toBeGreaterThan(120);
    expect(body.data[0].isMine).toBe(false);

    const page2 = await k.send(
      'GET',
      '/api/nursery/stock?species=1&near=12.30,76.64&radiusKm=200&limit=1&page=2',
      member.headers,
    );
    expect(page2.json().data.map((s: { id: string }) => s.id)).toEqual([near.id]);

    const all = await k.send('GET', '/api/nursery/stock', member.headers);
    const ids = all.json().data.map((s: { id: string }) => s.id);
    expect(ids).toEqual(expect.arrayContaining([near.id, mysuru.id, delhi.id, otherSpecies.id]));
    expect(ids).not.toContain(soldOut.id);
  });

  it.each([
    ['near=abc', NURSERY_MESSAGES.nearInvalid],
    ['near=95,10', NURSERY_MESSAGES.nearInvalid],
    ['near=10,10&radiusKm=0', NURSERY_MESSAGES.radiusInvalid],
    ['species=99', NURSERY_MESSAGES.speciesRequired],
    ['limit=500', 'limit must be between 1 and 100.'],
  ])('refuses the query %s with a 400', async (query, message) => {
    const member = await k.signIn();
    const res = await k.send('GET', `/api/nursery/stock?${query}`, member.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('keeps stock with open reservations, and hides (not deletes) stock reservations named', async () => {
    const nursery = await k.nursery();
    const organiser = await k.organiser();
    const drive = await k.insertDrive(organiser.user.id, { starts_at: UPCOMING });
    const stock = await k.addStock(nursery.headers);
    const reserved = await k.reserve(organiser.headers, drive.id, stock.id, 2);
    const refused = await k.send('DELETE', `/api/nursery/stock/${stock.id}`, nursery.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(NURSERY_MESSAGES.stockHasOpenReservations);

    await k.act(nursery.headers, reserved.json().data.id, 'confirm');
    await k.act(nursery.headers, reserved.json().data.id, 'deliver');
    expect(
      (await k.send('DELETE', `/api/nursery/stock/${stock.id}`, nursery.headers)).statusCode,
    ).toBe(200);
    const row = await k
      .db()
      .selectFrom('nursery_stock')
      .selectAll()
      .where('id', '=', stock.id)
      .executeTakeFirst();
    expect(row?.removed_at).not.toBeNull();
    // The delivered reservation still reads its species and nursery.
    const list = await k.send('GET', `/api/drives/${drive.id}/reservations`, organiser.headers);
    expect(list.json().data[0]).toMatchObject({
      status: 'delivered',
      stock: { species: { value: 1 } },
    });
  });
});
