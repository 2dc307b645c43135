import { afterEach, describe, expect, it } from 'vitest';
import { buildDrive, buildUser } from '../../../tests/support/factories';
import { emptyDatabase, migrateTo, untypedDb } from '../../../tests/support/migration-steps';
import { databaseTargets } from '../../../tests/support/test-database';
import { migrateToLatest, type DatabaseHandle } from '../database';

describe.each(databaseTargets)('migration 0069-drive-member-totals on $name', (target) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => handle?.close());

  it('fills each member’s drive totals from the rows, and goes back', async () => {
    handle = await emptyDatabase(target);
    await migrateTo(handle, '0068-replanting-index-order');
    const db = untypedDb(handle);
    const [org, a, b] = [buildUser(), buildUser(), buildUser()];
    await db.insertInto('users').values([org, a, b]).execute();
    const drives = [
      { ...buildDrive(org.id, { duration_hours: 3 }), organiser_attended: 0 },
      { ...buildDrive(org.id, { duration_hours: 2 }), organiser_attended: 1 },
    ];
    await db.insertInto('drives').values(drives).execute();
    const joined = '2026-06-01T10:00:00.000Z';
    await db
      .insertInto('drive_participants')
      .values([a, b].map((u) => ({ drive_id: drives[0]!.id, user_id: u.id, joined_at: joined })))
      .execute();
    await db
      .insertInto('drive_attendance')
      .values(
        [
          [a.id, a.id, 50],
          ['walk-in', null, 40],
        ].map(([person, user, minutes]) => ({
          drive_id: drives[0]!.id,
          person_id: person,
          user_id: user,
          minutes,
          created_at: joined,
          updated_at: joined,
        })),
      )
      .execute();

    await migrateToLatest(handle);
    const kept = await handle.db
      .selectFrom('drive_member_totals')
      .select(['user_id', 'organised', 'joined', 'attended_minutes', 'unattended_minutes'])
      .execute();
    const byUser = Object.fromEntries(
      kept.map((r) => [
        r.user_id,
        [r.organised, r.joined, r.attended_minutes, r.unattended_minutes].map(Number),
      ]),
    );
    expect(byUser).toEqual({
      [org.id]: [2, 0, 0, 180],
      [a.id]: [0, 1, 50, 0],
      [b.id]: [0, 1, 0, 0],
    });

    await migrateTo(handle, '0068-replanting-index-order');
    await expect(db.selectFrom('drive_member_totals').selectAll().execute()).rejects.toThrow();
    // With the triggers gone, each table takes writes again.
    await db.deleteFrom('drive_attendance').execute();
    await db.deleteFrom('drive_participants').execute();
    await db.deleteFrom('drives').execute();
    await migrateToLatest(handle);
    expect(await handle.db.selectFrom('drive_member_totals').selectAll().execute()).toEqual([]);
  });
});
