import { describe, expect, it } from 'vitest';
import { ONBOARDING_STEPS, type Onboarding } from '../../../contract/onboarding';
import { buildDonation, buildDrive, buildTree, insertUser } from '../../../tests/support/factories';
import { buildPng, multipartBody } from '../../../tests/support/images';
import { stockBody } from '../nursery/nursery-test-kit';
import { signedInUser } from '../../../tests/support/signed-in';
import { useTestApp } from '../../../tests/support/use-test-app';
import { databaseTargets } from '../../../tests/support/test-database';

const NOW = '2026-11-22T10:00:00.000Z';

describe.each(databaseTargets)('GET /api/onboarding on $name', (target) => {
  const api = useTestApp(target, NOW);
  const { setup } = api;
  const checklist = async (headers: Record<string, string>): Promise<Onboarding> => {
    const res = await api.app.inject({ method: 'GET', url: '/api/onboarding', headers });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const doneIds = (list: Onboarding) => list.steps.filter((s) => s.done).map((s) => s.id);
  const uploadAvatar = async (headers: Record<string, string>) => {
    const body = multipartBody([
      {
        name: 'avatar',
        filename: 'me.png',
        contentType: 'image/png',
        data: await buildPng(64, 64),
      },
    ]);
    const res = await api.app.inject({
      method: 'PUT',
      url: '/api/users/me/avatar',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
  };

  it('needs a signed-in member', async () => {
    await setup();
    const res = await api.app.inject({ method: 'GET', url: '/api/onboarding' });
    expect(res.statusCode).toBe(401);
  });

  it('advances an individual member step by step: photo, drive joined, tree, paid donation', async () => {
    const db = await setup();
    const me = await signedInUser(api.app, db);
    let list = await checklist(me.headers);
    expect(list.profileType).toBe('individual');
    expect(list.steps.map((s) => s.id)).toEqual([
      'verify-email',
      'add-photo',
      'join-drive',
      'register-tree',
      'make-donation',
    ]);
    expect(list.steps[2]).toEqual({
      id: 'join-drive',
      ...ONBOARDING_STEPS['join-drive'],
      done: false,
    });
    expect(doneIds(list)).toEqual(['verify-email']);
    expect([list.done, list.total]).toEqual([1, 5]);

    await uploadAvatar(me.headers);
    expect(doneIds(await checklist(me.headers))).toEqual(['verify-email', 'add-photo']);

    const organiser = await insertUser(db, { profile_type: 'corporate' });
    const drive = buildDrive(organiser.id, { starts_at: '2026-12-05T08:00:00.000Z' });
    await db.insertInto('drives').values(drive).execute();
    const join = await api.app.inject({
      method: 'POST',
      url: `/api/drives/${drive.id}/participants`,
      headers: me.headers,
    });
    expect(join.statusCode).toBe(200);
    expect(doneIds(await checklist(me.headers))).toContain('join-drive');

    await db.insertInto('trees').values(buildTree(me.user.id)).execute();
    expect(doneIds(await checklist(me.headers))).toContain('register-tree');

    // A donation counts once it is paid, not while it is pending.
    await db
      .insertInto('donations')
      .values(buildDonation(me.user.id, { status: 'pending' }))
      .execute();
    expect(doneIds(await checklist(me.headers))).not.toContain('make-donation');
    await db.insertInto('donations').values(buildDonation(me.user.id)).execute();
    list = await checklist(me.headers);
    expect([list.done, list.total]).toEqual([5, 5]);
    expect(list.steps.every((s) => s.done)).toBe(true);
  });

  it('asks a corporate member to create a drive (a past one counts), not to join one', async () => {
    const db = await setup();
    const me = await signedInUser(api.app, db, { profile_type: 'corporate' });
    let list = await checklist(me.headers);
    expect(list.steps.map((s) => s.id)).toEqual([
      'verify-email',
      'add-photo',
      'create-drive',
      'register-tree',
      'make-donation',
    ]);
    expect(doneIds(list)).toEqual(['verify-email']);
    // Joining someone else's drive does not tick "create".
    const other = await insertUser(db, { profile_type: 'corporate' });
    const theirs = buildDrive(other.id, { starts_at: '2026-12-05T08:00:00.000Z' });
    await db.insertInto('drives').values(theirs).execute();
    await db
      .insertInto('drive_participants')
      .values({ drive_id: theirs.id, user_id: me.user.id, joined_at: NOW })
      .execute();
    expect(doneIds(await checklist(me.headers))).not.toContain('create-drive');
    await db
      .insertInto('drives')
      .values(buildDrive(me.user.id, { starts_at: '2026-10-01T08:00:00.000Z' }))
      .execute();
    list = await checklist(me.headers);
    expect(doneIds(list)).toEqual(['verify-email', 'create-drive']);
    expect(list.done).toBe(2);
  });

  it('gives a nursery its own short list, and only the caller’s progress counts', async () => {
    const db = await setup();
    const nursery = await signedInUser(api.app, db, { profile_type: 'nursery' });
    const list = await checklist(nursery.headers);
    expect(list.profileType).toBe('nursery');
    expect(list.steps.map((s) => s.id)).toEqual(['verify-email', 'add-photo', 'add-stock']);
    // Someone else's photo and trees do not tick my steps.
    const other = await signedInUser(api.app, db);
    await uploadAvatar(other.headers);
    await db.insertInto('trees').values(buildTree(other.user.id)).execute();
    expect(doneIds(await checklist(nursery.headers))).toEqual(['verify-email']);
    await uploadAvatar(nursery.headers);
    expect(doneIds(await checklist(nursery.headers))).toEqual(['verify-email', 'add-photo']);
    // Sapling stock, asked of the nursery module: listed stock ticks the last step.
    const stock = await api.app.inject({
      method: 'POST',
      url: '/api/nursery/stock',
      headers: nursery.headers,
      payload: stockBody(),
    });
    expect(stock.statusCode).toBeLessThan(300);
    const after = await checklist(nursery.headers);
    expect(doneIds(after)).toEqual(['verify-email', 'add-photo', 'add-stock']);
    expect([after.done, after.total]).toEqual([3, 3]);
  });
});
