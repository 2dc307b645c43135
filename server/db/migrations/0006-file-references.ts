import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** Columns that show a stored file; from now on each is a foreign key to `files`. */
const REFERENCES = [
  { table: 'users', column: 'avatar_file_id' },
  { table: 'drives', column: 'image_file_id' },
] as const;

/**
 * The database knows which files are in use: a file still referenced cannot be deleted, whatever
 * table references it. SQLite cannot add a constraint to a column, so it gets a new column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const { table, column } of REFERENCES) {
    // A reference to a file already gone (the race this migration ends) shows nothing; clear it.
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = null
      where ${sql.ref(column)} is not null
        and ${sql.ref(column)} not in (select id from files)`.execute(db);
    if (postgres) {
      await sql`alter table ${sql.table(table)} add constraint ${sql.raw(`${table}_${column}_fk`)}
        foreign key (${sql.ref(column)}) references files (id)`.execute(db);
    } else {
      const fresh = `${column}_ref`;
      await db.schema
        .alterTable(table)
        .addColumn(fresh, 'text', (c) => c.references('files.id'))
        .execute();
      await sql`update ${sql.table(table)} set ${sql.ref(fresh)} = ${sql.ref(column)}`.execute(db);
      await db.schema.alterTable(table).dropColumn(column).execute();
      await db.schema.alterTable(table).renameColumn(fresh, column).execute();
    }
    // Deleting a file checks the referencing rows through this index, not a scan.
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).column(column).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const { table, column } of REFERENCES) {
    await db.schema.dropIndex(`${table}_${column}_idx`).execute();
    if (postgres)
      await sql`alter table ${sql.table(table)} drop constraint ${sql.raw(`${table}_${column}_fk`)}`.execute(
        db,
      );
  }
}
