import { sql, type Kysely } from 'kysely';

/**
 * 0061 (trees module, issue 20): how many trees wait for a verifier at each drive that has any,
 * with the drive's organiser copied on the row (as `tree_drive_days`), so a verifier's queue and
 * its waiting count read their drives with waiting trees on `(organiser_id, drive_id)` instead of
 * every drive they organise (greenleaf: 2,000). Kept by the trees repository's `withSummary` in
 * the writing transaction; a drive deleted takes its row by the foreign key; a row at 0 goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tree_verification_drives')
    .addColumn('drive_id', 'text', (c) =>
      c.primaryKey().references('drives.id').onDelete('cascade'),
    )
    .addColumn('organiser_id', 'text', (c) => c.notNull())
    .addColumn('waiting', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tree_verification_drives_organiser_idx')
    .on('tree_verification_drives')
    .columns(['organiser_id', 'drive_id'])
    .execute();
  for (const statement of VERIFICATION_DRIVES_FILL) await sql.raw(statement).execute(db);
}

/**
 * The table made again from the rows (both databases): the migration's backfill, and the scale
 * builder's after its bulk inserts. A waiting tree is the partial index's (0048): unverified, with
 * a photo, at a drive.
 */
export const VERIFICATION_DRIVES_FILL: readonly string[] = [
  'delete from tree_verification_drives',
  `insert into tree_verification_drives (drive_id, organiser_id, waiting)
    select t.drive_id, d.organizer_id, count(*)
    from trees t join drives d on d.id = t.drive_id
    where t.verification_status = 'unverified' and t.last_photo_at is not null
      and t.drive_id is not null
    group by t.drive_id, d.organizer_id`,
];

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tree_verification_drives').execute();
}
