import { afterEach, describe, expect, it } from 'vitest';
import { DRIVE_MAP_EXACT_ZOOM } from '../../../contract/drives';
import { MAP_VIEW_MESSAGES } from '../../../contract/map-view';
import { buildDrive, buildUser } from '../../../tests/support/factories';
import { signedInUser } from '../../../tests/support/signed-in';
import { buildTestApp, movableClock, type TestApp } from '../../../tests/support/test-app';
import { databaseTargets } from '../../../tests/support/test-database';
import type { NewDrive } from '../../db/tables';
import { driveMapRepository } from './drive-map.repository';
import { timeSplit } from './drive-map';

/**
 * GET /api/drives/map by view (issue 20, docs/decisions/drives-map-clusters.md): clusters from the
 * drives' grid (`drive_map_cells`, kept by triggers) below DRIVE_MAP_EXACT_ZOOM, the drives one by
 * one closer in; the old call without a view still lists drives.
 */
const NOW = '2026-06-15T12:00:00.000Z';
const WORLD = 'bbox=-180,-90,180,90&zoom=2';
const DELHI = { lat: 28.6, lng: 77.2 };
const MADRID = { lat: 40.4168, lng: -3.7038 };
const DAY = 86_400_000;

interface Answer {
  success: true;
  data: { id: string; driveName: string; driveLat: number; driveLong: number }[];
  clusters: { lat: number; lng: number; count: number }[];
  truncated: boolean;
}
const total = (a: Answer) => a.data.length + a.clusters.reduce((n, c) => n + c.count, 0);

