import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { rateLimitsRepository } from './rate-limits.repository';

/** Where a counter stands after a hit: how many hits in the window, and ms until it starts again. */
export interface HitResult {
  count: number;
  ttlMs: number;
}

/**
 * Counters in the `rate_limit_hits` table, shared by every app server on the database: the
 * per-route request limits (with PostgreSQL) and per-member limits of modules (joining and
 * leaving a drive). "Once" is the jobs queue's business (keyed jobs and mail), not a counter's.
 */
export function rateLimitsService(deps: {
  db: Kysely<Database>;
  repo: typeof rateLimitsRepository;
  clock: Clock;
}) {
  const repo = deps.repo(deps.db);
  const { clock } = deps;

  async function hit(key: string, windowMs: number): Promise<HitResult> {
    const now = clock.now().getTime();
    const { count, resetAt } = await repo.hit(
      key,
      new Date(now).toISOString(),
      new Date(now + windowMs).toISOString(),
    );
    return { count, ttlMs: Math.max(0, Date.parse(resetAt) - now) };
  }

  return {
    hit,

    /** Counts a hit and throws 429 (with Retry-After) past `max` in the window; `{minutes}` is filled in. */
    async enforce(key: string, max: number, windowMs: number, message: string): Promise<void> {
      const { count, ttlMs } = await hit(key, windowMs);
      if (count <= max) return;
      const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
      throw new AppError(
        429,
        'RATE_LIMITED',
        message.replace('{minutes}', String(Math.ceil(seconds / 60))),
        { headers: { 'retry-after': String(seconds) } },
      );
    },

    /** Drops counters whose window has ended; returns how many. */
    async prune(now: Date): Promise<number> {
      const result = await repo.prune(now.toISOString());
      return Number(result.numDeletedRows ?? 0);
    },

    /** A store for @fastify/rate-limit over the shared table, so route limits hold across app servers. */
    fastifyStore(): FastifyRateLimitStoreCtor {
      return sharedStore(hit);
    },
  };
}
export type RateLimitsService = ReturnType<typeof rateLimitsService>;

function sharedStore(hit: (key: string, windowMs: number) => Promise<HitResult>) {
  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = 'route:',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      hit(this.prefix + key, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // One counter per route and client, like the in-process store's per-route children.
      const { routeInfo } = routeOptions as { routeInfo?: { method?: unknown; url?: string } };
      const { method = '', url = '' } = routeInfo ?? {};
      return new SharedStore({}, `route:${String(method)} ${url}:`);
    }
  }
  return SharedStore;
}
