import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  OperationNode,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { tableName, tablesRead } from './table-reads';

/** The tables a piece of work's statements read; `unknown` when some statement's could not be told. */
export interface ReadSet {
  readonly tables: Set<string>;
  unknown: boolean;
}

/**
 * Counts the writes this process makes to each table, so in-process caches can tell at once when
 * what they hold may have changed: a cache declares the tables its load reads and keeps an entry
 * only while `writeVersion` of those tables is what it was before the load. Versions only grow;
 * any doubt (raw SQL that is not a plain read, schema changes, data-modifying CTEs) counts as a
 * write to every table.
 *
 * It also tells which tables a piece of work reads (`recordReads`): the cache tests compare that
 * with each cache's declared tables (docs/decisions/cache-table-declarations.md). Outside a
 * recording, noting a read costs one AsyncLocalStorage lookup.
 *
 * Process-wide on purpose: services that have no database handle (sessions) can read it too. Several
 * databases in one process (tests) only means more invalidation, never less.
 *
 * Other processes' writes (other app servers on one PostgreSQL) are heard through `remoteWrites`:
 * a listener on the database (server/db/write-listener.ts) reports each table another process
 * wrote, for the tables whose writes the database announces (migration 0029); writes to any other
 * table reach the caches when their entries expire (every cache using this keeps a TTL). While a
 * listener is not listening (connecting, or its connection dropped) nothing may be remembered:
 * `writeVersion` is NaN, which equals no version, so no cache keeps or uses an entry
 * (docs/decisions/shared-cache-invalidation.md).
 */
export class TableWrites {
  /** Every write (insert, update, delete) per table. */
  #writes = new Map<string, number>();
  /** Writes to unknown tables: they count for every table. */
  #unknown = 0;
  /** Listeners that are attached but not listening now: other processes' writes may go unheard. */
  #deaf = 0;
  readonly #reading = new AsyncLocalStorage<ReadSet>();

  /**
   * Grows on any write to any of `tables` (including plain inserts), this process's or another's
   * that a listener heard. NaN while some listener may be missing other processes' writes.
   */
  writeVersion(tables: readonly string[]): number {
    if (this.#deaf > 0) return NaN;
    let version = this.#unknown;
    for (const table of tables) version += this.#writes.get(table) ?? 0;
    return version;
  }

  /** Whether caches may remember now (no attached listener is deaf). */
  get listening(): boolean {
    return this.#deaf === 0;
  }

  /**
   * Attaches a source of other processes' writes. It starts deaf (nothing is remembered) until
   * `listening(true)`; each change of state counts as a write to every table, since writes may have
   * gone unheard meanwhile. `detach` when the database closes.
   */
  remoteWrites(): RemoteWrites {
    let listening = false;
    let attached = true;
    this.#deaf++;
    return {
      heard: (table) => {
        if (attached) this.record(table);
      },
      listening: (now) => {
        if (!attached || now === listening) return;
        listening = now;
        this.#deaf += now ? -1 : 1;
        this.#unknown++;
      },
      detach: () => {
        if (!attached) return;
        attached = false;
        if (!listening) this.#deaf--;
        this.#unknown++;
      },
    };
  }

  /** Records a write; `table` undefined means any table. */
  record(table: string | undefined): void {
    if (table === undefined) this.#unknown++;
    else this.#writes.set(table, (this.#writes.get(table) ?? 0) + 1);
  }

  /** Runs `work`, noting the tables its statements read (see `noteRead`). */
  async recordReads<T>(work: () => Promise<T>): Promise<{ value: T; reads: ReadSet }> {
    const reads: ReadSet = { tables: new Set(), unknown: false };
    const value = await this.#reading.run(reads, work);
    return { value, reads };
  }

  /** Called before a statement runs: inside `recordReads`, notes the tables it reads. */
  noteRead(query: CompiledQuery): void {
    const reads = this.#reading.getStore();
    if (!reads) return;
    const tables = tablesRead(query);
    if (tables === undefined) reads.unknown = true;
    else for (const table of tables) reads.tables.add(table);
  }
}

/** What a listener reports to `TableWrites` (see `TableWrites.remoteWrites`). */
export interface RemoteWrites {
  /** Another process wrote to `table` (committed). */
  heard(table: string): void;
  /** Whether every write from now on will be heard (false: the connection is down). */
  listening(now: boolean): void;
  /** The listener is gone for good (its database closed). */
  detach(): void;
}

/** The one tracker of this process. */
export const tableWrites = new TableWrites();

/** A table written to; undefined: any table. */
export type Write = string | undefined;
const ANY_TABLE: Write[] = [undefined];
const NO_WRITES: Write[] = [];

// Statements that never change table rows; any other raw SQL counts as a write to every table.
const READ_ONLY_SQL =
  /^\s*(select|values|explain|pragma|show|set|begin|start\s+transaction|commit|end|rollback|savepoint|release)\b/i;

type Node = OperationNode & Record<string, unknown>;

/** A CTE that is not a plain select may write anywhere. */
function hasWritingCte(node: Node): boolean {
  const expressions = (node.with as { expressions?: ReadonlyArray<{ expression: Node }> })
    ?.expressions;
  return !!expressions?.some((cte) => cte.expression.kind !== 'SelectQueryNode');
}

/** The tables a compiled query writes to, judged from its operation tree. */
export function writesOf(query: CompiledQuery): Write[] {
  const node = query.query as Node;
  switch (node.kind) {
    case 'SelectQueryNode':
      return hasWritingCte(node) ? ANY_TABLE : NO_WRITES;
    case 'RawNode':
      return READ_ONLY_SQL.test(query.sql) ? NO_WRITES : ANY_TABLE;
    case 'InsertQueryNode': {
      const table = tableName(node.into);
      return table === undefined || hasWritingCte(node) ? ANY_TABLE : [table];
    }
    case 'UpdateQueryNode': {
      const table = tableName(node.table);
      return table === undefined || hasWritingCte(node) ? ANY_TABLE : [table];
    }
    case 'DeleteQueryNode': {
      const froms = (node.from as { froms?: readonly unknown[] } | undefined)?.froms ?? [];
      const tables = froms.map(tableName);
      if (tables.length === 0 || tables.includes(undefined) || hasWritingCte(node))
        return ANY_TABLE;
      return tables;
    }
    default:
      // Schema changes, MERGE and anything newer: assume the worst.
      return ANY_TABLE;
  }
}

/** A connection that reports its writes: at once outside a transaction, at commit or rollback inside one. */
class TrackedConnection implements DatabaseConnection {
  inTransaction = false;
  pending: Write[] = [];

