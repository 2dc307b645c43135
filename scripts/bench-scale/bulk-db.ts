import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * The tables the builder writes: their secondary indexes are built once, after the rows, and the
 * consistency check follows their foreign keys.
 */
export const BULK_TABLES = [
  'users',
  'drives',
  'drive_participants',
  'trees',
  'tree_measurements',
  'tree_care_log',
  'donations',
] as const;

/** A column of a bulk insert: its name and, for PostgreSQL's unnest, its array element type. */
export type ColumnType = 'text' | 'int4' | 'int8' | 'float8';
export type Columns = ReadonlyArray<readonly [name: string, type: ColumnType]>;
export type Row = readonly unknown[];

/**
 * The few things the million-tree builder asks of a database, on better-sqlite3 or `pg` directly
 * (no Kysely: a million rows go in through prepared statements / unnest batches). SQL is written
 * with `?` placeholders on both.
 */
export interface BulkDb {
  dialect: 'sqlite' | 'postgres';
  all<T>(text: string, params?: readonly unknown[]): Promise<T[]>;
  run(text: string, params?: readonly unknown[]): Promise<void>;
  /** Inserts rows (one transaction on SQLite; one unnest statement per 10,000 rows on PostgreSQL). */
  insert(table: string, columns: Columns, rows: readonly Row[]): Promise<void>;
  /**
   * The same from one flat array of whole rows' values in column order (the builder's large
   * tables: no array per row to make, copy and collect). `values` may be reused once this returns.
   */
  insertFlat(table: string, columns: Columns, values: readonly unknown[]): Promise<void>;
  /**
   * Drops the secondary indexes of `tables` (the ones no constraint needs; on PostgreSQL their
   * foreign keys too) and returns what makes them again, from their stored definitions: building
   * an index once after the rows go in is far cheaper than keeping it through a million inserts.
   */
  deferIndexes(tables: readonly string[]): Promise<() => Promise<void>>;
  /** Waits for inserts still on their way (PostgreSQL pipelines them on its one connection). */
  drain(): Promise<void>;
  /** CPU seconds spent in each table's inserts, where this process spends them (SQLite), for the log. */
  insertCpu(): string;
  close(): Promise<void>;
}

/**
 * SQLite for the build: no rollback journal and no fsync while the rows go in (a failed build is
 * thrown away), a large page cache; WAL and the app's settings come back in `close`.
 */
export function sqliteBulk(file: string): BulkDb {
  const db = new SQLite(file);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  // 128 MiB: a 1 GiB cache made the index builds after the load slower (tree_care_due_owner_idx
  // 10.0 → 12.5 s CPU, trees_owner_planted_idx 2.4 → 3.0 s).
  db.pragma('cache_size = -131072');
  // The summaries' and the check's GROUP BY sorts in memory, not in temporary files.
  db.pragma('temp_store = MEMORY');
  // CREATE INDEX after the rows sorts with a helper thread (the index builds are seconds each).
  db.pragma('threads = 2');
  // The generator only names rows it made; `checkConsistency` runs foreign_key_check afterwards.
  db.pragma('foreign_keys = OFF');
  const statements = new Map<string, SQLite.Statement>();
  const cpuByTable = new Map<string, number>();
  const prepared = (text: string) => {
    let s = statements.get(text);
    if (!s) statements.set(text, (s = db.prepare(text)));
    return s;
  };
  return {
    dialect: 'sqlite',
    async all<T>(text: string, params: readonly unknown[] = []) {
      return prepared(text).all(...params) as T[];
    },
    async run(text, params = []) {
      const s = prepared(text);
      if (s.reader) s.all(...params);
      else s.run(...params);
    },
    async insert(table, columns, rows) {
      await this.insertFlat(table, columns, rows.flat());
    },
    async insertFlat(table, columns, values) {
      const width = columns.length;
      if (values.length === 0) return;
      if (values.length % width !== 0)
        throw new Error(`${table}: ${values.length} values are not whole rows of ${width}`);
      const head = `insert into ${table} (${columns.map((c) => c[0]).join(', ')}) values `;
      const tuple = `(${columns.map(() => '?').join(', ')})`;
      // As many rows per statement as fit SQLITE_PARAMETERS (one call into SQLite for each).
      const perStatement = Math.max(
        1,
        Math.min(SQLITE_ROWS, Math.floor(SQLITE_PARAMETERS / width)),
      );
      const many = prepared(head + Array(perStatement).fill(tuple).join(', '));
      const one = prepared(head + tuple);
      const step = perStatement * width;
      const cpu = process.cpuUsage();
      // A transaction per call: one over the whole load was far slower at full scale (once its
      // dirty pages outgrew the page cache, each new page waited on a spill).
      db.transaction(() => {
        let i = 0;
        for (; i + step <= values.length; i += step) many.run(values.slice(i, i + step));
        for (; i < values.length; i += width) one.run(values.slice(i, i + width));
      })();
      const used = process.cpuUsage(cpu);
      cpuByTable.set(table, (cpuByTable.get(table) ?? 0) + (used.user + used.system) / 1e6);
    },
    insertCpu() {
      return [...cpuByTable]
        .sort((a, b) => b[1] - a[1])
        .map(([table, seconds]) => `${table} ${seconds.toFixed(1)} s`)
        .join(', ');
    },
    async deferIndexes(tables) {
      const list = tables.map((t) => `'${t}'`).join(', ');
      const indexes = db
        .prepare(
          `select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${list})`,
        )
        .all() as { name: string; sql: string }[];
      for (const index of indexes) db.exec(`drop index ${index.name}`);
      return async () => {
        for (const index of indexes) db.exec(index.sql);
      };
    },
    async drain() {},
    async close() {
      statements.clear();
      db.pragma('journal_mode = WAL');
      db.pragma('foreign_keys = ON');
      db.close();
    },
  };
}

