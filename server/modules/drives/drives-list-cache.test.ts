import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  driveListResponseSchema,
  driveMapResponseSchema,
  type Drive,
} from '../../../contract/drives';
import { buildDrive, buildUser, insertUser } from '../../../tests/support/factories';
import { signedInUser, TEST_PASSWORD } from '../../../tests/support/signed-in';
import { buildTestApp, movableClock, type TestApp } from '../../../tests/support/test-app';
import { databaseTargets } from '../../../tests/support/test-database';
import type { NewUser } from '../../db/tables';
import { driveImage, sendForm, validForm } from './drive-test-kit';

type Headers = Record<string, string>;
const NOW = '2026-06-01T10:00:00.000Z';

/**
 * The Plantations list shares one read of a page between callers for a moment (drive-list-page.ts,
 * on the read cache). Every write on this server must show on the very next request, and the
 * per-caller fields must be each caller's own.
 */
describe.each(databaseTargets)('Plantations list cache on $name', (target) => {
  let t: TestApp;
  const clock = movableClock(NOW);
  afterEach(async () => t?.close());

  const setup = async () => {
    clock.set(NOW);
    t = await buildTestApp(target, { clock });
  };
  const db = () => t.database.db;
  const signIn = (overrides: Partial<NewUser> = {}) => signedInUser(t.app, db(), overrides);
  async function list(headers: Headers, query = '') {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/trees/geteventdetail${query}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // The answer still meets the documented schema exactly.
    const body = res.json();
    expect(driveListResponseSchema.parse(body)).toEqual(body);
    return body as { data: Drive[]; total: number };
  }
  /** Several requests, so the page is certainly cached. */
  async function warm(headers: Headers, query = '') {
    for (let i = 0; i < 2; i++) await list(headers, query);
    return list(headers, query);
  }
  const summary = (body: { data: Drive[] }) =>
    body.data.map((d) => [d.driveName, d.participantCount, d.joined, d.isOrganizer]);

  it('shows a new drive, an edit and a deletion at once', async () => {
    await setup();
    const organiser = await signIn({ profile_type: 'corporate', name: 'Greenleaf Industries' });
    const member = await signIn();
    expect((await warm(member.headers)).total).toBe(0);
    const created = await sendForm(
      t.app,
      'POST',
      '/api/add_drivetreeinfo',
      organiser.headers,
      validForm(),
      { data: await driveImage() },
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().data.data.id as string;
    expect(summary(await list(member.headers))).toEqual([
      ['Monsoon Mangrove Day', 0, false, false],
    ]);
    expect(summary(await list(organiser.headers))).toEqual([
      ['Monsoon Mangrove Day', 0, false, true],
    ]);

    const edited = await sendForm(
      t.app,
      'PUT',
      `/api/drives/${id}`,
      organiser.headers,
      validForm({ driveName: 'Creek Planting' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(summary(await list(member.headers))).toEqual([['Creek Planting', 0, false, false]]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/drives/${id}`,
      headers: organiser.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await list(member.headers)).total).toBe(0);
  });

  it('shows a join and a leave at once, in joined and the count, each caller seeing their own', async () => {
    await setup();
    const organiser = await insertUser(db(), { profile_type: 'corporate' });
    const drive = buildDrive(organiser.id, {
      name: 'Hill Forest',
      starts_at: '2026-06-20T08:00:00.000Z',
    });
    await db().insertInto('drives').values(drive).execute();
    const alice = await signIn();
    const bob = await signIn();
    await warm(alice.headers);
    await warm(bob.headers);
    const participation = (method: 'POST' | 'DELETE', headers: Headers) =>
      t.app.inject({ method, url: `/api/drives/${drive.id}/participants`, headers });

    expect((await participation('POST', alice.headers)).statusCode).toBe(200);
    expect(summary(await list(alice.headers))).toEqual([['Hill Forest', 1, true, false]]);
    expect(summary(await list(bob.headers))).toEqual([['Hill Forest', 1, false, false]]);
    expect((await participation('POST', bob.headers)).statusCode).toBe(200);
    expect(summary(await list(bob.headers))).toEqual([['Hill Forest', 2, true, false]]);
    expect((await participation('DELETE', alice.headers)).statusCode).toBe(200);
    expect(summary(await list(alice.headers))).toEqual([['Hill Forest', 1, false, false]]);
    expect(summary(await list(bob.headers))).toEqual([['Hill Forest', 1, true, false]]);
  });

  it('shows an organiser rename at once, and drops the drives of a deleted account', async () => {
    await setup();
    const organiser = await signIn({ profile_type: 'corporate', name: 'Old Name' });
    await db()
      .insertInto('drives')
      .values(buildDrive(organiser.user.id, { starts_at: '2026-06-20T08:00:00.000Z' }))
      .execute();
    const member = await signIn();
    expect((await warm(member.headers)).data[0]!.organizer.name).toBe('Old Name');
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: organiser.headers,
      payload: { name: 'New Name', username: organiser.user.username, bio: '', location: '' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await list(member.headers)).data[0]!.organizer.name).toBe('New Name');

    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: organiser.headers,
      payload: { password: TEST_PASSWORD, confirm: 'DELETE' },
    });
    expect(gone.statusCode).toBe(200);
    expect((await list(member.headers)).total).toBe(0);
  });

  it('moves a drive to past the moment it starts, even within the cache lifetime', async () => {
    await setup();
    const organiser = await insertUser(db(), { profile_type: 'corporate' });
    const soon = buildDrive(organiser.id, { starts_at: '2026-06-01T10:00:00.500Z' });
    await db().insertInto('drives').values(soon).execute();
    const member = await signIn();
    expect((await warm(member.headers)).data.map((d) => [d.id, d.isPast])).toEqual([
      [soon.id, false],
    ]);
    expect((await warm(member.headers, '?when=past')).total).toBe(0);
    clock.set('2026-06-01T10:00:00.501Z');
    expect((await list(member.headers)).total).toBe(0);
    expect((await list(member.headers, '?when=past')).data.map((d) => [d.id, d.isPast])).toEqual([
      [soon.id, true],
    ]);
  });

  it('shares the map answer, and shows a new drive, a move and a start at once', async () => {
    await setup();
    const organiser = await insertUser(db(), { profile_type: 'corporate' });
    const member = await signIn();
    const map = async (query = '') => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/drives/map${query}`,
        headers: member.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = res.json();
      expect(driveMapResponseSchema.parse(body)).toEqual(body);
      return (body.data as Array<{ id: string; driveLat: number }>).map((p) => [p.id, p.driveLat]);
    };
    const soon = buildDrive(organiser.id, { starts_at: '2026-06-01T10:00:00.500Z' });
    await db().insertInto('drives').values(soon).execute();
    for (let i = 0; i < 3; i++) expect(await map()).toEqual([[soon.id, soon.lat]]);
    const later = buildDrive(organiser.id, { starts_at: '2026-06-20T08:00:00.000Z' });
    await db().insertInto('drives').values(later).execute();
    expect(await map()).toEqual([
      [soon.id, soon.lat],
      [later.id, later.lat],
    ]);
    await db().updateTable('drives').set({ lat: 12.5 }).where('id', '=', later.id).execute();
    expect(await map()).toEqual([
      [soon.id, soon.lat],
      [later.id, 12.5],
    ]);
    // The first drive starts: it leaves the upcoming map without any write.
    clock.set('2026-06-01T10:00:00.501Z');
    expect(await map()).toEqual([[later.id, 12.5]]);
    expect(await map('?when=past')).toEqual([[soon.id, soon.lat]]);
  });

  it('asks the database who joined when a page has too many participations to keep', async () => {
    await setup();
    const organiser = await insertUser(db(), { profile_type: 'corporate' });
    const drive = buildDrive(organiser.id, { starts_at: '2026-06-20T08:00:00.000Z' });
    await db().insertInto('drives').values(drive).execute();
    const crowd = Array.from({ length: 1_001 }, () => buildUser());
    for (let i = 0; i < crowd.length; i += 250) {
      const part = crowd.slice(i, i + 250);
      await db().insertInto('users').values(part).execute();
      await db()
        .insertInto('drive_participants')
        .values(part.map((u) => ({ drive_id: drive.id, user_id: u.id, joined_at: NOW })))
        .execute();
    }
    const alice = await signIn();
    const bob = await signIn();
    await db()
      .insertInto('drive_participants')
      .values({ drive_id: drive.id, user_id: alice.user.id, joined_at: NOW })
      .execute();
    for (let i = 0; i < 2; i++) {
      expect(summary(await list(alice.headers))[0]!.slice(1)).toEqual([1_002, true, false]);
      expect(summary(await list(bob.headers))[0]!.slice(1)).toEqual([1_002, false, false]);
    }
  });

  it.runIf(target.name === 'postgres')(
    "shows another server's new drive once its write notice arrives, without waiting for the cache to expire",
    async () => {
      await setup();
      const organiser = await insertUser(db(), { profile_type: 'corporate' });
      const member = await signIn();
      expect((await warm(member.headers)).total).toBe(0);
      const schema = (
        await db()
          .selectFrom('users')
          .select((eb) => eb.fn<string>('current_schema', []).as('s'))
          .executeTakeFirstOrThrow()
      ).s;
      // Another server: its own connection, so this process does not see the write.
      const drive = buildDrive(organiser.id, { starts_at: '2026-06-20T08:00:00.000Z' });
      const other = new pg.Client({ connectionString: target.url });
      await other.connect();
      try {
        const columns = Object.keys(drive);
        await other.query(
          `insert into ${schema}.drives (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
          Object.values(drive),
        );
      } finally {
        await other.end();
      }
      // The drives trigger notifies every server at commit (migration 0029, write-listener.ts):
      // the shared page is dropped when the notice arrives, with the clock standing still.
      await vi.waitFor(
        async () => expect((await list(member.headers)).data.map((d) => d.id)).toEqual([drive.id]),
        { timeout: 10_000, interval: 50 },
      );
    },
  );
});
