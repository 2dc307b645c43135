import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES } from '../../../contract/api-tokens';
import { buildDrive, insertUser } from '../../../tests/support/factories';
import { signedInUser } from '../../../tests/support/signed-in';
import { buildTestApp, movableClock, type TestApp } from '../../../tests/support/test-app';
import { databaseTargets } from '../../../tests/support/test-database';

const NOW = '2026-06-01T10:00:00.000Z';
const APP_URL = 'https://canopy.example';
const FEED_URL = /^https:\/\/canopy\.example\/api\/calendar\/feed\/([A-Za-z0-9_-]{43})\.ics$/;

describe.each(databaseTargets)('personal calendar feed on $name', (target) => {
  let t: TestApp;
  const clock = movableClock(NOW);
  afterEach(async () => t?.close());
  const setup = async () => {
    clock.set(NOW);
    t = await buildTestApp(target, { clock, config: { appUrl: APP_URL } });
    return t.database.db;
  };
  const feedUrl = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/calendar/feed', headers });
    expect(res.statusCode).toBe(200);
    return res.json().data.url as string;
  };
  const pathOf = (url: string) => url.slice(APP_URL.length);

  it('needs a session to see or rotate the address', async () => {
    await setup();
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/feed' })).statusCode).toBe(401);
    const rotate = await t.app.inject({ method: 'POST', url: '/api/calendar/feed/rotate' });
    expect(rotate.statusCode).toBe(401);
  });

  it('gives an API token no feed address (it would outlive the token)', async () => {
    const db = await setup();
    const me = await signedInUser(t.app, db);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api-tokens',
      headers: me.headers,
      payload: { name: 'Calendar script' },
    });
    const secret = created.json().data.secret as string;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/calendar/feed',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(API_TOKEN_MESSAGES.noFeedAddress);
    expect(res.body).not.toContain('/api/calendar/feed/');
    // The token still reads what it may.
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/users/currentuser',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(mine.statusCode).toBe(200);
  });

  it('shows the same secret address every time, storing only its hash', async () => {
    const db = await setup();
    const me = await signedInUser(t.app, db);
    const url = await feedUrl(me.headers);
    expect(url).toMatch(FEED_URL);
    expect(await feedUrl(me.headers)).toBe(url);
    const token = FEED_URL.exec(url)![1]!;
    const rows = await db.selectFrom('calendar_feeds').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    // Someone else gets a different address.
    const other = await signedInUser(t.app, db);
    expect(await feedUrl(other.headers)).not.toBe(url);
  });

  it('serves my drives from 30 days ago on, without a session, cacheable for 5 minutes', async () => {
    const db = await setup();
    const me = await signedInUser(t.app, db, { profile_type: 'corporate' });
    const other = await insertUser(db, { profile_type: 'corporate' });
    const organised = buildDrive(me.user.id, {
      name: 'Mine, upcoming',
      starts_at: '2026-06-20T08:00:00.000Z',
    });
    const joined = buildDrive(other.id, {
      name: 'Joined; recent',
      starts_at: '2026-05-10T08:00:00.000Z',
    });
    const tooOld = buildDrive(me.user.id, {
      name: 'Long ago',
      starts_at: '2026-04-01T08:00:00.000Z',
    });
    const notMine = buildDrive(other.id, {
      name: 'Not mine',
      starts_at: '2026-06-21T08:00:00.000Z',
    });
    await db.insertInto('drives').values([organised, joined, tooOld, notMine]).execute();
    await db
      .insertInto('drive_participants')
      .values({ drive_id: joined.id, user_id: me.user.id, joined_at: NOW })
      .execute();

    const res = await t.app.inject({ method: 'GET', url: pathOf(await feedUrl(me.headers)) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const text = res.body.replace(/\r\n[ \t]/g, '');
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(text).toContain(`UID:${joined.id}@canopy`);
    expect(text).toContain('SUMMARY:Joined\\; recent');
    expect(text).toContain(`UID:${organised.id}@canopy`);
    expect(text).toContain('SUMMARY:Mine\\, upcoming');
    expect(text).not.toContain(tooOld.id);
    expect(text).not.toContain(notMine.id);
    expect(text).toContain(`Details: ${APP_URL}/app/delive-detail/${organised.id}`);
    // Sorted by start.
    expect(text.indexOf(joined.id)).toBeLessThan(text.indexOf(organised.id));
  });

  it('writes the feed in its owner’s saved language (Spanish, Hindi)', async () => {
    const db = await setup();
    const me = await signedInUser(t.app, db, { profile_type: 'corporate', locale: 'es' });
    const drive = buildDrive(me.user.id, { name: 'Río', starts_at: '2026-06-20T08:00:00.000Z' });
    await db.insertInto('drives').values(drive).execute();
    const path = pathOf(await feedUrl(me.headers));
    const feed = async () =>
      (await t.app.inject({ method: 'GET', url: path })).body.replace(/\r\n[ \t]/g, '');
    const spanish = await feed();
    expect(spanish).toContain('X-WR-CALNAME:Jornadas de plantación de Canopy');
    expect(spanish).toContain(`Detalles: ${APP_URL}/app/delive-detail/${drive.id}`);
    await db.updateTable('users').set({ locale: 'hi' }).where('id', '=', me.user.id).execute();
    const hindi = await feed();
    expect(hindi).toContain('X-WR-CALNAME:Canopy के वृक्षारोपण अभियान');
    expect(hindi).toContain(`विवरण: ${APP_URL}/app/delive-detail/${drive.id}`);
    // The drive's .ics download speaks the signed-in member's language too.
    const ics = await t.app.inject({
      method: 'GET',
      url: `/api/drives/${drive.id}/ics`,
      headers: me.headers,
    });
    expect(ics.body.replace(/\r\n[ \t]/g, '')).toContain(`विवरण: ${APP_URL}`);
  });

  it('rotating revokes the old address and answers the new one', async () => {
    const db = await setup();
    const me = await signedInUser(t.app, db);
    const old = await feedUrl(me.headers);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/calendar/feed/rotate',
      headers: me.headers,
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.url as string;
    expect(fresh).toMatch(FEED_URL);
    expect(fresh).not.toBe(old);
    expect(await feedUrl(me.headers)).toBe(fresh);
    const gone = await t.app.inject({ method: 'GET', url: pathOf(old) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('NOT_FOUND');
    expect((await t.app.inject({ method: 'GET', url: pathOf(fresh) })).statusCode).toBe(200);
  });

  it('answers 404 for unknown or malformed addresses and for deleted accounts', async () => {
    const db = await setup();
    const me = await signedInUser(t.app, db);
    const url = await feedUrl(me.headers);
    for (const path of [
      `/api/calendar/feed/${'A'.repeat(43)}.ics`,
      '/api/calendar/feed/short.ics',
      `/api/calendar/feed/${'A'.repeat(90)}.ics`,
      '/api/calendar/feed/%00.ics',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(404);
    }
    // Far too long for a route parameter: the router refuses it before we see it.
    const huge = await t.app.inject({
      method: 'GET',
      url: `/api/calendar/feed/${'A'.repeat(500)}.ics`,
    });
    expect(huge.statusCode).toBe(414);
    await db.updateTable('users').set({ deleted_at: NOW }).where('id', '=', me.user.id).execute();
    expect((await t.app.inject({ method: 'GET', url: pathOf(url) })).statusCode).toBe(404);
  });
});