describe.each(databaseTargets)('drives map on $name', (target) => {
  const clock = movableClock(NOW);
  let t: TestApp;
  afterEach(async () => t?.close());

  async function setup() {
    clock.set(NOW);
    t = await buildTestApp(target, { clock });
    const db = t.database.db;
    const organiser = buildUser({ profile_type: 'corporate' });
    await db.insertInto('users').values(organiser).execute();
    const me = await signedInUser(t.app, db);
    return { db, organiser, me };
  }
  const ask = async (headers: Record<string, string>, query: string) => {
    // Each look after a write is a fresh read: the shared answers last 2 s.
    clock.advance(3_000);
    const res = await t.app.inject({ method: 'GET', url: `/api/drives/map?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Answer>();
  };
  /** Drives around a place, `days` from now each (a little apart, so none share a place). */
  const around = (organiserId: string, at: typeof DELHI, days: number[], extra = {}) =>
    days.map((d, i) =>
      buildDrive(organiserId, {
        name: `Drive ${at.lat} ${d} ${i}`,
        lat: at.lat + i * 0.001,
        lng: at.lng + i * 0.001,
        starts_at: new Date(Date.parse(NOW) + d * DAY).toISOString(),
        ...extra,
      }),
    );

  it('needs a session', async () => {
    await setup();
    const res = await t.app.inject({ method: 'GET', url: `/api/drives/map?${WORLD}` });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a bad box or zoom with a clear 400', async () => {
    const { me } = await setup();
    const cases: [string, string][] = [
      ['bbox=1,2,3&zoom=2', MAP_VIEW_MESSAGES.bboxShape],
      ['bbox=a,b,c,d&zoom=2', MAP_VIEW_MESSAGES.bboxShape],
      ['bbox=0,10,1,5&zoom=2', MAP_VIEW_MESSAGES.bboxRange],
      ['bbox=0,80,1,95&zoom=2', MAP_VIEW_MESSAGES.bboxRange],
      ['bbox=-181,0,1,5&zoom=2', MAP_VIEW_MESSAGES.bboxRange],
      [`${WORLD.split('&')[0]}&zoom=21`, MAP_VIEW_MESSAGES.zoom],
      [`${WORLD.split('&')[0]}&zoom=-1`, MAP_VIEW_MESSAGES.zoom],
      [`${WORLD.split('&')[0]}&zoom=2.5`, MAP_VIEW_MESSAGES.zoom],
      [`${WORLD.split('&')[0]}&zoom=near`, MAP_VIEW_MESSAGES.zoom],
      [`${WORLD}&when=soon`, 'when must be upcoming or past.'],
    ];
    for (const [query, message] of cases) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/drives/map?${query}`,
        headers: me.headers,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ success: false, message, code: 'VALIDATION_FAILED' });
    }
  });

  it('clusters at low zoom and sends the drives one by one closer in', async () => {
    const { db, organiser, me } = await setup();
    const delhi = around(organiser.id, DELHI, [2, 20, 40, 70, 200]);
    const madrid = around(organiser.id, MADRID, [30], { country: 'ES' });
    const past = around(organiser.id, DELHI, [-3, -100], { name: 'Past drive' });
    await db
      .insertInto('drives')
      .values([...delhi, ...madrid, ...past])
      .execute();

    const world = await ask(me.headers, `when=upcoming&${WORLD}`);
    expect(world.truncated).toBe(false);
    expect(world.clusters).toHaveLength(1);
    expect(world.clusters[0]!.count).toBe(5);
    expect(world.clusters[0]!.lat).toBeCloseTo(28.602, 3);
    expect(world.clusters[0]!.lng).toBeCloseTo(77.202, 3);
    // Madrid's drive is alone in its cell: sent as itself.
    expect(world.data.map((d) => d.id)).toEqual([madrid[0]!.id]);

    const pastWorld = await ask(me.headers, `when=past&${WORLD}`);
    expect(pastWorld.clusters).toEqual([{ lat: 28.6005, lng: 77.2005, count: 2 }]);
    expect(pastWorld.data).toEqual([]);

    // The country filter: only Spain's drive.
    const spain = await ask(me.headers, `when=upcoming&country=ES&${WORLD}`);
    expect(spain.clusters).toEqual([]);
    expect(spain.data.map((d) => d.id)).toEqual([madrid[0]!.id]);

    // A street zoom around Delhi's drives: each one, soonest first, no clusters.
    const street = await ask(
      me.headers,
      `when=upcoming&bbox=77.19,28.59,77.21,28.61&zoom=${DRIVE_MAP_EXACT_ZOOM + 1}`,
    );
    expect(street.clusters).toEqual([]);
    expect(street.data.map((d) => d.id)).toEqual(delhi.map((d) => d.id));

    // A date range cutting months in the middle: the grid's whole months and the drives at either end.
    const from = new Date(Date.parse(NOW) + 10 * DAY).toISOString().slice(0, 10);
    const to = new Date(Date.parse(NOW) + 100 * DAY).toISOString().slice(0, 10);
    const ranged = await ask(me.headers, `when=upcoming&from=${from}&to=${to}&${WORLD}`);
    expect(total(ranged)).toBe(4);

    // A search text: the matching drives, grouped the same way.
    const searched = await ask(me.headers, `when=past&q=past&${WORLD}`);
    expect(searched.clusters.map((c) => c.count)).toEqual([2]);

    // The old call without a view still lists the drives themselves.
    const old = await ask(me.headers, 'when=upcoming');
    expect(old.clusters).toEqual([]);
    expect(old.data).toHaveLength(6);
  });

  it('counts every drive of the filter once at a world view, whatever their months', async () => {
    const { db, organiser, me } = await setup();
    // Drives every 9 days from 400 days ago to 400 ahead, in three places and two countries.
    const places = [DELHI, MADRID, { lat: -33.86, lng: 151.2 }];
    const drives: NewDrive[] = [];
    for (let d = -400, i = 0; d <= 400; d += 9, i++) {
      const at = places[i % 3]!;
      drives.push(
        ...around(organiser.id, at, [d + (i % 5) / 10], {
          country: at === MADRID ? 'ES' : at === DELHI ? 'IN' : 'AU',
          lat: at.lat + (i % 7) * 0.01,
          lng: at.lng + (i % 11) * 0.01,
        }),
      );
    }
    await db.insertInto('drives').values(drives).execute();
    const now = Date.parse(NOW);
    const when = (iso: string, w: string) =>
      w === 'upcoming' ? Date.parse(iso) >= now : Date.parse(iso) < now;
    for (const [query, keep] of [
      ['when=upcoming', (d: NewDrive) => when(d.starts_at, 'upcoming')],
      ['when=past', (d: NewDrive) => when(d.starts_at, 'past')],
      [
        'when=upcoming&country=ES',
        (d: NewDrive) => when(d.starts_at, 'upcoming') && d.country === 'ES',
      ],
      [
        'when=past&from=2025-12-03&to=2026-02-17',
        (d: NewDrive) =>
          when(d.starts_at, 'past') && d.starts_at >= '2025-12-03' && d.starts_at < '2026-02-18',
      ],
      [
        'when=upcoming&from=2026-06-20&to=2026-06-29',
        (d: NewDrive) => d.starts_at >= '2026-06-20' && d.starts_at < '2026-06-30',
      ],
    ] as const) {
      const answer = await ask(me.headers, `${query}&${WORLD}`);
      expect(total(answer), query).toBe(drives.filter(keep).length);
      for (const point of answer.data)
        expect(drives.filter(keep).map((d) => d.id)).toContain(point.id);
    }
  });

  it('keeps the grid right through creating, editing and deleting drives', async () => {
    const { db, organiser, me } = await setup();
    const grid = driveMapRepository(db);
    const drives = around(organiser.id, DELHI, [5, 35, 65, -20]);
    await db.insertInto('drives').values(drives).execute();
    expect(await grid.gridDifferences()).toBe(0);
    expect(total(await ask(me.headers, `when=upcoming&${WORLD}`))).toBe(3);

    // Moved to Madrid and to another month: the grid follows in the same statement.
    await db
      .updateTable('drives')
      .set({
        lat: MADRID.lat,
        lng: MADRID.lng,
        country: 'ES',
        starts_at: '2026-12-01T10:00:00.000Z',
      })
      .where('id', '=', drives[0]!.id)
      .execute();
    // An edit that does not move it on the map changes nothing there.
    await db
      .updateTable('drives')
      .set({ name: 'Renamed' })
      .where('id', '=', drives[1]!.id)
      .execute();
    expect(await grid.gridDifferences()).toBe(0);
    const moved = await ask(me.headers, `when=upcoming&${WORLD}`);
    expect(moved.data.map((d) => d.id)).toEqual([drives[0]!.id]);
    expect(moved.clusters.map((c) => c.count)).toEqual([2]);

    await db.deleteFrom('drives').where('id', 'in', [drives[0]!.id, drives[1]!.id]).execute();
    expect(await grid.gridDifferences()).toBe(0);
    const left = await ask(me.headers, `when=upcoming&${WORLD}`);
    expect(left.clusters).toEqual([]);
    expect(left.data.map((d) => d.id)).toEqual([drives[2]!.id]);

    // Emptied cells go: only the two drives left have rows.
    const rows = await db.selectFrom('drive_map_cells').select(['drives']).execute();
    expect(rows.every((r) => Number(r.drives) > 0)).toBe(true);
    await db.deleteFrom('drives').execute();
    expect(await db.selectFrom('drive_map_cells').selectAll().execute()).toEqual([]);
  });
});

