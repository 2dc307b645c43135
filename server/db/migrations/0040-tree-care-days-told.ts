import type { Kysely } from 'kysely';

/**
 * 0040 (trees module, issue 20): the daily care pass reads each member's latest care notice,
 * `max(told_at)` of their `tree_care_days` rows, for every member it visits; with this index that
 * is one seek instead of a walk over the member's day rows (one a day, kept 400 days).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('tree_care_days_told_idx')
    .on('tree_care_days')
    .columns(['owner_id', 'told_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tree_care_days_told_idx').ifExists().execute();
}
