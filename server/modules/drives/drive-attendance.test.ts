import { describe, expect, it } from 'vitest';
import { ATTENDANCE_MESSAGES, normalisePassCode } from '../../../contract/attendance';
import { pdfTagging, pdfText } from '../../../tests/support/pdf-text';
import { TEST_PASSWORD } from '../../../tests/support/signed-in';
import { databaseTargets } from '../../../tests/support/test-database';
import { attendedMinutes } from './drive-attendance';
import { driveApi, type Headers } from './drive-test-kit';

/** A drive on 2026-06-01 14:00 UTC for 2 hours (buildDrive's duration); the clock starts at 10:00. */
const START = '2026-06-01T14:00:00.000Z';
const at = (iso: string) => iso;

describe('attended minutes (the arithmetic)', () => {
  const row = (i: string | null, o: string | null, c: number | null = null) => ({
    checked_in_at: i,
    checked_out_at: o,
    corrected_minutes: c,
  });
  it('counts check-out minus check-in, else the duration, capped at duration + 2 h; a correction wins', () => {
    expect(attendedMinutes(row(null, null), 2)).toBe(0);
    expect(attendedMinutes(row('2026-06-20T08:00:00Z', null), 2)).toBe(120);
    expect(attendedMinutes(row('2026-06-20T08:00:00Z', '2026-06-20T09:20:00Z'), 2)).toBe(80);
    expect(attendedMinutes(row('2026-06-20T06:00:00Z', '2026-06-20T13:00:00Z'), 2)).toBe(240);
    expect(attendedMinutes(row('2026-06-20T08:00:00Z', '2026-06-20T09:20:00Z', 30), 2)).toBe(30);
    expect(attendedMinutes(row(null, null, 0), 2)).toBe(0);
    expect(attendedMinutes(row('2026-06-20T08:00:00Z', null), 1.5)).toBe(90);
  });
});

