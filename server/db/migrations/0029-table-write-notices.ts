import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 20, signed-in requests on PostgreSQL without a read per request
 * (docs/decisions/shared-cache-invalidation.md): every statement that writes to a table an
 * in-process cache depends on sends `pg_notify('canopy_table_writes', '<schema>.<table>')`. A
 * notification is sent when its transaction commits (never for a rollback), whoever writes (every
 * app server, scripts, psql), and every app server's listener (server/db/write-listener.ts) marks
 * that table written at once, so its caches drop what they hold.
 *
 * The tables: `sessions` and `users` (who is signed in), `api_tokens` (API token owners),
 * `drives` and `drive_participants` (the Plantations list pages). A cache on any other table
 * still sees other servers' writes only when its entries expire (its TTL), as before.
 * Statement-level triggers: one notification per statement, and PostgreSQL folds identical ones in
 * a transaction into one. SQLite has one app server per database: nothing to tell.
 */
export const NOTIFIED_TABLES = [
  'sessions',
  'users',
  'api_tokens',
  'drives',
  'drive_participants',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // In the schema being migrated (the first of the search path), like the tables.
  await sql`create function canopy_notify_table_write() returns trigger language plpgsql as $$
    begin
      perform pg_notify('canopy_table_writes', tg_table_schema || '.' || tg_table_name);
      return null;
    end $$`.execute(db);
  for (const table of NOTIFIED_TABLES)
    await sql`create trigger ${sql.id(`${table}_notify_write`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function canopy_notify_table_write()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of NOTIFIED_TABLES)
    await sql`drop trigger ${sql.id(`${table}_notify_write`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function canopy_notify_table_write()`.execute(db);
}
