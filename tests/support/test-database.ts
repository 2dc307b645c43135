import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../server/db/database';
import type { Database } from '../../server/db/tables';
import { workerSchemaFor } from '../../server/jobs/graphile-queue';

export interface DatabaseTarget {
  name: 'sqlite' | 'postgres';
  url?: string;
}

// Test-only setting: when present, every database suite also runs against this PostgreSQL.
const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. Use with `describe.each`. */
export const databaseTargets: DatabaseTarget[] = [
  { name: 'sqlite' },
  ...(testDatabaseUrl ? [{ name: 'postgres' as const, url: testDatabaseUrl }] : []),
];

/**
 * A fresh, migrated database of its own: in-memory SQLite, or a PostgreSQL schema no other open
 * test database uses. Migrating is most of what that costs (over a second on PostgreSQL), so a
 * test process migrates once per dialect: SQLite copies a migrated image, and PostgreSQL hands a
 * closed database's schema, emptied back to its just-migrated rows, to the next test.
 */
export async function createTestDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const handle =
    target.name === 'sqlite' || !target.url
      ? openDatabase({ sqliteFile: await (sqliteImage ??= migratedSqliteImage()) })
      : await openPostgresSchema(target.url);
  // Used once, as main.ts's migration uses it: Kysely ignores destroy() on a never-used instance.
  await sql`select 1`.execute(handle.db);
  return handle;
}

// ---- SQLite: one migrated in-memory database per process, serialized; each test opens a copy.

let sqliteImage: Promise<Buffer> | undefined;

async function migratedSqliteImage(): Promise<Buffer> {
  const sqlite = new SQLite(':memory:');
  // As openDatabase sets it: migrations that rebuild tables behave the same.
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    await migrateToLatest({ db, dialect: 'sqlite', close: () => db.destroy() });
    return sqlite.serialize();
  } finally {
    await db.destroy();
  }
}

// ---- PostgreSQL: a schema per open test database, reused once emptied.

declare module 'vitest' {
  export interface ProvidedContext {
    /** Every PostgreSQL schema this run makes starts with it (tests/support/vitest-global-setup.ts). */
    testSchemaPrefix: string;
  }
}
const schemaPrefix = inject('testSchemaPrefix') ?? 'test';

interface PostgresPool {
  admin: pg.Pool;
  /** Migrated schemas no open test database uses, holding only their just-migrated rows. */
  spare: string[];
  /** How to bring a used schema back to its just-migrated rows, learnt from the first one (null: drop it instead). */
  reset?: Promise<ResetPlan | null>;
}
const pools = new Map<string, PostgresPool>();

interface ResetPlan {
  /** Every table but Kysely's migration bookkeeping, referencing tables before referenced ones. */
  deleteOrder: string[];
  /** Tables the migrations filled, copied once into `seedSchema`. */
  seeded: string[];
  seedSchema: string;
  /** The just-migrated structure; a test that changed it (e.g. migrated down) leaves a schema no one reuses. */
  structure: string;
}

const BOOKKEEPING = new Set(['kysely_migration', 'kysely_migration_lock']);
const newSchemaName = () => `${schemaPrefix}_${randomBytes(6).toString('hex')}`;
const qualified = (schema: string, table: string) => `"${schema}"."${table}"`;

/** One row, `structure`: every column, constraint and index of the schema, and how far it is migrated. */
const structureQuery = (schema: string) => `select md5(concat_ws('|',
    (select string_agg(concat_ws(':', c.relname, a.attname, format_type(a.atttypid, a.atttypmod),
        a.attnotnull), ',' order by c.relname, a.attname)
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = '${schema}' and c.relkind in ('r', 'p') and a.attnum > 0
        and not a.attisdropped),
    (select string_agg(concat_ws(':', c.relname, con.conname, con.contype, con.confdeltype,
        ref.relname), ',' order by c.relname, con.conname)
      from pg_constraint con join pg_class c on c.oid = con.conrelid
      left join pg_class ref on ref.oid = con.confrelid
      join pg_namespace n on n.oid = con.connamespace where n.nspname = '${schema}'),
    (select string_agg(i.relname, ',' order by i.relname)
      from pg_class i join pg_namespace n on n.oid = i.relnamespace
      where n.nspname = '${schema}' and i.relkind = 'i'),
    (select string_agg(name, ',' order by name) from ${qualified(schema, 'kysely_migration')})
  )) as structure;`;

function poolFor(url: string): PostgresPool {
  let pool = pools.get(url);
  if (!pool) {
    // Idle connections close by themselves, so nothing keeps a finished test process alive.
    const admin = new pg.Pool({
      connectionString: url,
      max: 2,
      idleTimeoutMillis: 1000,
      allowExitOnIdle: true,
    });
    admin.on('error', () => undefined);
    pool = { admin, spare: [] };
    pools.set(url, pool);
  }
  return pool;
}

