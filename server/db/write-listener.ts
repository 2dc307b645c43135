import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TableWrites, Write, WriteListener } from './table-writes';

/** The channel migration 0029's triggers notify: the payload is `<schema>.<table>`. */
export const WRITES_CHANNEL = 'canopy_table_writes';

/**
 * The tables whose writes the database announces (migration 0029's triggers; the listener test
 * checks a migrated schema has exactly these). A cache on another table sees other servers'
 * writes when its entries expire.
 */
export const NOTIFIED_TABLES: ReadonlySet<string> = new Set([
  'sessions',
  'users',
  'api_tokens',
  'drives',
  'drive_participants',
]);

/**
 * Control messages between the listeners of one schema ride on the same channel, with a table part
 * no table has (a colon): `:alive:<id>` (a listener is listening), `:bye:<id>` (closed for good),
 * `:told:<id>:<n>` (listener `id`'s write `n` is committed) and `:ack:<id>:<n>:<by>` (listener `by`
 * has heard everything committed before that marker).
 */
const CONTROL = ':';
/** How long a writer waits at most for the other listeners to confirm they heard its write. */
const TOLD_TIMEOUT_MS = 1000;

export interface WriteListenerOptions {
  /** Wait before connecting again after the connection dropped or could not be made. */
  retryMs?: number;
  /** How often the connection is checked (a dead one may say nothing), and how long a check may take. */
  heartbeatMs?: number;
}

/**
 * Hears other processes' writes on PostgreSQL: one dedicated connection (not the pool's) LISTENs
 * on `canopy_table_writes` and reports each table of this connection's schema (the first of its
 * search path, as the app's tables) to `tracker`. A notification arrives when the writing
 * transaction commits, and a server's own write to a notified table is done only once every
 * listener of the schema has confirmed hearing it (`told`), so a cache anywhere drops what that
 * write changed before any client can have heard of the write from the server that made it
 * (docs/decisions/shared-cache-invalidation.md).
 *
 * Never late: until LISTEN has succeeded, and from the moment the connection errs, ends or fails
 * a heartbeat, the tracker is told it is deaf and caches remember nothing (every request reads);
 * once listening again every table counts as written. It reconnects every `retryMs` until closed.
 */
