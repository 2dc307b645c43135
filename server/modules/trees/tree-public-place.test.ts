import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGeocoderStub, type GeocoderStub } from '../../../tests/support/geocoder-stub';
import { databaseTargets } from '../../../tests/support/test-database';
import { treesTestKit } from './tree-test-kit';

// Issue 25, security 1: the place other members see is named by a neighbourhood-level reverse
// geocode of the point when the tree is registered or moved, never cut from the private address.
describe.each(databaseTargets)('the public place of a tree on $name', (target) => {
  const kit = treesTestKit(target);
  let geocoder: GeocoderStub;
  beforeAll(async () => {
    geocoder = await startGeocoderStub();
  });
  afterAll(() => geocoder.close());

  const placeSeenBy = async (headers: Record<string, string>, id: string) => {
    const res = await kit.call('GET', `/api/trees/${id}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.tree.location as string;
  };
  /** A pass, a minute after the last (the geocoder's shared slot runs on the app's clock). */
  const pass = () => {
    kit.clock.advance(60_000);
    return kit.services().trees.namePublicPlaces();
  };
  const stored = async (id: string) =>
    (
      await kit
        .db()
        .selectFrom('trees')
        .select('public_place')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).public_place;

  it('names the area around the point, shows it to others, and names it again after a move', async () => {
    await kit.setup({ geocoderUrl: geocoder.url });
    const owner = await kit.signIn();
    const other = await kit.signIn();
    const private_ = 'Rose Cottage, Mill Lane, Little Snoring';
    const res = await kit.register(owner.headers, { treeLocation: private_ });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.tree.id as string;

    // Before the pass others see no place at all, never a cut of the address.
    expect(await placeSeenBy(other.headers, id)).toBe('');
    expect(await placeSeenBy(owner.headers, id)).toBe(private_);

    const sent = geocoder.requests.length;
    expect(await pass()).toBe(1);
    const asked = geocoder.requests.slice(sent);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      path: '/reverse',
      query: { zoom: '14', addressdetails: '1', lat: '28.59', lon: '77.22' },
    });
    expect(await placeSeenBy(other.headers, id)).toBe('Lodhi Colony, New Delhi, India');
    expect(await placeSeenBy(owner.headers, id)).toBe(private_);
    // Nothing left to name: a second pass asks nothing.
    expect(await pass()).toBe(0);

    const moved = await kit.sendForm('PATCH', `/api/trees/${id}`, owner.headers, {
      treeLat: '51.507300',
      treeLong: '-0.165700',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await stored(id)).toBeNull();
    expect(await placeSeenBy(other.headers, id)).toBe('');
    expect(await pass()).toBe(1);
    expect(await placeSeenBy(other.headers, id)).toBe('Mayfair, London, United Kingdom');

    // An edit that keeps the point keeps the name.
    const renamed = await kit.sendForm('PATCH', `/api/trees/${id}`, owner.headers, {
      treeName: 'Hyde Park oak',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await stored(id)).toBe('Mayfair, London, United Kingdom');
  });

  it('shows nothing where the geocoder names nothing, whatever digits the address has', async () => {
    await kit.setup({ geocoderUrl: geocoder.url });
    const owner = await kit.signIn();
    const other = await kit.signIn();
    // Arabic-Indic and full-width digits, at a point the stub's gazetteer does not know.
    const res = await kit.register(owner.headers, {
      treeLocation: '١٢ شارع النيل, ＡＢ１２３, Zamalek',
      treeLat: '30.060000',
      treeLong: '31.220000',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.tree.id as string;
    expect(await pass()).toBe(1);
    expect(await stored(id)).toBe('');
    expect(await placeSeenBy(other.headers, id)).toBe('');
  });

  it('waits for the geocoder when it fails, and names the tree on a later pass', async () => {
    await kit.setup({ geocoderUrl: geocoder.url });
    const owner = await kit.signIn();
    const res = await kit.register(owner.headers);
    const id = res.json().data.tree.id as string;
    geocoder.failWith('error');
    try {
      expect(await pass()).toBe(0);
    } finally {
      geocoder.failWith(null);
    }
    expect(await stored(id)).toBeNull();
    expect(await pass()).toBe(1);
    expect(await stored(id)).toBe('Lodhi Colony, New Delhi, India');
  });
});
