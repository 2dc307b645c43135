import { sql, type Kysely } from 'kysely';

/**
 * 0034 (trees module, issue 20): a member's dead trees in replanting order, so the replanting
 * list's pages (latest death first, GET /api/trees/replanting) and its count read the member's
 * dead trees from an index range instead of every tree they own (6,400 for the busiest member
 * at a million trees). Partial (`status = 'dead'`, which the queries name as a literal), so it
 * never competes with trees_owner_idx for a member's other reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('trees_owner_dead_idx')
    .on('trees')
    .columns(['owner_id', 'status_changed_at', 'id'])
    .where(sql.ref('status'), '=', 'dead')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('trees_owner_dead_idx').execute();
}
