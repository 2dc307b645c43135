import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

/**
 * Limits are opted into per route (`config.rateLimit`); the answer is our usual JSON with Retry-After.
 * With `store` (the shared `rate_limit_hits` table, used with PostgreSQL) every app server counts
 * against the same limit; without it each process counts in memory (one SQLite server).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  multiplier = 1,
  store?: FastifyRateLimitStoreCtor,
): Promise<void> {
  // Added before the plugin so its own onRoute hook already sees the scaled limit.
  app.addHook('onRoute', (route) => {
    const config = route.config as { rateLimit?: { max?: unknown } } | undefined;
    const limit = config?.rateLimit;
    // New objects, not mutation: one limit object may be shared by several routes.
    if (limit && typeof limit.max === 'number' && multiplier !== 1)
      route.config = { ...config, rateLimit: { ...limit, max: Math.ceil(limit.max * multiplier) } };
  });
  await app.register(rateLimit, {
    global: false,
    ...(store ? { store } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        'RATE_LIMITED',
        `Too many requests. Please wait ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds and try again.`,
      ),
  });
}
