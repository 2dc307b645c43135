import { describe, expect, it } from 'vitest';
import { insertUser } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import { driveApi, APP_URL } from './drive-test-kit';

describe.each(databaseTargets)('drive calendars on $name', (target) => {
  const h = driveApi(target);
  const { setup, db, signIn, corporate, call, insertDrive, join } = h;

  describe('GET /api/drives/calendar', () => {
    it('needs a session and a valid range', async () => {
      await setup();
      expect(
        (await call('GET', '/api/drives/calendar?from=2026-06-01&to=2026-06-30')).statusCode,
      ).toBe(401);
      const me = await signIn();
      for (const query of [
        'from=2026-06-30&to=2026-06-01',
        'from=june&to=2026-06-30',
        'from=2026-01-01&to=2026-06-30',
        '',
      ])
        expect((await call('GET', `/api/drives/calendar?${query}`, me.headers)).statusCode).toBe(
          400,
        );
    });

    it('shows my drives starting in the range (inclusive days) with a stable theme and my role', async () => {
      await setup();
      const me = await corporate();
      const other = await insertUser(db(), { profile_type: 'corporate' });
      const first = await insertDrive(me.user.id, {
        starts_at: '2026-06-01T00:00:00.000Z',
        duration_hours: 2,
      });
      const joined = await insertDrive(other.id, { starts_at: '2026-06-30T23:30:00.000Z' });
      await insertDrive(me.user.id, { starts_at: '2026-07-01T00:00:00.000Z' });
      await insertDrive(other.id, { starts_at: '2026-06-15T00:00:00.000Z' });
      await join(joined.id, me.user.id);
      const res = await call(
        'GET',
        '/api/drives/calendar?from=2026-06-01&to=2026-06-30',
        me.headers,
      );
      expect(res.statusCode).toBe(200);
      const events = res.json().data;
      expect(events).toEqual([
        {
          id: first.id,
          title: first.name,
          theme: expect.stringMatching(/^(BLUE|GREEN|PURPLE|ORANGE|PINK)$/),
          startTime: '2026-06-01T00:00:00.000Z',
          endTime: '2026-06-01T02:00:00.000Z',
          // Inserted straight into the table: the column default (the API sets it from lat/lng).
          timeZone: 'UTC',
          role: 'organiser',
        },
        expect.objectContaining({ id: joined.id, role: 'participant' }),
      ]);
      const again = (
        await call('GET', '/api/drives/calendar?from=2026-06-01&to=2026-06-30', me.headers)
      ).json().data;
      expect(again.map((e: { theme: string }) => e.theme)).toEqual(
        events.map((e: { theme: string }) => e.theme),
      );
    });
  });

  describe('GET /api/drives/:id/ics', () => {
    it('needs a session and a known drive', async () => {
      await setup();
      const organiser = await insertUser(db(), { profile_type: 'corporate' });
      const drive = await insertDrive(organiser.id);
      expect((await call('GET', `/api/drives/${drive.id}/ics`)).statusCode).toBe(401);
      const me = await signIn();
      expect((await call('GET', '/api/drives/nope/ics', me.headers)).statusCode).toBe(404);
    });

    it('downloads the drive as an iCalendar file', async () => {
      await setup();
      const organiser = await insertUser(db(), { profile_type: 'corporate' });
      const drive = await insertDrive(organiser.id, {
        name: 'Café, Trees; & "More"',
        location_text: 'Lodhi Garden, New Delhi',
        description: 'Bring water.\nWear boots, please; it is muddy.',
      });
      const me = await signIn();
      const res = await call('GET', `/api/drives/${drive.id}/ics`, me.headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="cafe-trees-more.ics"');
      expect(res.body).toContain(`UID:${drive.id}@canopy\r\n`);
      expect(res.body).toContain('SUMMARY:Café\\, Trees\\; & "More"\r\n');
      expect(res.body).toContain('DTSTART:20260620T080000Z\r\n');
      expect(res.body).toContain('DTEND:20260620T100000Z\r\n');
      expect(res.body).toContain('GEO:28.593300;77.219700\r\n');
      const unfolded = res.body.replace(/\r\n[ \t]/g, '');
      expect(unfolded).toContain(
        `DESCRIPTION:Bring water.\\nWear boots\\, please\\; it is muddy.\\n\\nDetails: ${APP_URL}/app/delive-detail/${drive.id}`,
      );
    });
  });
});
