import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, DriveAttendanceTable } from '../../db/tables';

export type AttendanceRow = Selectable<DriveAttendanceTable>;

/**
 * `drive_attendance` and the drive's attendance columns (0047): every write of a drive's
 * attendance first takes the drive row's lock (`lockDrive`), then changes rows, then `recount`s
 * the drive, so the sums stay exact however many scanners write at once; triggers carry the
 * drive's change into the organiser's and the community's months.
 */

/** What the volunteer certificate shows of a drive. */
const CERTIFICATE_DRIVE = [
  'd.id',
  'd.name',
  'd.starts_at',
  'd.time_zone',
  'd.location_text',
  'd.country',
  'd.organizer_id',
] as const;
export function driveAttendanceRepository(db: Kysely<Database>) {
  return {
    /** Takes the drive row's lock for this transaction (a no-op update); false when there is no drive. */
    async lockDrive(driveId: string): Promise<boolean> {
      const r = await db
        .updateTable('drives')
        .set((eb) => ({ attendance_minutes: eb.ref('attendance_minutes') }))
        .where('id', '=', driveId)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    find: (driveId: string, personId: string) =>
      db
        .selectFrom('drive_attendance')
        .selectAll()
        .where('drive_id', '=', driveId)
        .where('person_id', '=', personId)
        .executeTakeFirst(),

    forDrive: (driveId: string) =>
      db.selectFrom('drive_attendance').selectAll().where('drive_id', '=', driveId).execute(),

    byWalkInEmail: (driveId: string, email: string) =>
      db
        .selectFrom('drive_attendance')
        .selectAll()
        .where('drive_id', '=', driveId)
        .where('walk_in_email', '=', email)
        .executeTakeFirst(),

    byClaim: (driveId: string, claimHash: string) =>
      db
        .selectFrom('drive_attendance')
        .selectAll()
        .where('claim_hash', '=', claimHash)
        .where('drive_id', '=', driveId)
        .executeTakeFirst(),

    /** True when this call made the row (the primary key keeps a second check-in out). */
    async insertIfAbsent(row: AttendanceRow): Promise<boolean> {
      const r = await db
        .insertInto('drive_attendance')
        .values(row)
        .onConflict((oc) => oc.columns(['drive_id', 'person_id']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    update: (
      driveId: string,
      personId: string,
      changes: Partial<Omit<AttendanceRow, 'drive_id'>>,
    ) =>
      db
        .updateTable('drive_attendance')
        .set(changes)
        .where('drive_id', '=', driveId)
        .where('person_id', '=', personId)
        .execute(),

    remove: (driveId: string, personId: string) =>
      db
        .deleteFrom('drive_attendance')
        .where('drive_id', '=', driveId)
        .where('person_id', '=', personId)
        .execute(),

    /** The drives where the member has attendance (account deletion removes it, then recounts). */
    async driveIdsOf(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('drive_attendance')
        .select('drive_id')
        .where('user_id', '=', userId)
        .execute();
      return rows.map((r) => r.drive_id);
    },

    removeAllOf: (userId: string) =>
      db.deleteFrom('drive_attendance').where('user_id', '=', userId).execute(),

    /**
     * The drive's sums from its rows (call under `lockDrive`): its attendance minutes, and whether
     * its organiser has a row of their own (else they count the drive's duration).
     */
    recount: (driveId: string) =>
      db
        .updateTable('drives')
        .set({
          attendance_minutes: sql<number>`(select coalesce(sum(a.minutes), 0) from drive_attendance a
            where a.drive_id = drives.id)`,
          organiser_attended: sql<number>`(case when exists (select 1 from drive_attendance a
            where a.drive_id = drives.id and a.person_id = drives.organizer_id) then 1 else 0 end)`,
        })
        .where('id', '=', driveId)
        .execute(),

    /**
     * The member's attendance that counted hours at drives starting in [from, before), by start:
     * one range of drive_attendance_user_idx, then each drive by its key.
     */
    attendedBy: (userId: string, from: string, before: string) =>
      db
        .selectFrom('drive_attendance as a')
        .innerJoin('drives as d', 'd.id', 'a.drive_id')
        .select([...CERTIFICATE_DRIVE, 'a.minutes'])
        .where('a.user_id', '=', userId)
        .where('a.minutes', '>', 0)
        .where('d.starts_at', '>=', from)
        .where('d.starts_at', '<', before)
        .orderBy('d.starts_at')
        .orderBy('d.id')
        .execute(),

    /** The organiser's own hours at their drives starting in [from, before) without a row of theirs. */
    organisedWithoutRow: (userId: string, from: string, before: string) =>
      db
        .selectFrom('drives as d')
        .select([...CERTIFICATE_DRIVE, sql<number>`d.duration_hours * 60`.as('minutes')])
        .where('d.organizer_id', '=', userId)
        .where('d.organiser_attended', '=', 0)
        .where('d.starts_at', '>=', from)
        .where('d.starts_at', '<', before)
        .execute(),
  };
}
export type DriveAttendanceRepository = ReturnType<typeof driveAttendanceRepository>;
