import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  SqliteDialect,
  type DatabaseIntrospector,
  type Migration,
  type MigrationResultSet,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import { preparingClient } from './pg-named-statements';
import { migrations } from './migrations/index';
import { analyseBareIndexes } from './sqlite-statistics';
import { withFastRows, type FastRowStatement } from './sqlite-fast-rows';
import { tableWrites, trackingWrites } from './table-writes';
import { listenForWrites } from './write-listener';
import type { Database } from './tables';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL's connection pool (graphile-worker runs the jobs on it). */
  pgPool?: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…` selects PostgreSQL; otherwise SQLite. */
  databaseUrl?: string | undefined;
  /** SQLite file; `:memory:` for tests, or a serialized database to open in memory (a test's migrated copy). */
  sqliteFile?: string | Buffer;
  /** PostgreSQL schema to use (tests isolate each suite in its own schema). */
  pgSchema?: string;
  /**
   * SQLite's sync level (default FULL: a commit is on disk before it is acknowledged, so a power
   * failure loses no acknowledged donation; NORMAL is only for the bench's comparison).
   */
  synchronous?: 'FULL' | 'NORMAL';
}

// PostgreSQL returns COUNT/SUM of bigint/numeric as strings; numbers are what the code expects.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

/** How many prepared SQLite statements are kept (least recently used go first). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 with prepared statements kept by SQL text: Kysely prepares every query afresh,
 * which was a quarter of a list request's database time. A statement still being iterated (a
 * streamed select) is never handed out twice; a fresh one is prepared instead.
 */
export function withStatementCache(
  sqlite: SQLite.Database,
  max = STATEMENT_CACHE_SIZE,
): SqliteDatabase & { readonly cachedStatements: number } {
  const statements = new Map<string, FastRowStatement>();
  return {
    get cachedStatements() {
      return statements.size;
    },
    prepare(text: string) {
      const cached = statements.get(text);
      if (cached) {
        if (cached.busy) return withFastRows(text, sqlite.prepare(text));
        // Most recently used last, so the first key is the one to evict.
        statements.delete(text);
        statements.set(text, cached);
        return cached;
      }
      // preparedQuery's reads make their rows in JavaScript (sqlite-fast-rows.ts).
      const statement = withFastRows(text, sqlite.prepare(text));
      statements.set(text, statement);
      if (statements.size > max) statements.delete(statements.keys().next().value!);
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const connection: pg.ClientConfig = {
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: 5000,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    };
    const pool = new pg.Pool({ ...connection, max: 10 });
    // An idle client error (e.g. the server restarted) must not crash the process.
    pool.on('error', () => undefined);
    // Nor an error on a checked-out client: the query using it fails with it (graphile-worker asks for this).
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      // preparedQuery's statements are prepared once per connection (pg-named-statements.ts).
      preparingClient(client);
    });
    // Other app servers' writes reach this process's caches at once (server/db/write-listener.ts).
    const dialect = trackingWrites(new PostgresDialect({ pool }), tableWrites, (tracker) =>
      listenForWrites(connection, tracker),
    );
    const db = new Kysely<Database>({ dialect });
    return { db, dialect: 'postgres', pgPool: pool, close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (typeof file === 'string' && file !== ':memory:')
    fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`synchronous = ${options.synchronous === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
  const db = new Kysely<Database>({
    dialect: trackingWrites(new SqliteDialect({ database: withStatementCache(sqlite) })),
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * Kysely's migrator asks whether its bookkeeping tables exist by introspecting every table and
 * column of the whole database; on PostgreSQL that query fails ("column … does not exist") while
 * another schema's DDL runs at the same moment (tests migrate many schemas at once). It is only
 * told about our own schema's tables, read from `information_schema`.
 */
function schemaIntrospector(db: Kysely<Database>, schema: string): DatabaseIntrospector {
  return {
    getSchemas: async () => [{ name: schema }],
    getTables: async () => {
      const { rows } = await sql<{ name: string }>`select table_name as name
        from information_schema.tables where table_schema = ${schema}`.execute(db);
      return rows.map((r) => ({ name: r.name, schema, isView: false, columns: [] }));
    },
    getMetadata: async () => ({ tables: [] }),
  };
}

/**
 * A migrator for this database (on PostgreSQL pinned to the connection's schema). Migrations may
 * land out of their number's order (engineers number theirs while others land): a database
 * migrated in between still takes the earlier-numbered one later instead of refusing to start
 * (docs/decisions/unordered-migrations.md).
 */
export async function migratorFor(
  handle: DatabaseHandle,
  registry: Record<string, Migration> = migrations,
): Promise<Migrator> {
  const { db } = handle;
  const provider = { getMigrations: async () => registry };
  const allowUnorderedMigrations = true;
  if (handle.dialect !== 'postgres')
    return new Migrator({ db, provider, allowUnorderedMigrations });
  // Pin the bookkeeping tables to our schema: otherwise Kysely finds same-named tables in other schemas.
  const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db))
    .rows[0]!.schema;
  const introspection = schemaIntrospector(db, schema);
  // The same database object, but its `introspection` sees only our schema.
  const scoped = new Proxy(db, {
    get(target, prop) {
      if (prop === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return new Migrator({
    db: scoped,
    provider,
    migrationTableSchema: schema,
    allowUnorderedMigrations,
  });
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<MigrationResultSet> {
  const migrator = await migratorFor(handle);
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    // No migration ran: the database itself is unreachable; keep the original error and its code.
    if (!failed) throw result.error;
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`Migration ${failed.migrationName} failed: ${reason}`);
  }
  // An index a migration remade on an analysed database gets its statistics back.
  if (handle.dialect === 'sqlite') await analyseBareIndexes(handle.db as Kysely<unknown>);
  return result;
}

export function sqliteFileIn(dataDir: string): string {
  return path.join(dataDir, 'canopy.sqlite');
}
