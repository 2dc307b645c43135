import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { databaseTargets } from '../../../tests/support/test-database';
import { driveApi, recordAttendance } from './drive-test-kit';

/**
 * Issue 20: each member's drive totals (0069 `drive_member_totals`, kept by triggers) stay what
 * the rows say through every write (direct SQL as seeds and cascades write, and the API), and a
 * profile's counts and volunteer hours read them, the organiser's drives counting once started.
 */
describe.each(databaseTargets)('drive totals per member on $name', (target) => {
  const api = driveApi(target);

  /** The stored totals against the same sums made from the rows (rows of zeros left out). */
  async function expectInStep(db: Kysely<Database>) {
    const fromRows = new Map<string, number[]>();
    const add = (user: string, i: number, n: number) => {
      const row = fromRows.get(user) ?? [0, 0, 0, 0];
      row[i]! += n;
      fromRows.set(user, row);
    };
    for (const d of await db.selectFrom('drives').selectAll().execute()) {
      add(d.organizer_id, 0, 1);
      add(d.organizer_id, 3, Number(d.organiser_attended) ? 0 : Number(d.duration_hours) * 60);
    }
    for (const p of await db.selectFrom('drive_participants').select('user_id').execute())
      add(p.user_id, 1, 1);
    for (const a of await db.selectFrom('drive_attendance').selectAll().execute())
      if (a.user_id) add(a.user_id, 2, Number(a.minutes));
    const stored = await db.selectFrom('drive_member_totals').selectAll().execute();
    const nonZero = (rows: Array<[string, number[]]>) =>
      Object.fromEntries(rows.filter(([, v]) => v.some((n) => n !== 0)));
    expect(
      nonZero(
        stored.map((r) => [
          r.user_id,
          [r.organised, r.joined, r.attended_minutes, r.unattended_minutes].map(Number),
        ]),
      ),
    ).toEqual(nonZero([...fromRows]));
  }

  /** The profile's counts, as `/api/users/:id/profile` answers them. */
  const profile = async (userId: string) =>
    (await api.app().services.users.publicProfile(userId)).counts;

  it('follows drives, participations and attendance written by SQL and by the API', async () => {
    await api.setup();
    const db = api.db();
    const org = await api.corporate();
    const [ana, ben] = await Promise.all([api.signIn(), api.signIn()]);
    // A drive that started yesterday (3 h) and one ahead (2 h), both greenleaf's.
    const past = await api.insertDrive(org.user.id, {
      starts_at: '2026-05-31T08:00:00.000Z',
      duration_hours: 3,
    });
    const ahead = await api.insertDrive(org.user.id, { duration_hours: 2 });
    await api.join(past.id, ana.user.id);
    const joinUrl = `/api/drives/${ahead.id}/participants`;
    expect((await api.call('POST', joinUrl, ana.headers)).statusCode).toBe(200);
    await api.join(past.id, ben.user.id);
    await expectInStep(db);
    // The organiser counts the started drive's 3 h, not the 2 h of the one ahead.
    expect(await profile(org.user.id)).toMatchObject({
      drivesOrganised: 2,
      drivesJoined: 0,
      volunteerHours: 3,
    });
    expect(await profile(ana.user.id)).toMatchObject({ drivesJoined: 2, volunteerHours: 0 });

    // Attendance: ana 1 h 30; the organiser checks in (their own row now counts, not the duration).
    await recordAttendance(db, past, ana.user.id, {
      in: '2026-05-31T08:00:00.000Z',
      out: '2026-05-31T09:30:00.000Z',
    });
    await recordAttendance(db, past, org.user.id, { correctedMinutes: 60 });
    await expectInStep(db);
    expect(await profile(ana.user.id)).toMatchObject({ volunteerHours: 1.5 });
    expect(await profile(org.user.id)).toMatchObject({ volunteerHours: 1 });

    // A correction, a walk-in's row claimed by ben, then his removal.
    await db
      .updateTable('drive_attendance')
      .set({ minutes: 45 })
      .where('person_id', '=', ana.user.id)
      .execute();
    await db
      .insertInto('drive_attendance')
      .values({
        drive_id: past.id,
        person_id: 'walk-in-1',
        user_id: null,
        walk_in_name: 'Ben',
        walk_in_email: 'ben@example.com',
        claim_hash: null,
        checked_in_at: null,
        checked_out_at: null,
        corrected_minutes: 30,
        minutes: 30,
        created_at: '2026-05-31T08:00:00.000Z',
        updated_at: '2026-05-31T08:00:00.000Z',
      })
      .execute();
    await expectInStep(db);
    await db
      .updateTable('drive_attendance')
      .set({ user_id: ben.user.id })
      .where('person_id', '=', 'walk-in-1')
      .execute();
    await expectInStep(db);
    expect(await profile(ben.user.id)).toMatchObject({ drivesJoined: 1, volunteerHours: 0.5 });
    await db.deleteFrom('drive_attendance').where('person_id', '=', 'walk-in-1').execute();
    await expectInStep(db);

    // Leaving by the API.
    expect((await api.call('DELETE', joinUrl, ana.headers)).statusCode).toBe(200);
    await expectInStep(db);
    expect(await profile(ana.user.id)).toMatchObject({ drivesJoined: 1 });

    // The drive ahead starts: its organiser's 2 h count from then, with no write.
    api.clock.set('2026-06-20T08:00:00.000Z');
    expect(await profile(org.user.id)).toMatchObject({ volunteerHours: 3 });

    // A drive given to another organiser, then one deleted with its rows.
    await db
      .updateTable('drives')
      .set({ organizer_id: ben.user.id })
      .where('id', '=', ahead.id)
      .execute();
    await expectInStep(db);
    expect(await profile(ben.user.id)).toMatchObject({ drivesOrganised: 1, volunteerHours: 2 });
    await db.deleteFrom('drives').where('id', '=', past.id).execute();
    await expectInStep(db);
    expect(await profile(ana.user.id)).toMatchObject({ drivesJoined: 0, volunteerHours: 0 });
    // Nobody with nothing left keeps a row.
    expect(
      await db
        .selectFrom('drive_member_totals')
        .select('user_id')
        .where('user_id', 'in', [ana.user.id, org.user.id])
        .execute(),
    ).toEqual([]);
  });
});