const PG_BATCH = 10_000;
/** Rows per SQLite insert statement (one call into SQLite for many rows), within its parameters. */
const SQLITE_ROWS = 200;
const SQLITE_PARAMETERS = 4_000;

/** `?` placeholders become `$1…`. */
const numbered = (text: string) => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

/**
 * PostgreSQL for the build: one connection without waiting for WAL flushes; each batch is
 * `insert … select * from unnest($1::text[], …)`, sent while the next batch is generated.
 */
export async function postgresBulk(url: string): Promise<BulkDb> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('set synchronous_commit = off');
  // Batches go one after another on the connection (a chain, not concurrent queries), while the
  // generator makes the next ones; at most a few wait, so memory stays flat.
  let chain: Promise<unknown> = Promise.resolve();
  let queued = 0;
  let failure: unknown;
  const send = (text: string, values: unknown[]) => {
    queued++;
    chain = chain
      .then(() => (failure ? undefined : client.query(text, values)))
      .catch((error: unknown) => (failure ??= error))
      .finally(() => queued--);
  };
  const check = () => {
    if (failure) throw failure;
  };
  const drain = async () => {
    await chain;
    check();
  };
  const bulk: BulkDb = {
    dialect: 'postgres',
    async all<T>(text: string, params: readonly unknown[] = []) {
      await drain();
      return (await client.query(numbered(text), [...params])).rows as T[];
    },
    async run(text, params = []) {
      await drain();
      await client.query(numbered(text), [...params]);
    },
    async insert(table, columns, rows) {
      await bulk.insertFlat(table, columns, rows.flat());
    },
    async insertFlat(table, columns, values) {
      check();
      const width = columns.length;
      if (values.length % width !== 0)
        throw new Error(`${table}: ${values.length} values are not whole rows of ${width}`);
      const rows = values.length / width;
      for (let start = 0; start < rows; start += PG_BATCH) {
        const end = Math.min(rows, start + PG_BATCH);
        const arrays = columns.map((_, i) => {
          const column: unknown[] = new Array(end - start);
          for (let r = start; r < end; r++) column[r - start] = values[r * width + i] ?? null;
          return column;
        });
        send(
          `insert into ${table} (${columns.map((c) => c[0]).join(', ')})
             select * from unnest(${columns.map((c, i) => `$${i + 1}::${c[1]}[]`).join(', ')})`,
          arrays,
        );
      }
      // At most a few batches waiting: the generator waits here rather than filling memory.
      while (queued > 3) await Promise.race([chain, new Promise((r) => setTimeout(r, 5))]);
      check();
    },
    async deferIndexes(tables) {
      await drain();
      const { rows } = await client.query<{ indexname: string; indexdef: string }>(
        `select indexname, indexdef from pg_indexes i
          where schemaname = current_schema() and tablename = any($1)
            and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
        [tables],
      );
      for (const index of rows) await client.query(`drop index ${index.indexname}`);
      // Their foreign keys too: checked row by row (a trigger query per row and key) they cost
      // more than the rows; added again afterwards, each is validated by one join.
      const { rows: keys } = await client.query<{ table: string; name: string; def: string }>(
        `select c.conrelid::regclass::text as table, c.conname as name,
             pg_get_constraintdef(c.oid) as def
           from pg_constraint c join pg_class t on t.oid = c.conrelid
           join pg_namespace n on n.oid = t.relnamespace
          where c.contype = 'f' and n.nspname = current_schema() and t.relname = any($1)`,
        [tables],
      );
      for (const key of keys)
        await client.query(`alter table ${key.table} drop constraint "${key.name}"`);
      return async () => {
        await drain();
        await client.query(`set maintenance_work_mem = '256MB'`);
        for (const index of rows) await client.query(index.indexdef);
        for (const key of keys)
          await client.query(`alter table ${key.table} add constraint "${key.name}" ${key.def}`);
      };
    },
    drain,
    insertCpu: () => '',
    async close() {
      await drain().catch(() => undefined);
      await client.end();
    },
  };
  return bulk;
}
