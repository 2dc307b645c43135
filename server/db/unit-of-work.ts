import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely } from 'kysely';
import type { Database } from './tables';

/** What repositories run their SQL on: the database itself, or an open transaction. */
export type Executor = Kysely<Database>;

/** An open transaction: repositories take `tx.db`; side effects wait for the commit. */
export interface Tx {
  readonly db: Executor;
  /** Runs `effect` after the outermost transaction commits; never if it rolls back. */
  afterCommit(effect: () => unknown): void;
}

export interface UnitOfWork {
  /** For reads and single-statement writes that need no transaction. */
  readonly db: Executor;
  /**
   * Runs `work` in one database transaction, then the side effects it queued (mail,
   * notifications, file deletion, cache invalidation), in order. A failing effect is reported,
   * never thrown: the data is already committed. Pass `outer` to join a transaction already open
   * (a hook called by another module) instead of starting one; SQLite has one connection, so a
   * nested `withTransaction` without it would wait for itself.
   */
  withTransaction<T>(work: (tx: Tx) => Promise<T>, outer?: Tx): Promise<T>;
}

/**
 * Work the current request adds to each transaction it commits, inside it (the idempotency key
 * of a field app's retry is marked written in the same commit as the tree it made).
 */
export const requestCommitWork = new AsyncLocalStorage<(db: Executor) => Promise<void>>();

export function createUnitOfWork(
  db: Kysely<Database>,
  onEffectError: (err: unknown) => void,
): UnitOfWork {
  return {
    db,
    async withTransaction(work, outer) {
      if (outer) return work(outer);
      const effects: Array<() => unknown> = [];
      const alsoInCommit = requestCommitWork.getStore();
      const result = await db.transaction().execute(async (trx) => {
        const done = await work({
          db: trx,
          afterCommit: (effect) => {
            effects.push(effect);
          },
        });
        if (alsoInCommit) await alsoInCommit(trx);
        return done;
      });
      for (const effect of effects) {
        try {
          await effect();
        } catch (err) {
          onEffectError(err);
        }
      }
      return result;
    },
  };
}
