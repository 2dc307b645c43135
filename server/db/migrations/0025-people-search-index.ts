import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 20, people search: "contains the text" (from 3 characters) answers from an index instead of
 * a `like '%…%'` over every member (docs/decisions/people-search-index.md), owned by the users module.
 * - SQLite: `users_search`, an FTS5 table with the trigram tokenizer holding each member's id,
 *   username and name. Triggers keep it in step with `users` inside the writing statement (so in its
 *   transaction, whoever writes: repositories, seeds, test factories); an entry is found by its
 *   `user_id`, never by a rowid (VACUUM may renumber the rowids of a table without an INTEGER
 *   PRIMARY KEY). Existing members are indexed here.
 * - PostgreSQL: the `pg_trgm` extension (contrib, trusted: the database owner may create it) and
 *   GIN trigram indexes on `lower(username)` and `lower(coalesce(name, ''))`, which answer the
 *   same `like '%…%'` the search has always asked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Kysely's migration lock is one advisory lock per database, so schemas migrate one at a time.
    await sql`create extension if not exists pg_trgm`.execute(db);
    const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
      join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
    const ops = sql.raw(`"${rows[0]!.schema.replace(/"/g, '""')}".gin_trgm_ops`);
    await sql`create index users_username_trgm on users using gin (lower(username) ${ops}) with (fastupdate = off)`.execute(
      db,
    );
    await sql`create index users_name_trgm on users using gin (lower(coalesce(name, '')) ${ops}) with (fastupdate = off)`.execute(
      db,
    );
    return;
  }
  await sql`create virtual table users_search using fts5(
    user_id unindexed, username, name, tokenize = 'trigram')`.execute(db);
  const add = (row: 'new' | 'users') =>
    sql.raw(`insert into users_search (user_id, username, name)
      select ${row}.id, ${row}.username, coalesce(${row}.name, '')`);
  const remove = sql.raw(`delete from users_search where user_id = old.id`);
  await sql`create trigger users_search_insert after insert on users
    begin ${add('new')}; end`.execute(db);
  await sql`create trigger users_search_delete after delete on users
    begin ${remove}; end`.execute(db);
  await sql`create trigger users_search_update after update of id, username, name on users
    begin ${remove}; ${add('new')}; end`.execute(db);
  await sql`${add('users')} from users`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // The extension stays: other schemas of the database may use it.
    await sql`drop index users_username_trgm`.execute(db);
    await sql`drop index users_name_trgm`.execute(db);
    return;
  }
  for (const trigger of ['users_search_insert', 'users_search_delete', 'users_search_update'])
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  await sql`drop table users_search`.execute(db);
}
