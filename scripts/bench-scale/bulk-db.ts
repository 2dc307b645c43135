import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

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

/** A column of a bulk insert: its name and its PostgreSQL type (documentation; COPY parses by the table's). */
export type ColumnType = 'text' | 'int4' | 'int8' | 'float8';
export type Columns = ReadonlyArray<readonly [name: string, type: ColumnType]>;
export type Row = readonly unknown[];

/**
 * The few things the million-tree builder asks of a database, on better-sqlite3 or `pg` directly
 * (no Kysely: a million rows go in through prepared statements / COPY batches). SQL is written
 * with `?` placeholders on both.
 */
export interface BulkDb {
  dialect: 'sqlite' | 'postgres';
  all<T>(text: string, params?: readonly unknown[]): Promise<T[]>;
  run(text: string, params?: readonly unknown[]): Promise<void>;
  /**
   * Statements without parameters; `unsafe` (SQLite) with its defensive mode off, for the one
   * step that writes an R*Tree's shadow tables (trees-geo.ts).
   */
  exec(text: string, options?: { unsafe?: boolean }): Promise<void>;
  /** Inserts rows (one transaction on SQLite; one COPY per 10,000 rows on PostgreSQL). */
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
  deferIndexes(tables: readonly string[]): Promise<() => Promise<string>>;
  /** Waits for inserts still on their way (PostgreSQL pipelines them on its one connection). */
  drain(): Promise<void>;
  /**
   * Seconds spent in each table's inserts, for the log: CPU where this process spends them
   * (SQLite), else each table's COPY time on its connection (PostgreSQL: the server's work).
   */
  insertCpu(): string;
  /**
   * PostgreSQL: the load's other connections, for work beside this one's (each its own
   * statements in order); none on SQLite (one writer).
   */
  beside?(): readonly BulkDb[];
  /** The writer thread's CPU seconds so far (`sqliteBulkThread`), else null. */
  writerCpu(): Promise<number | null>;
  close(): Promise<void>;
}

/**
 * SQLite's settings for the build: no rollback journal and no fsync while the rows go in (a
 * failed build is thrown away), a large page cache; WAL and the app's settings come back in `close`.
 */
const SQLITE_BULK_PRAGMAS = [
  'journal_mode = OFF',
  'synchronous = OFF',
  // 128 MiB: a 1 GiB cache made the index builds after the load slower (tree_care_due_owner_idx
  // 10.0 → 12.5 s CPU, trees_owner_planted_idx 2.4 → 3.0 s).
  'cache_size = -131072',
  // The summaries' and the check's GROUP BY sorts in memory, not in temporary files.
  'temp_store = MEMORY',
  // CREATE INDEX after the rows sorts with a helper thread (the index builds are seconds each).
  'threads = 2',
  // The generator only names rows it made; `checkConsistency` runs foreign_key_check afterwards.
  'foreign_keys = OFF',
  // (The community charts' job writes its snapshot beside the summaries: each waits its turn.)
  'busy_timeout = 120000',
];
const SQLITE_CLOSING_PRAGMAS = ['journal_mode = WAL', 'foreign_keys = ON'];

/** The rows `values` hold for `width` columns, flat; a partial row is the caller's mistake. */
function wholeRows(table: string, values: readonly unknown[], width: number): number {
  if (values.length % width !== 0)
    throw new Error(`${table}: ${values.length} values are not whole rows of ${width}`);
  return values.length / width;
}

/** SQLite for the build, in this thread (the consistency check reads through it). */
export function sqliteBulk(file: string): BulkDb {
  const db = new SQLite(file);
  for (const pragma of SQLITE_BULK_PRAGMAS) db.pragma(pragma);
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
    async exec(text, { unsafe = false } = {}) {
      db.unsafeMode(unsafe);
      try {
        db.exec(text);
      } finally {
        db.unsafeMode(false);
      }
    },
    async insert(table, columns, rows) {
      await this.insertFlat(table, columns, rows.flat());
    },
    async insertFlat(table, columns, values) {
      const width = columns.length;
      if (values.length === 0) return;
      wholeRows(table, values, width);
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
    writerCpu: async () => null,
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
      return () => remake(indexes, (sql) => db.exec(sql));
    },
    async drain() {},
    async close() {
      statements.clear();
      for (const pragma of SQLITE_CLOSING_PRAGMAS) db.pragma(pragma);
      db.close();
    },
  };
}

/**
 * The writer thread of `sqliteBulkThread` (plain JavaScript, evaluated: no TypeScript loader in a
 * worker). It runs each message in order on its own connection; an insert answers only when
 * done (for the main thread's count of inserts on their way), its error with the next answer.
 */
