import type { Kysely } from 'kysely';
import { careDueQueries } from '../../modules/trees/tree-care-due.repository';
import type { Database } from '../tables';

/**
 * 0050 (trees module, issue 21 §4): what is wrong with a tree that needs care, in the reporter's
 * words (`trees.health_note`) and its photo (`trees.health_photo_file_id`), cleared when it is
 * reported healthy again. And the care schedule now starts at the later of the planting date and
 * the day the tree was registered: the care rows of trees registered after their planting day are
 * made again (only those change).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trees').addColumn('health_note', 'text').execute();
  // The reference keeps the photo from being discarded while the tree shows it.
  await db.schema
    .alterTable('trees')
    .addColumn('health_photo_file_id', 'text', (c) => c.references('files.id'))
    .execute();
  await careDueQueries(db as Kysely<Database>).rebuildLateRegistered();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trees').dropColumn('health_photo_file_id').execute();
  await db.schema.alterTable('trees').dropColumn('health_note').execute();
}
