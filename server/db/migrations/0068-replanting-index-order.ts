import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * 0068 (trees module, issue 20): on PostgreSQL the replanting list's order (latest death first,
 * unknown deaths last, then id) is the order of trees_owner_dead_idx, so a page reads its rows
 * from the index and stops. PostgreSQL's backward scan of 0034's ascending index gives unknown
 * deaths first, so it sorted all of a member's dead trees on every page (asha's 271 at a million).
 * SQLite's backward scan already gives nulls last: its index stays as 0034 made it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index trees_owner_dead_idx`.execute(db);
  await sql`create index trees_owner_dead_idx
    on trees (owner_id, status_changed_at desc nulls last, id desc) where status = 'dead'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index trees_owner_dead_idx`.execute(db);
  await sql`create index trees_owner_dead_idx
    on trees (owner_id, status_changed_at, id) where status = 'dead'`.execute(db);
}
