import type { Kysely } from 'kysely';

/**
 * Sharing a forest (issue 19 §4): a member's public page at `/forest/{handle}`. One row per member
 * who ever chose a handle (owned by the forest module); no row means private. The handle is
 * stored lower-case and unique, so the public page reads one row by its index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('forest_profiles')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('handle', 'text', (c) => c.notNull())
    // 1: anyone may read the forest at /forest/{handle}; 0: the handle is kept, the page is 404.
    .addColumn('public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('forest_profiles_handle_key')
    .on('forest_profiles')
    .column('handle')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('forest_profiles_handle_key').execute();
  await db.schema.dropTable('forest_profiles').execute();
}
