import { LRUCache } from 'lru-cache';
import { tableWrites, type TableWrites } from '../db/table-writes';
import type { Database } from '../db/tables';
import type { Clock } from './clock';

/** A table of the schema, as caches declare what they depend on. */
export type TableName = keyof Database & string;

export interface ReadCacheOptions<V> {
  /** Entries kept at most; the least recently used go first. */
  max: number;
  /** How long an entry is used at most: other app servers' writes show within this. */
  ttlMs: number;
  clock: Clock;
  /**
   * The tables the load reads: an entry is stale as soon as this process writes to any of them
   * (`TableWrites` counts the writes). Each cache's list is checked against the tables its load's
   * statements really read (server/lib/cache-tables.test.ts). `'ttl'`: the TTL alone (aggregates
   * that may lag by design).
   */
  tables: readonly TableName[] | 'ttl';
  /** An earlier end for an entry, from its value (a token's expiry, the next drive start). */
  expiresAt?: (value: V, loadedAt: number) => number;
  /** Which values are kept (default: all); the others are answered once and loaded again next time. */
  keep?: (value: V) => boolean;
  /** The write counter to check against (tests pass their own). */
  tracker?: TableWrites;
}

export interface ReadCache<V> {
  /**
   * The value for `key`: the kept one while it is fresh, else `load()`'s. Requests for a key that is
   * being loaded share that load; a load that fails is never kept (everyone waiting on it gets the
   * failure, the next request loads again).
   */
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** Entries kept now (for tests). */
  readonly size: number;
}

interface Entry<V> {
  value: V;
  /** The declared tables' write version just before the load began; undefined: only the TTL counts. */
  version: number | undefined;
  from: number;
  until: number;
}

/**
 * The one in-process read cache: bounded (lru-cache), with a TTL on an injected clock, one shared
 * load per key, only successes kept, and (unless `tables: 'ttl'`) invalidated at once by this
 * process's writes to the tables it declares.
 */
export function readCache<V>(options: ReadCacheOptions<V>): ReadCache<V> {
  const tracker = options.tracker ?? tableWrites;
  const tables = options.tables === 'ttl' ? undefined : options.tables;
  const entries = new LRUCache<string, Entry<V>>({ max: options.max });
  const loading = new Map<string, Promise<Entry<V>>>();
  const now = () => options.clock.now().getTime();
  const version = () => (tables ? tracker.writeVersion(tables) : undefined);

  // `from <= at`: a clock moved back (tests) never meets an entry from its future.
  const fresh = (entry: Entry<V>, at: number) =>
    entry.from <= at && at < entry.until && entry.version === version();

  function startLoad(key: string, load: () => Promise<V>): Promise<Entry<V>> {
    const from = now();
    // Taken before the load reads anything: a write while it runs makes the entry stale.
    const before = version();
    const pending = (async (): Promise<Entry<V>> => {
      const value = await load();
      const until = Math.min(from + options.ttlMs, options.expiresAt?.(value, from) ?? Infinity);
      return { value, version: before, from, until };
    })();
    loading.set(key, pending);
    const settled = () => {
      if (loading.get(key) === pending) loading.delete(key);
    };
    pending.then((entry) => {
      settled();
      // Written meanwhile: the value answers the requests that asked before the write, no others.
      if ((options.keep?.(entry.value) ?? true) && fresh(entry, now())) entries.set(key, entry);
    }, settled);
    return pending;
  }

  return {
    async get(key, load) {
      const at = now();
      const hit = entries.get(key);
      if (hit) {
        if (fresh(hit, at)) return hit.value;
        entries.delete(key);
      }
      const pending = loading.get(key);
      if (pending) {
        const shared = await pending;
        // A load that started before a write this request may depend on is not shared.
        if (fresh(shared, now())) return shared.value;
      }
      return (await startLoad(key, load)).value;
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * Loads shared by the calls for a key made while one runs, and never kept after it settles: for a
 * read that several parts of one answer make side by side. A call that comes after a write to
 * `tables` since the running load began starts its own (it may depend on that write).
 */
export function sharedLoads<V>(options: { tables: readonly TableName[]; tracker?: TableWrites }) {
  const tracker = options.tracker ?? tableWrites;
  const loading = new Map<string, { version: number; pending: Promise<V> }>();
  return {
    get(key: string, load: () => Promise<V>): Promise<V> {
      const version = tracker.writeVersion(options.tables);
      const running = loading.get(key);
      // NaN (a write whose tables are unknown) equals no version: never shared.
      if (running && running.version === version) return running.pending;
      const pending: Promise<V> = load().finally(() => {
        if (loading.get(key)?.pending === pending) loading.delete(key);
      });
      loading.set(key, { version, pending });
      return pending;
    },
  };
}
