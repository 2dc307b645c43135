import type { Kysely } from 'kysely';

/**
 * 0036 (trees module, issue 20): a member's trees in their forest's order (latest planting
 * first, then id), so a page of /api/forest and the public forest reads `limit` rows from an
 * index range instead of sorting every tree the member owns (6,400 for the busiest member at a
 * million trees).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('trees_owner_planted_idx')
    .on('trees')
    .columns(['owner_id', 'planted_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('trees_owner_planted_idx').execute();
}