const WRITER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
for (const pragma of workerData.pragmas) db.pragma(pragma);
const statements = new Map();
const prepared = (text) => {
  let s = statements.get(text);
  if (!s) statements.set(text, (s = db.prepare(text)));
  return s;
};
// This thread's CPU (Linux: its schedstat), else its wall clock.
const stat = '/proc/thread-self/schedstat';
const ms = fs.existsSync(stat)
  ? () => Number(fs.readFileSync(stat, 'utf8').split(' ', 1)[0]) / 1e6
  : () => performance.now();
const spent = new Map();
let failure = null;
parentPort.on('message', (m) => {
  try {
    if (m.op === 'insert') {
      if (failure) return parentPort.postMessage({ inserted: true });
      const started = ms();
      const width = m.columns.length;
      const values = m.values;
      const head = 'insert into ' + m.table + ' (' + m.columns.join(', ') + ') values ';
      const tuple = '(' + m.columns.map(() => '?').join(', ') + ')';
      const many = prepared(head + Array(m.perStatement).fill(tuple).join(', '));
      const one = prepared(head + tuple);
      const step = m.perStatement * width;
      db.transaction(() => {
        let i = 0;
        for (; i + step <= values.length; i += step) many.run(values.slice(i, i + step));
        for (; i < values.length; i += width) one.run(values.slice(i, i + width));
      })();
      spent.set(m.table, (spent.get(m.table) || 0) + (ms() - started) / 1000);
      return parentPort.postMessage({ inserted: true });
    }
    if (failure) throw failure;
    let result;
    if (m.op === 'all') result = prepared(m.text).all(...m.params);
    else if (m.op === 'run') {
      const s = prepared(m.text);
      if (s.reader) s.all(...m.params);
      else s.run(...m.params);
    } else if (m.op === 'exec') {
      db.unsafeMode(Boolean(m.unsafe));
      try {
        db.exec(m.text);
      } finally {
        db.unsafeMode(false);
      }
    } else if (m.op === 'remake') {
      result = [];
      for (const index of m.indexes) {
        const started = performance.now();
        db.exec(index.sql);
        result.push([index.name, (performance.now() - started) / 1000]);
      }
    }
    else if (m.op === 'spent') result = [...spent];
    else if (m.op === 'cpu') result = ms() / 1000;
    else if (m.op === 'close') {
      statements.clear();
      for (const pragma of workerData.closing) db.pragma(pragma);
      db.close();
    }
    parentPort.postMessage({ id: m.id, result });
  } catch (error) {
    if (m.op === 'insert') {
      failure = failure || error;
      return parentPort.postMessage({ inserted: true });
    }
    failure = null;
    parentPort.postMessage({ id: m.id, error: String(error && error.message || error) });
  }
});
`;

/** Inserts sent to the writer thread and not yet done: past this the generator waits. */
const WRITER_QUEUE = 4;

/**
 * SQLite for the load, written by a thread of its own: the generator (this thread) makes the next
 * rows while the writer inserts the last ones, on two cores (each insert's values are copied to
 * the writer; `values` may be reused at once). Everything else goes to the writer too, in order,
 * so the load has one connection as before.
 */
export function sqliteBulkThread(file: string): BulkDb {
  const worker = new Worker(WRITER, {
    eval: true,
    workerData: {
      file,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      pragmas: SQLITE_BULK_PRAGMAS,
      closing: SQLITE_CLOSING_PRAGMAS,
    },
  });
  let next = 0;
  let inserting = 0;
  let waitingForInsert: (() => void) | null = null;
  let broken: Error | null = null;
  const answers = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  worker.on(
    'message',
    (m: { id?: number; inserted?: boolean; result?: unknown; error?: string }) => {
      if (m.inserted) {
        inserting--;
        waitingForInsert?.();
        return;
      }
      const answer = answers.get(m.id!);
      answers.delete(m.id!);
      if (m.error) answer?.reject(new Error(m.error));
      else answer?.resolve(m.result);
    },
  );
  const fail = (error: Error) => {
    broken = error;
    for (const answer of answers.values()) answer.reject(error);
    answers.clear();
    waitingForInsert?.();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the SQLite writer thread stopped (${code})`)));
  const ask = <T>(message: object): Promise<T> => {
    if (broken) return Promise.reject(broken);
    const id = next++;
    return new Promise<T>((resolve, reject) => {
      answers.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  };
  let spent: [string, number][] = [];
  return {
    dialect: 'sqlite',
    all: <T>(text: string, params: readonly unknown[] = []) =>
      ask<T[]>({ op: 'all', text, params }),
    run: (text, params = []) => ask<void>({ op: 'run', text, params }),
    exec: (text, { unsafe = false } = {}) => ask<void>({ op: 'exec', text, unsafe }),
    async insert(table, columns, rows) {
      await this.insertFlat(table, columns, rows.flat());
    },
    async insertFlat(table, columns, values) {
      const width = columns.length;
      if (values.length === 0) return;
      wholeRows(table, values, width);
      if (broken) throw broken;
      inserting++;
      worker.postMessage({
        op: 'insert',
        table,
        columns: columns.map((c) => c[0]),
        values,
        perStatement: Math.max(1, Math.min(SQLITE_ROWS, Math.floor(SQLITE_PARAMETERS / width))),
      });
      while (inserting > WRITER_QUEUE && !broken)
        await new Promise<void>((resolve) => (waitingForInsert = resolve));
      waitingForInsert = null;
    },
    writerCpu: () => ask<number>({ op: 'cpu' }),
    insertCpu() {
      return spent
        .sort((a, b) => b[1] - a[1])
        .map(([table, seconds]) => `${table} ${seconds.toFixed(1)} s`)
        .join(', ');
    },
    async deferIndexes(tables) {
      const list = tables.map((t) => `'${t}'`).join(', ');
      const indexes = await this.all<{ name: string; sql: string }>(
        `select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${list})`,
      );
      for (const index of indexes) await ask({ op: 'exec', text: `drop index ${index.name}` });
      // One message for them all: the writer builds them one after another while this thread
      // does other work (the trees map's R*Tree), without waiting here between two.
      return async () => slowest(await ask<[string, number][]>({ op: 'remake', indexes }));
    },
    async drain() {
      // (An answer comes after every insert sent before it; a failed insert's error with it.)
      spent = await ask<[string, number][]>({ op: 'spent' });
    },
    async close() {
      try {
        await ask({ op: 'close' });
      } finally {
        worker.removeAllListeners('exit');
        await worker.terminate();
      }
    },
  };
}

/** Makes each index again from its definition, and says which took 0.3 s or more (for the log). */
async function remake(
  indexes: readonly { name: string; sql: string }[],
  make: (sql: string) => unknown,
): Promise<string> {
  const took: [string, number][] = [];
  for (const index of indexes) {
    const started = performance.now();
    await make(index.sql);
    took.push([index.name, (performance.now() - started) / 1000]);
  }
  return slowest(took);
}

/** The indexes that took 0.3 s or more, slowest first, with their seconds. */
function slowest(took: [string, number][]): string {
  return took
    .sort((a, b) => b[1] - a[1])
    .filter(([, seconds]) => seconds >= 0.3)
    .map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s`)
    .join(', ');
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

/** COPY's text format: a backslash, tab, newline or return in a value is escaped. */
const SPECIAL = /[\\\t\n\r]/;
const ESCAPES = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' } as const;
const escaped = (text: string) =>
  text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c as keyof typeof ESCAPES]);

/**
 * Which of PostgreSQL's load connections takes a table's COPY (the rest go on the first): the
 * trees, their care due rows and their measurements and care entries go in beside each other,
 * each parsed and inserted by a server process of its own while this one generates the rows.
 */
const PG_LANE_OF: Record<string, number> = {
  tree_care_due: 1,
  tree_measurements: 2,
  tree_care_log: 2,
};
/**
 * PostgreSQL: primary and unique keys no foreign key names are built after the load with the
 * other indexes, rather than kept row by row through it.
 */
const PG_KEYS_AFTER_LOAD = true;
/** Each index build's sort memory (per connection; 256 MB sorted the care due rows in runs). */
const PG_INDEX_MEMORY = '1GB';
/** Connections `postgresBulk` opens for a load (one for a check's reads). */
export const PG_LOAD_CONNECTIONS = 3;

/** One connection of `postgresBulk`, its COPY batches chained one after another. */
interface PgLane {
  client: pg.Client;
  chain: Promise<unknown>;
  queued: number;
}

/**
 * PostgreSQL for the build: `connections` connections without waiting for WAL flushes (the first
 * for every statement, the others for some tables' COPY, summaries and index builds beside it);
 * each batch is a `COPY … FROM STDIN` (pg-copy-streams: PostgreSQL's bulk path, rows written many
 * to a call, against an `insert … select * from unnest(…)` of arrays), sent while the next batch
 * is generated.
 */
export async function postgresBulk(
  url: string,
  { connections = 1 }: { connections?: number } = {},
): Promise<BulkDb> {
  const lanes: PgLane[] = [];
  for (let i = 0; i < Math.max(1, connections); i++) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('set synchronous_commit = off');
    lanes.push({ client, chain: Promise.resolve(), queued: 0 });
  }
  const first = lanes[0]!;
  const laneOf = (table: string) => lanes[(PG_LANE_OF[table] ?? 0) % lanes.length]!;
  let failure: unknown;
  /** Each table's seconds of COPY on its connection (the server's parsing and inserting), for the log. */
  const spent = new Map<string, number>();
  /** COPY's rows, in its text format, after the batches before them on `lane`. */
  const copy = (lane: PgLane, table: string, names: string, text: Buffer) => {
    lane.queued++;
    lane.chain = lane.chain
      .then(() =>
        failure
          ? undefined
          : new Promise<void>((resolve, reject) => {
              const started = performance.now();
              const stream = lane.client.query(copyFrom(`copy ${table} (${names}) from stdin`));
              stream.on('finish', () => {
                spent.set(table, (spent.get(table) ?? 0) + (performance.now() - started) / 1000);
                resolve();
              });
              stream.on('error', reject);
              stream.end(text);
            }),
      )
      .catch((error: unknown) => (failure ??= error))
      .finally(() => lane.queued--);
  };
  const check = () => {
    if (failure) throw failure;
  };
  const drainLane = async (lane: PgLane) => {
    await lane.chain;
    check();
  };
  const drain = async () => {
    await Promise.all(lanes.map((lane) => lane.chain));
    check();
  };
  const insertFlat = async (
    lane: PgLane,
    table: string,
    columns: Columns,
    values: readonly unknown[],
  ) => {
    check();
    const width = columns.length;
    const rows = wholeRows(table, values, width);
    const names = columns.map((c) => c[0]).join(', ');
    for (let start = 0; start < rows; start += PG_BATCH)
      // As bytes at once: a batch waiting its turn is then one buffer outside the JavaScript heap,
      // not a string of thousands of pieces that each young-generation collection copies.
      copy(
        lane,
        table,
        names,
        Buffer.from(copyRows(values, width, start, Math.min(rows, start + PG_BATCH))),
      );
    // At most a few batches waiting: the generator waits here rather than filling memory.
    while (lane.queued > 3) await Promise.race([lane.chain, new Promise((r) => setTimeout(r, 5))]);
    // A turn of the event loop in any case: the generator's awaits are microtasks, so without one
    // the sockets' pending writes and the servers' answers (and the next COPY on each connection)
    // waited for the generator to block on a full queue, and the servers sat idle meanwhile.
    await new Promise((resolve) => setImmediate(resolve));
    check();
  };
  /** The same connection's statements, after its batches (for work beside the first one's). */
  const laneDb = (lane: PgLane, drainFirst: () => Promise<void>): BulkDb => {
    const db: BulkDb = {
      dialect: 'postgres',
      async all<T>(text: string, params: readonly unknown[] = []) {
        await drainFirst();
        return (await lane.client.query(numbered(text), [...params])).rows as T[];
      },
      async run(text, params = []) {
        await drainFirst();
        await lane.client.query(numbered(text), [...params]);
      },
      async exec(text) {
        await drainFirst();
        await lane.client.query(text);
      },
      insert: (table, columns, rows) => db.insertFlat(table, columns, rows.flat()),
      insertFlat: (table, columns, values) => insertFlat(lane, table, columns, values),
      deferIndexes: () => Promise.reject(new Error('deferIndexes: on the first connection')),
      drain: drainFirst,
      insertCpu: () => '',
      writerCpu: async () => null,
      close: async () => {},
    };
    return db;
  };
  const beside = lanes.slice(1).map((lane) => laneDb(lane, () => drainLane(lane)));
  const bulk: BulkDb = {
    ...laneDb(first, drain),
    insertFlat: (table, columns, values) => insertFlat(laneOf(table), table, columns, values),
    insert: (table, columns, rows) => bulk.insertFlat(table, columns, rows.flat()),
    beside: () => beside,
    async deferIndexes(tables) {
      await drain();
      const client = first.client;
      const { rows } = await client.query<{ indexname: string; indexdef: string; table: string }>(
        `select indexname, indexdef, tablename as table from pg_indexes i
          where schemaname = current_schema() and tablename = any($1)
            and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
        [tables],
      );
      for (const index of rows) await client.query(`drop index ${index.indexname}`);
      // The primary and unique keys of tables no foreign key names (each inserted row's key
      // searched for and added to its index): their index is built after the rows like the
      // others, then taken as the constraint again.
      const { rows: uniques } = PG_KEYS_AFTER_LOAD
        ? await client.query<{ table: string; name: string; kind: string; indexdef: string }>(
            `select t.relname as table, c.conname as name,
                 case c.contype when 'p' then 'primary key' else 'unique' end as kind,
                 pg_get_indexdef(c.conindid) as indexdef
               from pg_constraint c join pg_class t on t.oid = c.conrelid
              where c.contype in ('p', 'u') and t.relnamespace = current_schema()::regnamespace
                and t.relname = any($1)
                and not exists (select 1 from pg_constraint f
                  where f.contype = 'f' and f.confrelid = c.conrelid)`,
            [tables],
          )
        : { rows: [] };
      for (const key of uniques)
        await client.query(`alter table ${key.table} drop constraint "${key.name}"`);
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
        const took: [string, number][] = [];
        /** `work` done by every connection at once, each taking the next item when free. */
        const shared = async <T>(
          items: T[],
          work: (client: pg.Client, item: T) => Promise<string>,
        ) => {
          const queue = [...items];
          await Promise.all(
            lanes.map(async ({ client }) => {
              for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
                const started = performance.now();
                const name = await work(client, item);
                took.push([name, (performance.now() - started) / 1000]);
              }
            }),
          );
        };
        const { rows: sizes } = await client.query<{ table: string; bytes: string }>(
          `select relname as table, pg_relation_size(oid) as bytes from pg_class
            where relnamespace = current_schema()::regnamespace and relname = any($1)`,
          [tables],
        );
        const bytes = new Map(sizes.map((r) => [r.table, Number(r.bytes)]));
        const largest = <T extends { table: string }>(items: T[]) =>
          [...items].sort((a, b) => (bytes.get(b.table) ?? 0) - (bytes.get(a.table) ?? 0));
        // (No parallel workers: the connections already build as many indexes at once.)
        for (const { client } of lanes)
          await client.query(
            `set maintenance_work_mem = '${PG_INDEX_MEMORY}'; set max_parallel_maintenance_workers = 0`,
          );
        // The indexes of the largest tables first, on every connection beside each other (two
        // index builds share a table's lock): the longest ones do not start last.
        await shared(
          largest([
            ...uniques.map((key) => ({
              table: key.table,
              indexname: key.name,
              indexdef: key.indexdef,
            })),
            ...rows,
          ]),
          async (c, index) => (await c.query(index.indexdef), index.indexname),
        );
        for (const key of uniques)
          await client.query(
            `alter table ${key.table} add constraint "${key.name}" ${key.kind} using index "${key.name}"`,
          );
        // The keys come back unvalidated (no row read, a lock each), then each is validated by
        // one join, beside each other (a validation locks only its own table against writes).
        const unvalidated = keys.filter((key) => !/\bNOT VALID$/.test(key.def));
        for (const key of keys)
          await client.query(
            `alter table ${key.table} add constraint "${key.name}" ${key.def}${unvalidated.includes(key) ? ' not valid' : ''}`,
          );
        await shared(largest(unvalidated), async (c, key) => {
          await c.query(`alter table ${key.table} validate constraint "${key.name}"`);
          return `${key.name} (validated)`;
        });
        return slowest(took);
      };
    },
    insertCpu() {
      return [...spent]
        .sort((a, b) => b[1] - a[1])
        .map(([table, seconds]) => `${table} ${seconds.toFixed(1)} s`)
        .join(', ');
    },
    async close() {
      await drain().catch(() => undefined);
      await Promise.all(lanes.map((lane) => lane.client.end()));
    },
  };
  return bulk;
}

/**
 * Rows `start` to `end` of `values` (`width` to a row) as COPY's text: tab between, newline
 * after. One loop over the values appending to one string, a number appended as it is (no
 * function and no String() per value: 2-3x faster on the trees' rows than a line at a time).
 */
export function copyRows(
  values: readonly unknown[],
  width: number,
  start: number,
  end: number,
): string {
  let text = '';
  const last = width - 1;
  for (let k = start * width, stop = end * width, column = 0; k < stop; k++) {
    const value = values[k];
    if (typeof value === 'string') text += SPECIAL.test(value) ? escaped(value) : value;
    else if (typeof value === 'number') text += value;
    else if (value === null || value === undefined) text += '\\N';
    else text += escaped(String(value));
    if (column === last) {
      text += '\n';
      column = 0;
    } else {
      text += '\t';
      column++;
    }
  }
  return text;
}