export function listenForWrites(
  connection: pg.ClientConfig,
  tracker: TableWrites,
  options: WriteListenerOptions = {},
): WriteListener {
  const retryMs = options.retryMs ?? 1000;
  const heartbeatMs = options.heartbeatMs ?? 5000;
  const remote = tracker.remoteWrites();
  let client: pg.Client | undefined;
  /** Whether `client` is listening (not still connecting). */
  let live = false;
  /** The current connection's schema, where the app's tables are. */
  let schema: string | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let markStarted: () => void = () => undefined;
  const id = randomBytes(6).toString('hex');
  /** The other listeners of this schema, by id: when each last said it was alive. */
  const peers = new Map<string, number>();
  /** This listener's writes awaiting confirmation, by number: who has still to confirm. */
  const awaiting = new Map<number, { left: Set<string>; done: () => void }>();
  let writeCount = 0;
  const started = new Promise<void>((resolve) => (markStarted = resolve));

  /** Sends a control message to the schema's listeners (this one included). */
  function send(on: pg.Client, message: string): Promise<unknown> {
    return on.query('select pg_notify($1, $2)', [WRITES_CHANNEL, `${schema}.${CONTROL}${message}`]);
  }

  function confirmed(n: number, by: string) {
    const waiting = awaiting.get(n);
    if (!waiting) return;
    waiting.left.delete(by);
    if (waiting.left.size === 0) waiting.done();
  }

  function control(on: pg.Client, [kind, from = '', n = '', by = '']: string[]) {
    if (kind === 'alive') {
      if (from === id) return;
      // A listener new to this one (just started): it learns of this one at once too.
      const known = peers.has(from);
      peers.set(from, Date.now());
      if (!known) send(on, `alive:${id}`).catch(() => drop(on));
    } else if (kind === 'bye') {
      peers.delete(from);
      for (const n of awaiting.keys()) confirmed(n, from);
    } else if (kind === 'told') {
      if (from !== id) peers.set(from, Date.now());
      // Everything committed before the marker has been heard here: say so (ours: no need).
      if (from === id) confirmed(Number(n), id);
      else send(on, `ack:${from}:${n}:${id}`).catch(() => drop(on));
    } else if (kind === 'ack' && from === id) confirmed(Number(n), by);
  }

  /** The current connection is no good: deaf until a new one listens. */
  function drop(dead: pg.Client) {
    if (client !== dead) return;
    client = undefined;
    live = false;
    remote.listening(false);
    markStarted();
    dead.end().catch(() => undefined);
    if (!closed) retry = setTimeout(connect, retryMs).unref();
  }

  async function connect() {
    retry = undefined;
    if (closed) return;
    const fresh = new pg.Client({
      ...connection,
      keepAlive: true,
      connectionTimeoutMillis: connection.connectionTimeoutMillis ?? 5000,
      application_name: connection.application_name ?? 'canopy-write-listener',
    });
    client = fresh;
    schema = undefined;
    fresh.on('error', () => drop(fresh));
    fresh.on('end', () => drop(fresh));
    fresh.on('notification', (message) => {
      if (client !== fresh || message.channel !== WRITES_CHANNEL || !message.payload) return;
      // `<schema>.<table or control message>`: neither of the latter has a dot.
      const dot = message.payload.lastIndexOf('.');
      const from = message.payload.slice(0, dot);
      const table = message.payload.slice(dot + 1);
      // Before the schema is known, a write anywhere counts (more invalidation, never less).
      if (schema !== undefined && from !== schema) return;
      if (table.startsWith(CONTROL)) return control(fresh, table.slice(CONTROL.length).split(':'));
      remote.heard(table);
    });
    try {
      await fresh.connect();
      await fresh.query(`listen ${WRITES_CHANNEL}`);
      schema = (await fresh.query<{ schema: string }>('select current_schema() as schema')).rows[0]
        ?.schema;
      if (client !== fresh) return;
      if (closed) {
        client = undefined;
        await fresh.end().catch(() => undefined);
        return;
      }
      live = true;
      remote.listening(true);
      markStarted();
      await send(fresh, `alive:${id}`);
    } catch {
      drop(fresh);
    }
  }

  // A connection can die without a word (a network cut): a check that fails or hangs drops it.
  const heartbeat = setInterval(() => {
    const current = client;
    if (!current || !live || closed) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('heartbeat timed out')), heartbeatMs);
    });
    // The check also tells the other listeners this one is still here.
    Promise.race([send(current, `alive:${id}`), late])
      .catch(() => drop(current))
      .finally(() => clearTimeout(timer));
    // Listeners not heard of for three beats are gone (their server stopped without a word).
    for (const [peer, seen] of peers) if (Date.now() - seen > 3 * heartbeatMs) peers.delete(peer);
  }, heartbeatMs).unref();

  void connect();
  return {
    started,
    /**
     * PostgreSQL delivers a notification to the listening connections a moment after the writer's
     * commit is acknowledged (0.1–1 ms, more on a loaded machine), so a client told of a logout by
     * this server could otherwise reach another server before that server heard of it. So a write
     * to a notified table is done only once every listener of the schema has confirmed it: this
     * listener sends a marker after the commit, and each listener answers it once it has read it.
     * Notifications arrive in commit order, so an answer means the write was heard there first.
     * Only writes to those tables wait, about two round trips; deaf, it does not wait (this server
     * then remembers nothing), and a listener that does not answer within TOLD_TIMEOUT_MS is not
     * waited for longer (a server that died without a word: it is forgotten after three heartbeats).
     */
    async told(writes: readonly Write[]) {
      const current = client;
      if (!current || !live || closed || schema === undefined) return;
      if (!writes.some((table) => table === undefined || NOTIFIED_TABLES.has(table))) return;
      const n = ++writeCount;
      let timer: NodeJS.Timeout | undefined;
      const heard = new Promise<void>((resolve) => {
        awaiting.set(n, { left: new Set([id, ...peers.keys()]), done: resolve });
        timer = setTimeout(resolve, TOLD_TIMEOUT_MS);
      });
      try {
        await send(current, `told:${id}:${n}`);
        await heard;
      } catch {
        // The connection failed: it is dropped, and this server stops remembering.
      } finally {
        clearTimeout(timer);
        awaiting.delete(n);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      if (retry) clearTimeout(retry);
      markStarted();
      remote.detach();
      const current = client;
      if (current && live) await send(current, `bye:${id}`).catch(() => undefined);
      client = undefined;
      live = false;
      await current?.end().catch(() => undefined);
    },
  };
}
