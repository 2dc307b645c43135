import { sql, type Kysely } from 'kysely';

/**
 * Field updates on a drive (issue 19 §6): a short text by its organiser side or a supplying
 * nursery, with up to four photos. An update goes with its drive and its photos with the update
 * (foreign-key cascades); a photo is a foreign key to `files`, so a shown file cannot be discarded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('drive_updates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('drive_id', 'text', (c) => c.notNull().references('drives.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Why the author may post: the drive's organiser, an owner or admin of its team, a nursery
    // that supplied it (kept as it was when posted).
    .addColumn('author_role', 'text', (c) =>
      c.notNull().check(sql`author_role in ('organiser', 'team', 'nursery')`),
    )
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // Set by the notices job in the transaction that writes the notices: each is written once.
    .addColumn('notices_sent_at', 'text')
    .execute();
  // A drive's updates newest first, paged by (created_at, id); also "updates of these drives"
  // (the donor's forest timeline): one range per drive.
  await db.schema
    .createIndex('drive_updates_drive_created_idx')
    .on('drive_updates')
    .columns(['drive_id', 'created_at', 'id'])
    .execute();
  // Account deletion finds the person's updates.
  await db.schema
    .createIndex('drive_updates_author_idx')
    .on('drive_updates')
    .column('author_id')
    .execute();

  await db.schema
    .createTable('drive_update_photos')
    .addColumn('update_id', 'text', (c) =>
      c.notNull().references('drive_updates.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id'))
    .addPrimaryKeyConstraint('drive_update_photos_pk', ['update_id', 'position'])
    .execute();
  // Deleting a file checks the referencing rows through this index, not a scan.
  await db.schema
    .createIndex('drive_update_photos_file_idx')
    .on('drive_update_photos')
    .column('file_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('drive_update_photos').execute();
  await db.schema.dropTable('drive_updates').execute();
}
