import { afterEach, describe, expect, it } from 'vitest';
import { buildDrive, buildUser } from '../../../tests/support/factories';
import { emptyDatabase, migrateTo, untypedDb } from '../../../tests/support/migration-steps';
import { databaseTargets } from '../../../tests/support/test-database';
import { migrateToLatest, type DatabaseHandle } from '../database';

describe.each(databaseTargets)('migration 0047-drive-attendance on $name', (target) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => handle?.close());

  it("counts each existing drive's organiser, keeps the months by triggers, and goes back", async () => {
    handle = await emptyDatabase(target);
    await migrateTo(handle, '0046-drive-participant-counts');
    const db = untypedDb(handle);
    const organiser = buildUser({ profile_type: 'corporate' });
    const member = buildUser();
    await db.insertInto('users').values([organiser, member]).execute();
    const march = buildDrive(organiser.id, {
      starts_at: '2026-03-01T09:00:00.000Z',
      duration_hours: 2,
    });
    const april = buildDrive(organiser.id, {
      starts_at: '2026-04-01T09:00:00.000Z',
      duration_hours: 3,
    });
    await db.insertInto('drives').values([march, april]).execute();
    await db
      .insertInto('drive_participants')
      .values({ drive_id: march.id, user_id: member.id, joined_at: march.created_at })
      .execute();

    await migrateToLatest(handle);
    const months = () =>
      handle!.db
        .selectFrom('drive_attended_months')
        .select(['month', 'minutes'])
        .orderBy('month')
        .execute()
        .then((rows) => rows.map((r) => [r.month, Number(r.minutes)]));
    const community = () =>
      handle!.db
        .selectFrom('drive_community_attended_months')
        .select(['month', 'minutes'])
        .orderBy('month')
        .execute()
        .then((rows) => rows.map((r) => [r.month, Number(r.minutes)]));
    // Nobody checked in before: the organisers' durations only (the RSVP counts nothing).
    expect(await months()).toEqual([
      ['2026-03', 120],
      ['2026-04', 180],
    ]);
    expect(await community()).toEqual(await months());

    // The triggers follow attendance, a new duration, a move to another month and a delete.
    await handle.db
      .insertInto('drive_attendance')
      .values({
        drive_id: march.id,
        person_id: member.id,
        user_id: member.id,
        walk_in_name: null,
        walk_in_email: null,
        claim_hash: null,
        checked_in_at: '2026-03-01T09:00:00.000Z',
        checked_out_at: null,
        corrected_minutes: null,
        minutes: 120,
        created_at: march.created_at,
        updated_at: march.created_at,
      })
      .execute();
    await handle.db
      .updateTable('drives')
      .set({ attendance_minutes: 120 })
      .where('id', '=', march.id)
      .execute();
    await handle.db
      .updateTable('drives')
      .set({ duration_hours: 4, starts_at: '2026-05-02T09:00:00.000Z' })
      .where('id', '=', april.id)
      .execute();
    expect(await months()).toEqual([
      ['2026-03', 240],
      ['2026-04', 0],
      ['2026-05', 240],
    ]);
    await handle.db.deleteFrom('drives').where('id', '=', march.id).execute();
    expect(await months()).toEqual([
      ['2026-03', 0],
      ['2026-04', 0],
      ['2026-05', 240],
    ]);
    expect(await community()).toEqual(await months());
    expect(await handle.db.selectFrom('drive_attendance').selectAll().execute()).toEqual([]);

    await migrateTo(handle, '0046-drive-participant-counts');
    await migrateToLatest(handle);
    expect(await months()).toEqual([['2026-05', 240]]);
  });
});