async function openPostgresSchema(url: string): Promise<DatabaseHandle> {
  const pool = poolFor(url);
  const spare = pool.spare.pop();
  const schema = spare ?? newSchemaName();
  if (!spare) await pool.admin.query(`create schema "${schema}"`);
  const handle = openDatabase({ databaseUrl: url, pgSchema: schema });
  if (!spare) {
    try {
      await migrateToLatest(handle);
    } catch (error) {
      await handle.close();
      throw error;
    }
    // Should learning fail, every test simply gets a schema of its own, as before.
    pool.reset ??= learnReset(pool.admin, schema).catch(() => null);
  }
  const plan = await pool.reset;
  let closing: Promise<void> | undefined;
  return {
    ...handle,
    // Idempotent: a schema must never be handed out twice.
    close: () =>
      (closing ??= (async () => {
        await handle.close();
        if (plan && (await resetSchema(pool.admin, plan, schema))) pool.spare.push(schema);
        else
          await pool.admin.query(
            `drop schema if exists "${schema}" cascade; drop schema if exists "${workerSchemaFor(schema)}" cascade;`,
          );
      })()),
  };
}

/** Reads the tables and foreign keys of a just-migrated schema, and keeps a copy of any rows it holds. */
async function learnReset(admin: pg.Pool, schema: string): Promise<ResetPlan | null> {
  const tables = (
    await admin.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relkind in ('r', 'p')`,
      [schema],
    )
  ).rows
    .map((r) => r.name)
    .filter((name) => !BOOKKEEPING.has(name));
  // Only a key that refuses the delete (NO ACTION, RESTRICT) orders the deletes; CASCADE and
  // SET NULL take care of themselves.
  const blocking = (
    await admin.query<{ child: string; parent: string }>(
      `select child.relname as child, parent.relname as parent from pg_constraint con
       join pg_class child on child.oid = con.conrelid
       join pg_class parent on parent.oid = con.confrelid
       join pg_namespace n on n.oid = con.connamespace
       where n.nspname = $1 and con.contype = 'f' and con.confdeltype in ('a', 'r')
         and con.conrelid <> con.confrelid`,
      [schema],
    )
  ).rows;
  const deleteOrder: string[] = [];
  const left = new Set(tables);
  while (left.size > 0) {
    // A table goes once no table still to be emptied refuses its deletes.
    const ready = [...left].filter(
      (table) => !blocking.some((k) => k.parent === table && left.has(k.child)),
    );
    // A cycle of refusing keys: no order empties them, so each test gets a schema of its own.
    if (ready.length === 0) return null;
    for (const table of ready.sort()) {
      deleteOrder.push(table);
      left.delete(table);
    }
  }
  if (tables.length === 0) return null;
  const counts = await admin.query<{ name: string }>(
    tables
      .map(
        (table) =>
          `select '${table}' as name where exists (select 1 from ${qualified(schema, table)})`,
      )
      .join(' union all '),
  );
  const seeded = counts.rows.map((r) => r.name);
  const seedSchema = seeded.length > 0 ? `${newSchemaName()}_seed` : '';
  if (seedSchema) {
    await admin.query(
      [
        `create schema "${seedSchema}";`,
        ...seeded.map(
          (t) =>
            `create table ${qualified(seedSchema, t)} as select * from ${qualified(schema, t)};`,
        ),
      ].join('\n'),
    );
  }
  const structure = (await admin.query<{ structure: string }>(structureQuery(schema))).rows[0]!
    .structure;
  return { deleteOrder, seeded, seedSchema, structure };
}

/**
 * Back to the just-migrated rows: every row deleted, then the migrations' own rows put back.
 * False when the schema can't be reused: its structure changed, or the reset failed.
 */
async function resetSchema(admin: pg.Pool, plan: ResetPlan, schema: string): Promise<boolean> {
  // DELETE, not TRUNCATE: on these few rows it is many times faster (no new files to make).
  const empty = plan.deleteOrder.map((t) => `delete from ${qualified(schema, t)};`);
  const refill = [...plan.deleteOrder]
    .reverse()
    .filter((t) => plan.seeded.includes(t))
    .map(
      (t) => `insert into ${qualified(schema, t)} select * from ${qualified(plan.seedSchema, t)};`,
    );
  // graphile-worker's tables beside the schema (once a test started the queue): its jobs go too.
  const worker = workerSchemaFor(schema);
  const emptyWorker = `do $$ begin if to_regclass('"${worker}"._private_jobs') is not null then
    delete from "${worker}"._private_jobs; delete from "${worker}"._private_known_crontabs;
    delete from "${worker}"._private_job_queues; end if; end $$;`;
  try {
    // One query of several statements runs as one transaction: all of it happens, or none.
    const results = (await admin.query(
      [structureQuery(schema), ...empty, ...refill, emptyWorker].join('\n'),
    )) as pg.QueryResult[] | pg.QueryResult;
    const first = Array.isArray(results) ? results[0] : results;
    return first?.rows[0]?.structure === plan.structure;
  } catch {
    return false;
  }
}
