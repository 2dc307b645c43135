import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  forestVisibilityResponseSchema,
  publicForestResponseSchema,
  publicGiftResponseSchema,
  SHARING_MESSAGES,
} from '../../../contract/forest-sharing';
import { DELETE_CONFIRMATION_WORD } from '../../../contract/users';
import { buildDonation } from '../../../tests/support/factories';
import { signedInUser, TEST_PASSWORD } from '../../../tests/support/signed-in';
import { buildTestApp, type TestApp } from '../../../tests/support/test-app';
import { databaseTargets } from '../../../tests/support/test-database';
import type { NewDonation } from '../../db/tables';
import { treesTestKit, type Headers } from '../trees/tree-test-kit';
import { withShareMeta } from './share-meta';

const EXACT_LAT = 28.593312;
const EXACT_LNG = 77.219754;

describe.each(databaseTargets)('sharing a forest ($name)', (target) => {
  const kit = treesTestKit(target);
  beforeEach(() => kit.setup());

  const put = (headers: Headers, body: object) =>
    kit.call('PUT', '/api/forest/visibility', headers, body);

  async function paidGift(donorId: string, trees: number, overrides: Partial<NewDonation> = {}) {
    const gift = buildDonation(donorId, {
      kind: 'trees',
      trees,
      amount_minor: trees * 100,
      paid_at: '2026-05-01T00:00:00.000Z',
      ...overrides,
    });
    await kit.db().insertInto('donations').values(gift).execute();
    return gift;
  }

  /** A donor whose 3-tree gift is planted at a drive (registered by its organiser, with a photo). */
  async function plantedGift(anonymous = false) {
    const organiser = await kit.signIn();
    const donor = await kit.signIn({ name: 'Asha Rao' });
    const drive = await kit.insertDrive(organiser.user.id, { name: 'River oaks' });
    const gift = await paidGift(donor.user.id, 3, {
      drive_id: drive.id,
      anonymous: anonymous ? 1 : 0,
    });
    const res = await kit.register(organiser.headers, {
      driveId: drive.id,
      treeCount: '5',
      treeLat: String(EXACT_LAT),
      treeLong: String(EXACT_LNG),
      treeLocation: '12 Lodhi Road, Lodhi Garden, New Delhi',
    });
    expect(res.statusCode, res.body).toBe(201);
    return { organiser, donor, drive, gift };
  }

  it('refuses a caller without a session, and invalid handles with clear messages', async () => {
    expect((await kit.call('GET', '/api/forest/visibility')).statusCode).toBe(401);
    expect((await put({}, { public: true, handle: 'asha' })).statusCode).toBe(401);
    const { headers } = await kit.signIn();
    const cases: Array<[object, string]> = [
      [{ public: true }, SHARING_MESSAGES.handleRequired],
      [{ public: true, handle: 'ab' }, SHARING_MESSAGES.handleLength],
      [{ public: true, handle: 'a'.repeat(31) }, SHARING_MESSAGES.handleLength],
      [{ public: true, handle: 'asha_rao' }, SHARING_MESSAGES.handleCharacters],
      [{ public: true, handle: '-asha' }, SHARING_MESSAGES.handleCharacters],
      [{ public: true, handle: 'as--ha' }, SHARING_MESSAGES.handleCharacters],
      [{ public: true, handle: 'admin' }, SHARING_MESSAGES.handleReserved],
    ];
    for (const [body, message] of cases) {
      const res = await put(headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await put(headers, { public: 'yes', handle: 'asha' })).statusCode).toBe(400);
    expect((await put(headers, { public: true, handle: 'asha', extra: 1 })).statusCode).toBe(400);
  });

  it('is private by default; public with a handle, then private again keeping the handle', async () => {
    const { headers } = await kit.signIn();
    const read = async () =>
      forestVisibilityResponseSchema.parse(
        (await kit.call('GET', '/api/forest/visibility', headers)).json(),
      ).data;
    expect(await read()).toEqual({ public: false, handle: null, path: null });

    const made = await put(headers, { public: true, handle: '  Asha-Rao ' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      message: SHARING_MESSAGES.madePublic,
      data: { public: true, handle: 'asha-rao', path: '/forest/asha-rao' },
    });
    expect(await read()).toEqual({ public: true, handle: 'asha-rao', path: '/forest/asha-rao' });
    expect((await kit.call('GET', '/api/public/forests/asha-rao')).statusCode).toBe(200);

    expect((await put(headers, { public: false })).statusCode).toBe(200);
    expect(await read()).toEqual({ public: false, handle: 'asha-rao', path: null });
    const hidden = await kit.call('GET', '/api/public/forests/asha-rao');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(SHARING_MESSAGES.forestNotFound);
    expect((await kit.call('GET', '/api/public/forests/asha-rao/card.png')).statusCode).toBe(404);
    // Public again without naming the handle: the kept one.
    expect((await put(headers, { public: true, handle: '' })).statusCode).toBe(400);
  });

  it('a handle another member holds is taken (409), even while their forest is private', async () => {
    const first = await kit.signIn();
    const second = await kit.signIn();
    expect((await put(first.headers, { public: true, handle: 'green-team' })).statusCode).toBe(200);
    expect((await put(first.headers, { public: false })).statusCode).toBe(200);
    const res = await put(second.headers, { public: true, handle: 'green-team' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: SHARING_MESSAGES.handleTaken, field: 'handle' });
    // The second member cannot change the first's settings: their own stay private.
    const own = await kit.call('GET', '/api/forest/visibility', second.headers);
    expect(own.json().data).toEqual({ public: false, handle: null, path: null });
    // The holder may keep or change theirs.
    expect((await put(first.headers, { public: true, handle: 'green-team' })).statusCode).toBe(200);
    expect((await put(first.headers, { public: true, handle: 'greener' })).statusCode).toBe(200);
    expect((await put(second.headers, { public: true, handle: 'green-team' })).statusCode).toBe(
      200,
    );
  });

  it('shows a public forest: counts, species, rounded places, impact; never exact coordinates', async () => {
    const { donor } = await plantedGift();
    const own = await kit.register(donor.headers, { treeCount: '2', treesType: '5' });
    expect(own.statusCode, own.body).toBe(201);
    expect((await put(donor.headers, { public: true, handle: 'asha' })).statusCode).toBe(200);

    const res = await kit.call('GET', '/api/public/forests/ASHA');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const forest = publicForestResponseSchema.parse(res.json()).data;
    expect(forest).toMatchObject({ handle: 'asha', name: 'Asha Rao', path: '/forest/asha' });
    expect(forest.summary).toEqual({ funded: 3, planted: 5, alive: 5 });
    expect(forest.species.map((s) => [s.value, s.plants]).sort()).toEqual([
      [1, 3],
      [5, 2],
    ]);
    expect(forest.trees.map((t) => t.plants).sort()).toEqual([2, 3]);
    for (const tree of forest.trees) {
      expect(tree.lat).toBe(28.593);
      expect(tree.lng).toBe(77.22);
      expect(tree.location).not.toMatch(/\d/);
    }
    expect(forest.impact.trees).toBe(2);
    expect(forest.impact.co2Kg.high).toBeGreaterThanOrEqual(forest.impact.co2Kg.low);
    expect(res.body).not.toContain(String(EXACT_LAT));
    expect(res.body).not.toContain(String(EXACT_LNG));
    expect(res.body).not.toContain('@');

    const card = await kit.call('GET', '/api/public/forests/asha/card.png');
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    expect(card.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const meta = await sharp(card.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
  });

  it('answers 404 for an unknown handle and a bad one', async () => {
    expect((await kit.call('GET', '/api/public/forests/nobody-here')).statusCode).toBe(404);
    expect((await kit.call('GET', `/api/public/forests/${'x'.repeat(40)}`)).statusCode).toBe(400);
    expect((await kit.call('GET', '/api/public/forests/nobody/card.png')).statusCode).toBe(404);
  });

  it('shows a paid tree gift by its id, naming the donor unless anonymous', async () => {
    const { gift, drive } = await plantedGift();
    const res = await kit.call('GET', `/api/public/gifts/${gift.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = publicGiftResponseSchema.parse(res.json()).data;
    expect(data).toMatchObject({
      id: gift.id,
      path: `/gift/${gift.id}`,
      donorName: 'Asha Rao',
      trees: 3,
      planted: 3,
      status: 'planted',
      driveName: drive.name,
    });
    expect(data.plantings).toHaveLength(1);
    expect(data.plantings[0]).toMatchObject({ plants: 3, lat: 28.593, lng: 77.22 });
    expect(res.body).not.toContain(String(EXACT_LAT));

    const card = await kit.call('GET', `/api/public/gifts/${gift.id}/card.png`);
    expect(card.statusCode).toBe(200);
    const meta = await sharp(card.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);

    const anonymous = await plantedGift(true);
    const hidden = await kit.call('GET', `/api/public/gifts/${anonymous.gift.id}`);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().data.donorName).toBeNull();
    expect(hidden.body).not.toContain('Asha');
  });

  it('has no page for a gift that is not a paid tree gift', async () => {
    const { user } = await kit.signIn();
    const pending = await paidGift(user.id, 2, { status: 'pending', paid_at: null });
    const cash = await paidGift(user.id, 0, { kind: 'cash' });
    const refunded = await paidGift(user.id, 2, { status: 'refunded' });
    for (const id of [pending.id, cash.id, refunded.id, 'no-such-gift']) {
      const res = await kit.call('GET', `/api/public/gifts/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe(SHARING_MESSAGES.giftNotFound);
      expect((await kit.call('GET', `/api/public/gifts/${id}/card.png`)).statusCode).toBe(404);
    }
  });

  it('a deleted account’s forest is no longer public and its handle is free', async () => {
    const member = await kit.signIn();
    expect((await put(member.headers, { public: true, handle: 'leaving' })).statusCode).toBe(200);
    const gone = await kit.call('DELETE', '/api/users/me', member.headers, {
      password: TEST_PASSWORD,
      confirm: DELETE_CONFIRMATION_WORD,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await kit.call('GET', '/api/public/forests/leaving')).statusCode).toBe(404);
    const rows = await kit.db().selectFrom('forest_profiles').selectAll().execute();
    expect(rows).toEqual([]);
    const next = await kit.signIn();
    expect((await put(next.headers, { public: true, handle: 'leaving' })).statusCode).toBe(200);
  });
});

describe('the public pages’ link previews (Open Graph, Twitter card)', () => {
  let t: TestApp;
  let dist: string;
  const INDEX =
    '<!doctype html><html><head><meta name="description" content="app" /><title>Canopy</title></head><body><div id="root"></div></body></html>';
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    t = await buildTestApp(
      { name: 'sqlite' },
      { config: { webDistDir: dist, appUrl: 'https://canopy.example' } },
    );
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('puts the forest’s tags into /forest/{handle}, and 404s the plain page when private', async () => {
    const member = await signedInUser(t.app, t.database.db, { name: 'Jo <b>"Green"</b>' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/forest/visibility',
      headers: member.headers,
      payload: { public: true, handle: 'jo-green' },
    });
    const res = await t.app.inject({ method: 'GET', url: '/forest/jo-green' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain(
      '<meta property="og:image" content="https://canopy.example/api/public/forests/jo-green/card.png">',
    );
    expect(html).toContain(
      '<meta property="og:url" content="https://canopy.example/forest/jo-green">',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('og:title" content="Jo &lt;b&gt;&quot;Green&quot;&lt;/b&gt;’s forest');
    expect(html).not.toContain('<b>"Green"');
    expect(html).not.toContain('content="app"');
    expect(html).toContain('<div id="root"></div>');

    await t.app.inject({
      method: 'PUT',
      url: '/api/forest/visibility',
      headers: member.headers,
      payload: { public: false },
    });
    const hidden = await t.app.inject({ method: 'GET', url: '/forest/jo-green' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe(INDEX);
    expect((await t.app.inject({ method: 'GET', url: '/gift/nope' })).statusCode).toBe(404);
  });

  it('puts a paid tree gift’s tags into /gift/{id}, never naming an anonymous donor', async () => {
    const donor = await signedInUser(t.app, t.database.db, { name: 'Asha Rao' });
    const named = buildDonation(donor.user.id, { kind: 'trees', trees: 3, amount_minor: 300 });
    const hidden = buildDonation(donor.user.id, {
      kind: 'trees',
      trees: 2,
      amount_minor: 200,
      anonymous: 1,
    });
    const cash = buildDonation(donor.user.id, { kind: 'cash' });
    await t.database.db.insertInto('donations').values([named, hidden, cash]).execute();

    const res = await t.app.inject({ method: 'GET', url: `/gift/${named.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(
      `<meta property="og:image" content="https://canopy.example/api/public/gifts/${named.id}/card.png">`,
    );
    expect(res.body).toContain(
      `<meta property="og:url" content="https://canopy.example/gift/${named.id}">`,
    );
    expect(res.body).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(res.body).toContain('og:title" content="Asha Rao gave 3 trees on Canopy');

    const anonymous = await t.app.inject({ method: 'GET', url: `/gift/${hidden.id}` });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).toContain('og:title" content="Someone gave 2 trees on Canopy');
    expect(anonymous.body).not.toContain('Asha');

    // A cash gift has no gift page.
    const none = await t.app.inject({ method: 'GET', url: `/gift/${cash.id}` });
    expect(none.statusCode).toBe(404);
    expect(none.body).toBe(INDEX);
  });

  it('escapes every value and leaves replacement patterns alone', () => {
    const html = withShareMeta(INDEX, {
      title: "$& $' <script>",
      description: 'a & b',
      url: 'https://x/forest/a',
      image: 'https://x/i.png',
      imageAlt: '"alt"',
    });
    expect(html).toContain('<title>$&amp; $&#39; &lt;script&gt;</title>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('content="a &amp; b"');
  });
});
