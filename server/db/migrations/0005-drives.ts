import type { Kysely } from 'kysely';

// Drive reminders are claimed per drive; list filters get indexes; personal iCal feeds get secret addresses.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Set when the day-before reminder was sent (claimed atomically, so several servers send it once).
  await db.schema.alterTable('drives').addColumn('reminder_sent_at', 'text').execute();
  // The Plantations list filtered by country, in date order (0001 already has (starts_at, id)).
  await db.schema
    .createIndex('drives_country_starts_at_idx')
    .on('drives')
    .columns(['country', 'starts_at', 'id'])
    .execute();

  // One feed per member; the token is HMAC(secret, user:nonce), only its SHA-256 is looked up.
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').execute();
  await db.schema.dropIndex('drives_country_starts_at_idx').execute();
  await db.schema.alterTable('drives').dropColumn('reminder_sent_at').execute();
}