  constructor(
    readonly inner: DatabaseConnection,
    private readonly tracker: TableWrites,
    private readonly listener: () => WriteListener | undefined,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    this.tracker.noteRead(compiledQuery);
    const writes = writesOf(compiledQuery);
    let result: QueryResult<R>;
    try {
      result = await this.inner.executeQuery<R>(compiledQuery);
    } finally {
      // Recorded after the statement ran (and, in a transaction, again when it ends): a reader that
      // saw the old rows holds an older version, so what it caches is never used.
      for (const write of writes) {
        this.tracker.record(write);
        if (this.inTransaction) this.pending.push(write);
      }
    }
    // Committed on its own: the other servers hear of it before this statement is done.
    if (!this.inTransaction && writes.length > 0) await this.listener()?.told(writes);
    return result;
  }

  streamQuery<R>(
    compiledQuery: CompiledQuery,
    chunkSize?: number,
  ): AsyncIterableIterator<QueryResult<R>> {
    this.tracker.noteRead(compiledQuery);
    for (const write of writesOf(compiledQuery)) {
      this.tracker.record(write);
      if (this.inTransaction) this.pending.push(write);
    }
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }

  /** The transaction ended: what it wrote is now visible to other connections (or rolled back). */
  endTransaction(): Write[] {
    this.inTransaction = false;
    const done = this.pending;
    this.pending = [];
    for (const write of done) this.tracker.record(write);
    return done;
  }
}

/** Something that hears other processes' writes for as long as a database is open. */
export interface WriteListener {
  /** Settles once the listener first listens, or first fails to (it keeps trying): never rejects. */
  readonly started: Promise<void>;
  /**
   * Called once `writes` are committed, before the statement or transaction that made them is
   * done: settles once the database has told the listeners of them (so before this server answers
   * anyone about them, see write-listener.ts). Never rejects.
   */
  told(writes: readonly Write[]): Promise<void>;
  close(): Promise<void>;
}

class TrackingDriver implements Driver {
  readonly #connections = new WeakMap<DatabaseConnection, TrackedConnection>();
  #listener: WriteListener | undefined;

  constructor(
    private readonly inner: Driver,
    private readonly tracker: TableWrites,
    private readonly listen?: (tracker: TableWrites) => WriteListener,
  ) {}

  // Kysely calls init before the first statement and destroy only after an init: the listener
  // lives exactly as long as the database is in use, and the first statement finds it listening.
  async init(): Promise<void> {
    await this.inner.init();
    if (this.listen && !this.#listener) {
      this.#listener = this.listen(this.tracker);
      await this.#listener.started;
    }
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.inner.acquireConnection();
    // The same wrapper for the same connection: Kysely recognises connections by identity.
    let tracked = this.#connections.get(inner);
    if (!tracked) {
      tracked = new TrackedConnection(inner, this.tracker, () => this.#listener);
      this.#connections.set(inner, tracked);
    }
    return tracked;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const tracked = connection as TrackedConnection;
    await this.inner.beginTransaction(tracked.inner, settings);
    tracked.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection) {
    const tracked = connection as TrackedConnection;
    let written: Write[] = [];
    try {
      await this.inner.commitTransaction(tracked.inner);
    } finally {
      written = tracked.endTransaction();
    }
    // Committed: the other servers hear of its writes before the transaction is done.
    if (written.length > 0) await this.#listener?.told(written);
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const tracked = connection as TrackedConnection;
    try {
      await this.inner.rollbackTransaction(tracked.inner);
    } finally {
      tracked.endTransaction();
    }
  }

  savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner.savepoint) throw new Error('This database does not support savepoints');
    return this.inner.savepoint((connection as TrackedConnection).inner, name, compileQuery);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner.rollbackToSavepoint)
      throw new Error('This database does not support savepoints');
    return this.inner.rollbackToSavepoint(
      (connection as TrackedConnection).inner,
      name,
      compileQuery,
    );
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner.releaseSavepoint) throw new Error('This database does not support savepoints');
    return this.inner.releaseSavepoint((connection as TrackedConnection).inner, name, compileQuery);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as TrackedConnection).inner);
  }

  async destroy(): Promise<void> {
    const listener = this.#listener;
    this.#listener = undefined;
    await listener?.close();
    await this.inner.destroy();
  }
}

/**
 * Wraps a dialect so every statement run through it is counted in `tracker`; with `listen`, other
 * processes' writes are heard too, from the first statement until the database is destroyed.
 */
export function trackingWrites(
  dialect: Dialect,
  tracker: TableWrites = tableWrites,
  listen?: (tracker: TableWrites) => WriteListener,
): Dialect {
  return {
    createDriver: () => new TrackingDriver(dialect.createDriver(), tracker, listen),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
    createAdapter: (): DialectAdapter => dialect.createAdapter(),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own signature.
    createIntrospector: (db: Kysely<any>): DatabaseIntrospector => dialect.createIntrospector(db),
  };
}