describe('timeSplit', () => {
  it('splits a range into whole months and the partial months at either end', () => {
    expect(timeSplit({ when: 'upcoming', now: '2026-06-15T12:00:00.000Z' })).toEqual({
      empty: false,
      fromMonth: '2026-07',
      toMonth: null,
      none: false,
      partial: [['2026-06-15T12:00:00.000Z', '2026-07-01T00:00:00.000Z']],
    });
    expect(
      timeSplit({
        when: 'past',
        now: '2026-06-15T12:00:00.000Z',
        startsFrom: '2026-03-01T00:00:00.000Z',
      }),
    ).toEqual({
      empty: false,
      fromMonth: '2026-03',
      toMonth: '2026-06',
      none: false,
      partial: [['2026-06-01T00:00:00.000Z', '2026-06-15T12:00:00.000Z']],
    });
    expect(
      timeSplit({
        when: 'upcoming',
        now: '2026-06-15T12:00:00.000Z',
        startsFrom: '2026-06-20T00:00:00.000Z',
        startsBefore: '2026-06-25T00:00:00.000Z',
      }).partial,
    ).toEqual([['2026-06-20T00:00:00.000Z', '2026-06-25T00:00:00.000Z']]);
    expect(
      timeSplit({
        when: 'past',
        now: '2026-06-15T12:00:00.000Z',
        startsFrom: '2026-07-01T00:00:00.000Z',
      }).empty,
    ).toBe(true);
  });
});