describe.each(databaseTargets)('check-in at a drive on $name', (target) => {
  const api = driveApi(target);
  const send = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Headers = {},
    payload?: object,
  ) =>
    api.app().inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  /** A new session for an existing member (sessions last 8 hours of the test clock). */
  async function relogin(email: string): Promise<Headers> {
    const res = await api.app().inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: TEST_PASSWORD },
    });
    return { 'x-auth-token': (res.json() as { result: { token: string } }).result.token };
  }

  async function scene() {
    await api.setup();
    const org = await api.corporate();
    const drive = await api.insertDrive(org.user.id, { starts_at: START });
    const [ana, ben, cy] = await Promise.all([1, 2, 3].map(() => api.signIn()));
    await api.join(drive.id, ana!.user.id);
    await api.join(drive.id, ben!.user.id);
    return { org, drive, ana: ana!, ben: ben!, stranger: cy! };
  }

  /** What volunteer hours the landing page says, and the summaries against a scan of the rows. */
  async function inStep() {
    const db = api.db();
    const drives = await db.selectFrom('drives').selectAll().execute();
    const rows = await db.selectFrom('drive_attendance').selectAll().execute();
    for (const d of drives) {
      const mine = rows.filter((r) => r.drive_id === d.id);
      expect(Number(d.attendance_minutes)).toBe(mine.reduce((s, r) => s + Number(r.minutes), 0));
      expect(Number(d.organiser_attended)).toBe(
        mine.some((r) => r.person_id === d.organizer_id) ? 1 : 0,
      );
    }
    const byMonth = new Map<string, number>();
    const byOrganiser = new Map<string, number>();
    for (const d of drives) {
      const m =
        Number(d.attendance_minutes) +
        (Number(d.organiser_attended) ? 0 : Number(d.duration_hours) * 60);
      const month = d.starts_at.slice(0, 7);
      byMonth.set(month, (byMonth.get(month) ?? 0) + m);
      const key = `${d.organizer_id}|${month}`;
      byOrganiser.set(key, (byOrganiser.get(key) ?? 0) + m);
    }
    const community = await db.selectFrom('drive_community_attended_months').selectAll().execute();
    expect(
      Object.fromEntries(
        community
          .filter((r) => Number(r.minutes) !== 0 || byMonth.has(r.month))
          .map((r) => [r.month, Number(r.minutes)]),
      ),
    ).toEqual(Object.fromEntries(byMonth));
    const organisers = await db.selectFrom('drive_attended_months').selectAll().execute();
    expect(
      Object.fromEntries(
        organisers
          .filter((r) => Number(r.minutes) !== 0 || byOrganiser.has(`${r.organizer_id}|${r.month}`))
          .map((r) => [`${r.organizer_id}|${r.month}`, Number(r.minutes)]),
      ),
    ).toEqual(Object.fromEntries(byOrganiser));
  }

  /** The landing page's figure (`/api/stats` keeps it 30 s; the read method is the same). */
  const hours = () => api.app().services.drives.volunteerHours();

  it('gives participants and the organiser a pass; refuses anyone else and nobody', async () => {
    const { org, drive, ana, stranger } = await scene();
    expect((await send('GET', `/api/drives/${drive.id}/pass`)).statusCode).toBe(401);
    expect((await send('GET', `/api/drives/${drive.id}/pass`, stranger.headers)).statusCode).toBe(
      403,
    );
    expect((await send('GET', `/api/drives/nope/pass`, ana.headers)).statusCode).toBe(404);
    const res = await send('GET', `/api/drives/${drive.id}/pass`, ana.headers);
    expect(res.statusCode).toBe(200);
    const { code, qrSvg } = (res.json() as { data: { code: string; qrSvg: string } }).data;
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(qrSvg).toContain('<svg');
    // The same pass each time; another person's differs.
    const again = await send('GET', `/api/drives/${drive.id}/pass`, ana.headers);
    expect((again.json() as { data: { code: string } }).data.code).toBe(code);
    const organiser = await send('GET', `/api/drives/${drive.id}/pass`, org.headers);
    expect(organiser.statusCode).toBe(200);
    expect((organiser.json() as { data: { code: string } }).data.code).not.toBe(code);
  });

  it('checks in by pass once (the same pass twice is one attendance), refuses before the window, and moves the hours', async () => {
    const { org, drive, ana, ben, stranger } = await scene();
    const code = (
      (await send('GET', `/api/drives/${drive.id}/pass`, ana.headers)).json() as {
        data: { code: string };
      }
    ).data.code;
    const url = `/api/drives/${drive.id}/check-ins`;
    expect((await send('POST', url, {}, { code })).statusCode).toBe(401);
    expect((await send('POST', url, stranger.headers, { code })).statusCode).toBe(403);
    expect((await send('POST', url, ana.headers, { code })).statusCode).toBe(403);
    expect((await send('POST', url, org.headers, {})).statusCode).toBe(400);
    expect((await send('POST', url, org.headers, { code, userId: ana.user.id })).statusCode).toBe(
      400,
    );
    expect((await send('POST', url, org.headers, { code: 'nonsense!' })).statusCode).toBe(400);

    // Before 06:00 (2 hours before the start) it is refused, saying when it opens.
    api.clock.set('2026-06-01T11:59:00.000Z');
    const early = await send('POST', url, org.headers, { code });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(ATTENDANCE_MESSAGES.opensAt('1 June 2026, 12:00 (UTC)'));

    api.clock.set('2026-06-01T13:50:00.000Z');
    const before = await hours();
    const first = await send('POST', url, org.headers, {
      code: code.toLowerCase().replace(/-/g, ' '),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.alreadyCheckedIn).toBe(false);
    expect(first.json().data.person).toMatchObject({
      userId: ana.user.id,
      checkedIn: true,
      hours: 2,
    });
    // Scanned twice, also at once: one attendance.
    const twice = await Promise.all([
      send('POST', url, org.headers, { code }),
      send('POST', url, org.headers, { code }),
    ]);
    for (const r of twice) {
      expect(r.statusCode).toBe(200);
      expect(r.json().data.alreadyCheckedIn).toBe(true);
    }
    const rows = await api.db().selectFrom('drive_attendance').selectAll().execute();
    expect(rows).toHaveLength(1);
    // Counted as soon as recorded: the drive's 2 hours for Ana (the organiser's once it starts).
    expect(await hours()).toBe(before + 2);
    await inStep();

    // Another drive's pass is not for this one.
    const other = await api.insertDrive(org.user.id, { starts_at: START });
    await api.join(other.id, ben.user.id);
    const bensOther = (
      (await send('GET', `/api/drives/${other.id}/pass`, ben.headers)).json() as {
        data: { code: string };
      }
    ).data.code;
    const wrong = await send('POST', url, org.headers, { code: bensOther });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(ATTENDANCE_MESSAGES.passNotForDrive);
    expect(normalisePassCode(bensOther)).toBe(bensOther);
  });

  it('checks out and corrects, counts hours by the clock, lists everyone, and closes 14 days after', async () => {
    const { org, drive, ana, ben, stranger } = await scene();
    const base = `/api/drives/${drive.id}`;
    api.clock.set(at('2026-06-01T14:05:00.000Z'));
    expect(
      (await send('POST', `${base}/check-ins`, org.headers, { userId: ana.user.id })).statusCode,
    ).toBe(200);
    expect(
      (await send('POST', `${base}/check-ins`, org.headers, { userId: stranger.user.id }))
        .statusCode,
    ).toBe(404);
    // Out after 1 h 20 min.
    api.clock.set(at('2026-06-01T15:25:00.000Z'));
    expect((await send('POST', `${base}/check-ins/${ana.user.id}/out`)).statusCode).toBe(401);
    expect(
      (await send('POST', `${base}/check-ins/${ana.user.id}/out`, stranger.headers)).statusCode,
    ).toBe(403);
    const notIn = await send('POST', `${base}/check-ins/${ben.user.id}/out`, org.headers);
    expect(notIn.statusCode).toBe(409);
    expect(notIn.json().message).toBe(ATTENDANCE_MESSAGES.notCheckedIn);
    const out = await send('POST', `${base}/check-ins/${ana.user.id}/out`, org.headers);
    expect(out.statusCode).toBe(200);
    expect(out.json().data.person).toMatchObject({ checkedIn: false, minutes: 80, hours: 1.33 });
    await inStep();

    // Corrections: 0–24 with a clear message; the organiser's own hours too.
    const patch = (who: string, body: object, h: Headers = org.headers) =>
      send('PATCH', `${base}/attendance/${who}`, h, body);
    expect((await patch(ben.user.id, { hours: 1 }, {})).statusCode).toBe(401);
    expect((await patch(ben.user.id, { hours: 1 }, stranger.headers)).statusCode).toBe(403);
    const bad = await patch(ben.user.id, { hours: 25 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ATTENDANCE_MESSAGES.hoursInvalid);
    expect((await patch(ben.user.id, { hours: '2' })).statusCode).toBe(400);
    const fixed = await patch(ben.user.id, { hours: 1.5 });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().data.person).toMatchObject({ minutes: 90, corrected: true });
    expect((await patch(org.user.id, { hours: 3 })).statusCode).toBe(200);
    await inStep();

    const list = await send('GET', `${base}/attendance`, org.headers);
    expect(list.statusCode).toBe(200);
    const data = list.json().data;
    expect(data.people.map((p: { userId: string }) => p.userId)[0]).toBe(org.user.id);
    expect(data.people).toHaveLength(3);
    expect(data.counts).toEqual({ checkedInNow: 0, attended: 2, rsvped: 2 });
    expect(data.window).toMatchObject({
      opensAt: '2026-06-01T12:00:00.000Z',
      closesAt: '2026-06-15T16:00:00.000Z',
      open: true,
    });
    expect(data.totalHours).toBe(Math.round(((80 + 90 + 180) / 60) * 100) / 100);
    expect((await send('GET', `${base}/attendance`)).statusCode).toBe(401);
    expect((await send('GET', `${base}/attendance`, ana.headers)).statusCode).toBe(403);
    expect((await send('GET', `/api/drives/unknown/attendance`, org.headers)).statusCode).toBe(404);

    // Recording closes 14 days after the drive ends.
    api.clock.set('2026-06-15T16:01:00.000Z');
    const late = await patch(ben.user.id, { hours: 2 }, await relogin(org.user.email));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('can no longer be changed');

    // A participant who leaves takes their attendance along; a deleted drive takes everything.
    api.clock.set('2026-06-02T08:00:00.000Z');
    const orgNow = await relogin(org.user.email);
    await send('DELETE', `${base}/participants`, await relogin(ana.user.email));
    expect(
      await api
        .db()
        .selectFrom('drive_attendance')
        .selectAll()
        .where('person_id', '=', ana.user.id)
        .execute(),
    ).toEqual([]);
    await inStep();
    expect((await send('DELETE', base, orgNow)).statusCode).toBe(200);
    await inStep();
    expect(await hours()).toBe(0);
  });

  it('checks in a walk-in, mails a claim, and the claim puts it on the member with that email', async () => {
    const { org, drive, stranger } = await scene();
    const base = `/api/drives/${drive.id}`;
    api.clock.set('2026-06-01T14:00:00.000Z');
    const walkIn = { name: 'Dev Walker', email: 'Dev.Walker@example.com' };
    expect(
      (await send('POST', `${base}/check-ins`, org.headers, { walkIn: { name: '', email: 'x' } }))
        .statusCode,
    ).toBe(400);
    const res = await send('POST', `${base}/check-ins`, org.headers, { walkIn });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ATTENDANCE_MESSAGES.walkInInvited);
    const person = res.json().data.person;
    expect(person).toMatchObject({ walkIn: true, name: 'Dev Walker', checkedIn: true, hours: 2 });
    // Twice: the same walk-in.
    const again = await send('POST', `${base}/check-ins`, org.headers, { walkIn });
    expect(again.json().data.alreadyCheckedIn).toBe(true);
    // Checked out by the id the list gives.
    api.clock.set('2026-06-01T15:00:00.000Z');
    expect(
      (await send('POST', `${base}/check-ins/${person.userId}/out`, org.headers)).json().data.person
        .minutes,
    ).toBe(60);
    await inStep();

    const mails = await api
      .db()
      .selectFrom('mails')
      .selectAll()
      .where('to_address', '=', 'dev.walker@example.com')
      .execute();
    expect(mails).toHaveLength(1);
    const token = /[?&]claim=([A-Za-z0-9_-]+)/.exec(mails[0]!.text_body ?? '')?.[1];
    expect(token).toBeTruthy();

    // Another member cannot claim it; the member with that email can, once.
    const claim = (h: Headers, t = token) =>
      send('POST', `${base}/attendance/claim`, h, { token: t });
    expect((await claim({})).statusCode).toBe(401);
    expect((await claim(stranger.headers)).statusCode).toBe(403);
    expect((await claim(stranger.headers, 'x')).statusCode).toBe(400);
    const dev = await api.signIn({ email: 'dev.walker@example.com', name: 'Dev Walker' });
    const claimed = await claim(dev.headers);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().data).toEqual({ driveId: drive.id, hours: 1 });
    expect((await claim(dev.headers)).statusCode).toBe(400);
    const list = (await send('GET', `${base}/attendance`, org.headers)).json().data;
    expect(list.people.find((p: { userId: string }) => p.userId === dev.user.id)).toMatchObject({
      walkIn: false,
      minutes: 60,
    });
    expect(list.counts.rsvped).toBe(3);
    await inStep();

    // A walk-in whose email is a member's checks the member in (and makes their participation).
    const member = await api.signIn({ email: 'member@example.com' });
    const m = await send('POST', `${base}/check-ins`, org.headers, {
      walkIn: { name: 'M', email: 'member@example.com' },
    });
    expect(m.json().data.person).toMatchObject({ userId: member.user.id, walkIn: false });
    await inStep();
  });

  it('prints a volunteer certificate of the attended drives of a year', async () => {
    const { org, drive, ana, stranger } = await scene();
    api.clock.set('2026-06-01T14:00:00.000Z');
    await send('POST', `/api/drives/${drive.id}/check-ins`, org.headers, { userId: ana.user.id });
    api.clock.set('2026-06-01T15:30:00.000Z');
    await send('POST', `/api/drives/${drive.id}/check-ins/${ana.user.id}/out`, org.headers);
    const url = '/api/users/me/volunteer-certificate?year=2026';
    expect((await send('GET', url)).statusCode).toBe(401);
    for (const year of ['abc', '1999', '2027', '2026.5'])
      expect(
        (await send('GET', `/api/users/me/volunteer-certificate?year=${year}`, ana.headers))
          .statusCode,
      ).toBe(400);
    const res = await send('GET', url, ana.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Volunteer certificate 2026');
    expect(pdfTagging(res.rawPayload)).toMatchObject({ marked: true, structTree: true });
    expect(text).toContain(drive.name);
    expect(text).toContain('Greenleaf Industries');
    expect(text).toContain('1 h 30 min');
    // Someone who attended nothing gets a certificate saying so.
    const none = await send('GET', url, stranger.headers);
    expect(pdfText(none.rawPayload)).toContain('No attended drives');
  });

  it('mails each participant their pass the day before: the code as text, its QR attached, the page link', async () => {
    const { drive, ana } = await scene();
    const drives = api.app().services.drives;
    expect(await drives.sendReminder({ driveId: drive.id, startsAt: drive.starts_at })).toBe(1);
    const code = (
      (await send('GET', `/api/drives/${drive.id}/pass`, ana.headers)).json() as {
        data: { code: string };
      }
    ).data.code;
    const mails = await api
      .db()
      .selectFrom('mails')
      .selectAll()
      .where('to_address', '=', ana.user.email)
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Tomorrow: ${drive.name}`);
    expect(mails[0]!.text_body).toContain(code);
    expect(mails[0]!.text_body).toContain(`/app/delive-detail/${drive.id}`);
    const png = await drives.passAttachment(`${drive.id}:${ana.user.id}`);
    expect(png?.contentType).toBe('image/png');
    expect(png!.content.subarray(1, 4).toString()).toBe('PNG');
  });
});
