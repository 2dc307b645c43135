import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
  useQueryClient,
} from '@tanstack/react-query';
import { openDB, type DBSchema } from 'idb';
import { useCallback, useSyncExternalStore } from 'react';
import { ApiError } from './api-client';

/**
 * Screens a member reads in the field, kept on the phone per member (issue 24): My Trees (with its
 * care and replanting lists) and each tree, My Forest, the drives and each drive's page, a check-in
 * desk's list. Restored when the
 * app opens, so they read offline; dropped after a week and when the member signs out.
 */
const KEPT: ReadonlyArray<readonly string[]> = [['trees'], ['forest'], ['drives'], ['attendance']];
/** Too large or too fleeting to keep: the trees map's cells. */
const NOT_KEPT: ReadonlyArray<readonly string[]> = [['trees', 'map']];
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * A screen is saved this soon after its answers arrive (one write for a burst of them): a save
 * left for the page's closing is lost when the page goes (Chromium drops its IndexedDB write).
 */
const SAVE_AFTER_MS = 250;

interface ReadsSchema extends DBSchema {
  snapshots: { key: string; value: { userId: string; savedAt: string; state: DehydratedState } };
}
let opened: ReturnType<typeof openDB<ReadsSchema>> | undefined;
const database = () =>
  (opened ??= openDB<ReadsSchema>('canopy-offline-reads', 1, {
    upgrade(db) {
      db.createObjectStore('snapshots', { keyPath: 'userId' });
    },
  }));

const startsWith = (key: readonly unknown[], prefix: readonly string[]) =>
  prefix.every((part, i) => key[i] === part);
const keptKey = (query: Query) =>
  KEPT.some((prefix) => startsWith(query.queryKey, prefix)) &&
  !NOT_KEPT.some((prefix) => startsWith(query.queryKey, prefix));
const kept = (query: Query) => query.state.status === 'success' && keptKey(query);

/**
 * Answers put back from this phone, by query hash, with the time each was loaded from the server:
 * while a query still holds that answer, what it shows came from the phone.
 */
const fromPhone = new Map<string, number>();

/** No answer at all (offline, or a signal that carries nothing): the phone's copy is better. */
const noAnswer = (error: unknown) => error instanceof ApiError && error.status === 0;

const shownAndKept = (query: Query) =>
  query.state.data !== undefined && query.getObserversCount() > 0 && keptKey(query);

/**
 * When the kept answers this screen shows were loaded (the oldest of them; null: none), for "as
 * of {time}" (issue 24). Offline, every kept answer shown counts; online, only those still as
 * they came back from the phone and not being asked for again (Canopy gave no answer since).
 */
export function useShownAsOf(online: boolean): number | null {
  const client = useQueryClient();
  const cache = client.getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const snapshot = () => {
    let oldest: number | null = null;
    for (const query of cache.getAll()) {
      if (!shownAndKept(query)) continue;
      const at = query.state.dataUpdatedAt;
      // Online, a phone's copy being asked for again is not yet a missing answer.
      if (online && (fromPhone.get(query.queryHash) !== at || query.state.fetchStatus !== 'idle'))
        continue;
      oldest = oldest === null ? at : Math.min(oldest, at);
    }
    return oldest;
  };
  return useSyncExternalStore(subscribe, snapshot, () => null);
}

/**
 * Puts the member's kept screens back into the query cache when there is no connection, or when
 * one of them gets no answer although the phone says it is online (newer data already there
 * wins), and saves them again whenever one of them loads. Returns the stop function.
 */
export function keepOfflineReads(client: QueryClient, userId: string): () => void {
  if (typeof indexedDB === 'undefined') return () => undefined;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let restoring: Promise<void> | undefined;
  // Only without an answer: online, the server's answers are the truth. The saved answers are
  // marked stale, so each is asked for again once Canopy can be reached.
  const restore = () =>
    void (restoring ??= database()
      .then((db) => db.get('snapshots', userId))
      .then((row) => {
        if (stopped || !row) return;
        if (Date.now() - Date.parse(row.savedAt) > MAX_AGE_MS) return;
        hydrate(client, row.state);
        // Only the answers the cache took (a newer one already there wins).
        const cache = client.getQueryCache();
        const restored = new Set<string>();
        for (const saved of row.state.queries) {
          const query = cache.get(saved.queryHash);
          if (query?.state.dataUpdatedAt !== saved.state.dataUpdatedAt) continue;
          fromPhone.set(saved.queryHash, saved.state.dataUpdatedAt);
          restored.add(saved.queryHash);
        }
        void client.invalidateQueries({
          predicate: (query) => restored.has(query.queryHash),
          refetchType: 'none',
        });
      })
      .catch(() => undefined)
      .finally(() => {
        restoring = undefined;
      }));
  if (!navigator.onLine) restore();
  window.addEventListener('offline', restore);
  const save = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const savedAt = new Date().toISOString();
    const now = dehydrate(client, { shouldDehydrateQuery: kept });
    void database()
      .then(async (db) => {
        // Screens read before a reload stay saved beside this page's (the newest of each).
        const before = await db.get('snapshots', userId);
        const state = merged(now, before?.state);
        await db.put('snapshots', { userId, savedAt, state });
      })
      .catch(() => undefined);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    // A phone that says it is online but gets no answer (a signal that carries nothing).
    if (event.action.type === 'error' && noAnswer(event.action.error) && keptKey(event.query))
      return restore();
    if (event.action.type !== 'success' || !kept(event.query)) return;
    timer ??= setTimeout(save, SAVE_AFTER_MS);
  });
  // Leaving or hiding the page saves at once what is still waiting.
  const flush = () => {
    if (timer) save();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', flush);
  return () => {
    stopped = true;
    unsubscribe();
    window.removeEventListener('pagehide', flush);
    window.removeEventListener('offline', restore);
    document.removeEventListener('visibilitychange', flush);
    if (timer) clearTimeout(timer);
  };
}

/** At most this many screens' answers are kept per member: the newest. */
const MAX_QUERIES = 150;

/** This page's answers, plus the earlier snapshot's not loaded here, newest first, capped. */
function merged(now: DehydratedState, before: DehydratedState | undefined): DehydratedState {
  const seen = new Set(now.queries.map((q) => q.queryHash));
  const earlier = (before?.queries ?? []).filter((q) => !seen.has(q.queryHash));
  const queries = [...now.queries, ...earlier]
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, MAX_QUERIES);
  return { mutations: [], queries };
}

/** Signing out: this member's screens leave the phone. */
export async function forgetOfflineReads(userId: string): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await (await database()).delete('snapshots', userId);
  fromPhone.clear();
}
