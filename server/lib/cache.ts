import { LRUCache } from 'lru-cache';
import { tableWrites, type ReadSet, type TableWrites } from '../db/table-writes';
import type { Clock } from './clock';

export interface ReadCacheOptions<V> {
  /** Entries kept at most; the least recently used go first. */
  max: number;
  /** How long an entry is used at most: other app servers' writes show within this. */
  ttlMs: number;
  clock: Clock;
  /**
   * True (the default): an entry is stale as soon as this process writes to any table its load read
   * (`TableWrites`: the tables are taken from the load's own SELECTs, never listed by hand).
   * False: the TTL alone (aggregates that may lag by design).
   */
  staleOnWrites?: boolean;
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
  /** The tables the load read, with their versions; undefined when only the TTL counts. */
  reads: ReadSet | undefined;
  from: number;
  until: number;
}

/**
 * The one in-process read cache: bounded (lru-cache), with a TTL on an injected clock, one shared
 * load per key, only successes kept, and (by default) invalidated at once by this process's writes
 * to whatever tables the load read.
 */
export function readCache<V>(options: ReadCacheOptions<V>): ReadCache<V> {
  const tracker = options.tracker ?? tableWrites;
  const staleOnWrites = options.staleOnWrites ?? true;
  const entries = new LRUCache<string, Entry<V>>({ max: options.max });
  const loading = new Map<string, Promise<Entry<V>>>();
  const now = () => options.clock.now().getTime();

  // `from <= at`: a clock moved back (tests) never meets an entry from its future.
  const fresh = (entry: Entry<V>, at: number) =>
    entry.from <= at && at < entry.until && (!entry.reads || tracker.isCurrent(entry.reads));

  /** The value, whose reads become part of any load that is running around this call. */
  function use(entry: Entry<V>): V {
    if (entry.reads) tracker.addReads(entry.reads);
    return entry.value;
  }

  function startLoad(key: string, load: () => Promise<V>): Promise<Entry<V>> {
    const from = now();
    const pending = (async (): Promise<Entry<V>> => {
      const { value, reads } = staleOnWrites
        ? await tracker.recordReads(load)
        : { value: await load(), reads: undefined };
      const until = Math.min(from + options.ttlMs, options.expiresAt?.(value, from) ?? Infinity);
      return { value, reads, from, until };
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
        if (fresh(hit, at)) return use(hit);
        entries.delete(key);
      }
      const pending = loading.get(key);
      if (pending) {
        const shared = await pending;
        // A load that started before a write this request may depend on is not shared.
        if (fresh(shared, now())) return use(shared);
      }
      return use(await startLoad(key, load));
    },
    get size() {
      return entries.size;
    },
  };
}
