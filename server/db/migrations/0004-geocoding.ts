import type { Kysely } from 'kysely';

// Geocoding answers are cached, and the upstream 1 request/s limit is a slot every app server shares.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('geocode_cache')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Expired answers are pruned by age.
  await db.schema
    .createIndex('geocode_cache_created_idx')
    .on('geocode_cache')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('rate_slots')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_slots').execute();
  await db.schema.dropTable('geocode_cache').execute();
}
