import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { Executor } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { stopIfAborted, yieldToEventLoop } from '../../lib/yield';
import type { idempotencyRepository } from './idempotency.repository';

/** Keys are kept 8 days: a phone offline for a week still gets its first answer (issue 24 asks 7). */
export const IDEMPOTENCY_KEEP_MS = 8 * 24 * 60 * 60 * 1000;
/** A first request still pending after this long died before writing: a retry may run it again. */
export const ABANDONED_AFTER_MS = 2 * 60 * 1000;
const PRUNE_BATCH = 1000;

/** What a request carrying a key does. */
export type Claim =
  /** Run it: nobody ran this key before (or its first request died before writing). */
  | { kind: 'run' }
  /** Answer what the first request answered. */
  | { kind: 'replay'; statusCode: number; body: string }
  /** The first request is still running. */
  | { kind: 'in-progress' }
  /** The first request wrote, then died before its answer was kept. */
  | { kind: 'answer-lost' }
  /** The key was first used for a different request. */
  | { kind: 'other-request' };

export function idempotencyService(deps: {
  db: Kysely<Database>;
  repo: typeof idempotencyRepository;
  clock: Clock;
}) {
  const repo = deps.repo(deps.db);
  const now = () => deps.clock.now().toISOString();

  async function claim(userId: string, key: string, fingerprint: string): Promise<Claim> {
    if (await repo.insertPending(userId, key, fingerprint, now())) return { kind: 'run' };
    const row = await repo.find(userId, key);
    // Released between the two statements (its first request failed): try once more.
    if (!row)
      return (await repo.insertPending(userId, key, fingerprint, now()))
        ? { kind: 'run' }
        : { kind: 'in-progress' };
    if (row.fingerprint !== fingerprint) return { kind: 'other-request' };
    if (row.state === 'done')
      return { kind: 'replay', statusCode: row.status_code ?? 200, body: row.response_body ?? '' };
    if (row.state === 'committed') return { kind: 'answer-lost' };
    const abandoned = Date.parse(row.updated_at) < deps.clock.now().getTime() - ABANDONED_AFTER_MS;
    return abandoned && (await repo.takeOver(userId, key, row.updated_at, now()))
      ? { kind: 'run' }
      : { kind: 'in-progress' };
  }

  return {
    claim,
    /** Inside each transaction the keyed request commits. */
    markCommitted: (tx: Executor, userId: string, key: string) =>
      repo.markCommitted(tx, userId, key, now()).then(() => undefined),
    /** The answer to repeat; a server error before any write frees the key instead. */
    async settle(userId: string, key: string, statusCode: number, body: string) {
      if (statusCode >= 500) await repo.release(userId, key);
      else await repo.finish(userId, key, statusCode, body, now());
    },
    /** Deletes keys older than the keeping time, a batch at a time; returns how many. */
    async prune(at: Date, signal?: AbortSignal) {
      const cutoff = new Date(at.getTime() - IDEMPOTENCY_KEEP_MS).toISOString();
      let removed = 0;
      for (;;) {
        stopIfAborted(signal);
        const edge = await repo.batchEdge(cutoff, PRUNE_BATCH);
        if (!edge) return removed + (await repo.deleteBefore(cutoff));
        removed += await repo.deleteUpTo(edge);
        await yieldToEventLoop();
      }
    },
    deleteOfUser: repo.deleteOfUser,
  };
}
export type IdempotencyService = ReturnType<typeof idempotencyService>;
