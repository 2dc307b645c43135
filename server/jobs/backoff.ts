/** Attempts per job by default: with the backoff below, about four days of retries. */
export const DEFAULT_MAX_ATTEMPTS = 25;

/**
 * Wait before the next attempt, after `attempts` failed ones: e^min(attempts, 10) seconds, as
 * graphile-worker does (3 s, 7 s, 20 s, 55 s, 2.5 min, … then about 6 h each from the tenth on).
 */
export function retryDelayMs(attempts: number): number {
  return Math.round(Math.exp(Math.min(Math.max(attempts, 1), 10)) * 1000);
}
