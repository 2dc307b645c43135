import type { Kysely } from 'kysely';

/**
 * 0050 (trees module, issue 21 §4): what is wrong with a tree that needs care, in the reporter's
 * words (`trees.health_note`) and its photo (`trees.health_photo_file_id`), cleared when it is
 * reported healthy again. The care schedule's new start (the later of planting and registration)
 * needs no rebuild here: 0049, just before, makes every care row again with the current rules.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trees').addColumn('health_note', 'text').execute();
  // The reference keeps the photo from being discarded while the tree shows it.
  await db.schema
    .alterTable('trees')
    .addColumn('health_photo_file_id', 'text', (c) => c.references('files.id'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trees').dropColumn('health_photo_file_id').execute();
  await db.schema.alterTable('trees').dropColumn('health_note').execute();
}
