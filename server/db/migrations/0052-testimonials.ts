import type { Kysely } from 'kysely';

/**
 * 0052 (users module, issue 23): a member's own words for Canopy's home page. One row per member
 * (`user_id` the key): the quote (at most 280 characters, checked by the contract) and `shown`,
 * 1 while the member consents to it being shown on the landing page, 0 when they withdrew (the
 * words stay theirs to edit). Deleted with the account (the users module's deletion). The landing
 * page reads the newest shown ones from `testimonials_shown_idx` (shown, updated_at, user_id): a
 * range of the index and a limit, whatever the number of members.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('testimonials')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('quote', 'text', (c) => c.notNull())
    .addColumn('shown', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('testimonials_shown_idx')
    .on('testimonials')
    .columns(['shown', 'updated_at', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('testimonials').execute();
}
