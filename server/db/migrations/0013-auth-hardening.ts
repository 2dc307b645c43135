import type { Kysely } from 'kysely';

// Shared request counters (so limits hold across app servers), a cap on live sessions per member,
// and coalesced notices (one unread "N people joined or left" row per drive instead of one per change).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'text', (c) => c.notNull())
    .execute();
  // Expired counters are pruned by the daily job.
  await db.schema
    .createIndex('rate_limit_hits_reset_idx')
    .on('rate_limit_hits')
    .column('reset_at')
    .execute();

  // A member's newest sessions first, to end the oldest beyond the cap.
  await db.schema
    .createIndex('sessions_user_created_idx')
    .on('sessions')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema.alterTable('notifications').addColumn('group_key', 'text').execute();
  await db.schema
    .alterTable('notifications')
    .addColumn('group_count', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('notifications_group_idx')
    .on('notifications')
    .columns(['user_id', 'group_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notifications_group_idx').ifExists().execute();
  await db.schema.alterTable('notifications').dropColumn('group_count').execute();
  await db.schema.alterTable('notifications').dropColumn('group_key').execute();
  await db.schema.dropIndex('sessions_user_created_idx').ifExists().execute();
  await db.schema.dropTable('rate_limit_hits').ifExists().execute();
}
