import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * 0063 (issue 20, PostgreSQL): `rate_limit_hits` is UNLOGGED. Every rate-limited request (a public
 * forest, the exports, sign-in) counts its hit there in its own transaction; a logged table made
 * each of them wait for a WAL flush (3–13 ms measured, the same row's hits queueing behind each
 * other's commit), while a transaction that writes only unlogged tables commits without one. A
 * counter lost in a crash or a failover only restarts its window (the checkout guard's too, see
 * docs/decisions/unlogged-rate-limits.md). SQLite has no unlogged tables: nothing to do there.
 */
async function persistence(db: Kysely<unknown>, logged: boolean): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table rate_limit_hits set ${sql.raw(logged ? 'logged' : 'unlogged')}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await persistence(db, false);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await persistence(db, true);
}
