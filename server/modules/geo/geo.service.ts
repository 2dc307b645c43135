import { setTimeout as sleep } from 'node:timers/promises';
import { geoPlaceSchema, type GeoPlace } from '../../../contract/geo';
import type { Clock } from '../../lib/clock';
import type { GeoRepository } from './geo.repository';
import { fairTurns } from './fair-turns';
import { busy, type NominatimClient } from './nominatim-client';

/** Knobs tests turn down; the defaults are what Nominatim's usage policy asks for. */
export interface GeoTuning {
  /** Least time between two upstream requests across every app server sharing the database. */
  intervalMs?: number;
  /** How long a request may wait for its turn before answering "busy". */
  giveUpMs?: number;
  /** Upstream timeout per request. */
  timeoutMs?: number;
  /** Waits for the shared slot to come due; tests pass one that waits for their own clock. */
  wait?: (ms: number) => Promise<unknown>;
}

/** 1 s plus a margin for network and CPU jitter, so the geocoder itself never sees two requests within 1 s. */
export const GEO_INTERVAL_MS = 1250;
export const GEO_CACHE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const SLOT = 'geocoder';

const round5 = (n: number) => {
  const rounded = Math.round(n * 1e5) / 1e5;
  // Math.round can give -0, which would make a second cache key for the same point.
  return rounded === 0 ? 0 : rounded;
};

export const searchCacheKey = (q: string) =>
  `search:${q.trim().replace(/\s+/g, ' ').toLowerCase()}`;
/** Areas are looked up per 0.01° cell (about 1 km): coarse, and shared by a drive's trees. */
const round2 = (n: number) => {
  const rounded = Math.round(n * 100) / 100;
  return rounded === 0 ? 0 : rounded;
};
export const areaCacheKey = (lat: number, lon: number) =>
  `area:${round2(lat).toFixed(2)},${round2(lon).toFixed(2)}`;
export const reverseCacheKey = (lat: number, lon: number) =>
  `reverse:${round5(lat).toFixed(5)},${round5(lon).toFixed(5)}`;

// A damaged cache row is a miss, never a failure.
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function geoService(deps: {
  repo: GeoRepository;
  client: NominatimClient;
  clock: Clock;
  tuning?: GeoTuning;
}) {
  const { repo, client, clock } = deps;
  const intervalMs = deps.tuning?.intervalMs ?? GEO_INTERVAL_MS;
  const giveUpMs = deps.tuning?.giveUpMs ?? 5000;
  const wait = deps.tuning?.wait ?? sleep;

  // Identical questions asked at the same time share one upstream request.
  const inFlight = new Map<string, Promise<unknown>>();
  const turns = fairTurns();
  let pumping = false;

  /**
   * Hands out the shared upstream slot: waits until it is due, then gives it to the member served
   * longest ago (so one member's burst never delays another member's first search), claiming it
   * with compare-and-set so every app server on the database keeps the pace together.
   */
  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    try {
      while (turns.size() > 0) {
        const now = clock.now().getTime();
        const next = new Date(now + intervalMs).toISOString();
        const seen = await repo.slotNextAt(SLOT);
        const due = seen === undefined ? now : Date.parse(seen);
        // An unreadable slot time must not stall every server: treat it as due.
        const waitMs = Number.isNaN(due) ? 0 : due - now;
        if (waitMs > 0) {
          // Whoever would give up before the slot comes due is told "busy" now, not after waiting.
          turns.dropIf((turn) => performance.now() + waitMs > turn.deadline, busy());
          if (turns.size() > 0) await wait(waitMs);
          continue;
        }
        const claimed =
          seen === undefined
            ? await repo.createSlot(SLOT, next)
            : await repo.moveSlot(SLOT, seen, next);
        if (claimed) turns.serveNext();
      }
    } finally {
      pumping = false;
    }
  }

  /** Waits for this member's fair turn at the upstream slot. */
  function inTurn(memberId: string, deadline: number): Promise<void> {
    const turn = turns.enqueue(memberId, deadline);
    // A database failure while handing out turns fails the waiting requests, never strands them.
    pump().catch((error: unknown) => turns.dropIf(() => true, error));
    return turn;
  }

  async function cachedOrFetch<T>(
    memberId: string,
    key: string,
    read: (json: unknown) => T | undefined,
    fetchFresh: () => Promise<T>,
  ): Promise<T> {
    const running = inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const job = (async () => {
      const startedAt = performance.now();
      const cutoff = new Date(clock.now().getTime() - GEO_CACHE_TTL_MS).toISOString();
      const hit = await repo.cached(key, cutoff);
      const value = hit === undefined ? undefined : read(parseJson(hit));
      if (value !== undefined) return value;

      await inTurn(memberId, startedAt + giveUpMs);
      const fresh = await fetchFresh();
      const at = clock.now().getTime();
      // Failures throw before this point, so only real answers (including "nothing") are cached.
      await repo.store(
        key,
        JSON.stringify(fresh),
        new Date(at).toISOString(),
        new Date(at - GEO_CACHE_TTL_MS).toISOString(),
      );
      return fresh;
    })();
    inFlight.set(key, job);
    try {
      return await job;
    } finally {
      inFlight.delete(key);
    }
  }

  return {
    /** How many requests are waiting for their turn at the upstream slot in this process. */
    waiting: () => turns.size(),

    /** The best match for the text, or null when nothing matched; cached answers cost no turn. */
    search(q: string, memberId: string): Promise<GeoPlace | null> {
      const query = q.trim().replace(/\s+/g, ' ');
      return cachedOrFetch(
        memberId,
        searchCacheKey(query),
        (json) => {
          if (json === null) return null;
          const parsed = geoPlaceSchema.safeParse(json);
          return parsed.success ? parsed.data : undefined;
        },
        () => client.search(query),
      );
    },
    /** The name of the place at that point, or null when it has none. */
    async reverse(
      lat: number,
      lon: number,
      memberId: string,
    ): Promise<{ displayName: string | null }> {
      const [rLat, rLon] = [round5(lat), round5(lon)];
      const displayName = await cachedOrFetch(
        memberId,
        reverseCacheKey(rLat, rLon),
        (json) => (typeof json === 'string' || json === null ? json : undefined),
        () => client.reverse(rLat, rLon),
      );
      return { displayName };
    },
    /**
     * The public name of the area around a point (neighbourhood, town, region, country), or null
     * where the geocoder names none; looked up per 0.01° cell, cached, at the shared pace.
     */
    areaName(lat: number, lon: number, memberId: string): Promise<string | null> {
      const [rLat, rLon] = [round2(lat), round2(lon)];
      return cachedOrFetch(
        memberId,
        areaCacheKey(rLat, rLon),
        (json) => (typeof json === 'string' || json === null ? json : undefined),
        () => client.areaName(rLat, rLon),
      );
    },
  };
}
export type GeoService = ReturnType<typeof geoService>;
