import { afterEach, describe, expect, it } from 'vitest';
import { codeFrom, memoryMailer, resetLinkFrom } from '../../../tests/support/memory-mailer';
import { signedInUser } from '../../../tests/support/signed-in';
import { buildTestApp, movableClock, type TestApp } from '../../../tests/support/test-app';
import { databaseTargets } from '../../../tests/support/test-database';

describe.each(databaseTargets)('notifications API on $name', (target) => {
  let t: TestApp;
  const clock = movableClock('2026-11-21T10:00:00.000Z');
  afterEach(async () => t?.close());

  async function setup() {
    t = await buildTestApp(target, { clock });
    return { service: t.services.notifications };
  }
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers });

  it('refuses every endpoint without a session', async () => {
    await setup();
    for (const res of [
      await get('/api/notifications'),
      await get('/api/notifications/unread-count'),
      await post('/api/notifications/read-all'),
      await post('/api/notifications/some-id/read'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    }
  });

  it('lists only my notifications, newest first, paginated, with counts', async () => {
    const { service } = await setup();
    const me = await signedInUser(t.app, t.database.db);
    const other = await signedInUser(t.app, t.database.db);
    for (let i = 1; i <= 5; i++) {
      clock.advance(1000);
      await service.notify(me.user.id, { kind: 'drive_joined', title: `Mine ${i}`, body: 'b' });
    }
    await service.notify(other.user.id, { kind: 'drive_joined', title: 'Theirs', body: 'b' });

    const first = await get('/api/notifications?limit=2', me.headers);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, page: 1, limit: 2, total: 5, unread: 5 });
    expect(first.json().data.map((n: { title: string }) => n.title)).toEqual(['Mine 5', 'Mine 4']);
    const third = await get('/api/notifications?limit=2&page=3', me.headers);
    expect(third.json().data.map((n: { title: string }) => n.title)).toEqual(['Mine 1']);
    expect(third.json().data[0]).toMatchObject({ kind: 'drive_joined', readAt: null, link: null });

    const theirs = await get('/api/notifications', other.headers);
    expect(theirs.json().data.map((n: { title: string }) => n.title)).toEqual(['Theirs']);
  });

  it('rejects bad paging with a clear 400', async () => {
    await setup();
    const me = await signedInUser(t.app, t.database.db);
    for (const query of ['limit=0', 'limit=101', 'page=0', 'page=abc']) {
      const res = await get(`/api/notifications?${query}`, me.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('marks one read, and cannot touch someone else’s', async () => {
    const { service } = await setup();
    const me = await signedInUser(t.app, t.database.db);
    const other = await signedInUser(t.app, t.database.db);
    await service.notify(me.user.id, { kind: 'welcome', title: 'A', body: 'b' });
    await service.notify(me.user.id, { kind: 'welcome', title: 'B', body: 'b' });
    const [newest] = (await get('/api/notifications', me.headers)).json().data;

    const stolen = await post(`/api/notifications/${newest.id}/read`, other.headers);
    expect(stolen.statusCode).toBe(404);
    expect((await get('/api/notifications/unread-count', me.headers)).json()).toEqual({
      success: true,
      data: { unread: 2 },
    });

    const res = await post(`/api/notifications/${newest.id}/read`, me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { unread: 1 } });
    const again = await post(`/api/notifications/${newest.id}/read`, me.headers);
    expect(again.json()).toEqual({ success: true, data: { unread: 1 } });
    const listed = (await get('/api/notifications', me.headers)).json().data;
    expect(listed[0].readAt).toBe(clock.now().toISOString());
    expect((await post('/api/notifications/unknown/read', me.headers)).statusCode).toBe(404);
  });

  it('marks all of mine read and leaves others alone', async () => {
    const { service } = await setup();
    const me = await signedInUser(t.app, t.database.db);
    const other = await signedInUser(t.app, t.database.db);
    await service.notifyMany([me.user.id, me.user.id, other.user.id], {
      kind: 'drive_changed',
      title: 'Changed',
      body: 'b',
      link: '/app/delive-detail/x',
    });
    const res = await post('/api/notifications/read-all', me.headers);
    expect(res.json()).toEqual({ success: true, data: { unread: 0 } });
    expect((await get('/api/notifications/unread-count', other.headers)).json().data.unread).toBe(
      1,
    );
    // The same notice to one person twice is sent once.
    expect((await get('/api/notifications', me.headers)).json().total).toBe(1);
  });

  it('welcomes a member once, when the account is first verified', async () => {
    const mailer = memoryMailer();
    t = await buildTestApp(target, { clock, mailer });
    const email = 'rowan@example.org';
    const password = 'green-canopy-42';
    await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        username: 'rowan',
        email,
        password,
        passwordConfirm: password,
        role: 'individual',
      },
    });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/users/users-otpmatch',
      payload: { email, otpCode: codeFrom(await mailer.next(email)) },
    });
    const headers = { 'x-auth-token': verified.json().token as string };
    const list = (await get('/api/notifications', headers)).json();
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ kind: 'welcome', title: 'Welcome to Canopy!' });

    // A password reset (which also verifies) does not welcome a verified member again.
    await t.app.inject({ method: 'POST', url: '/api/users/forgotpassword', payload: { email } });
    const token = new URL(resetLinkFrom(await mailer.next(email))).searchParams.get('token');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/users/resetpassword',
      payload: {
        email,
        token,
        password: 'a-brand-new-secret',
        passwordConfirm: 'a-brand-new-secret',
      },
    });
    expect(reset.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: 'a-brand-new-secret' },
    });
    const fresh = { 'x-auth-token': login.json().result.token as string };
    expect((await get('/api/notifications', fresh)).json().total).toBe(1);
  });
});
