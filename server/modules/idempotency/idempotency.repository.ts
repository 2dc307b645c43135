import type { Database, IdempotencyKeysTable } from '../../db/tables';
import type { Executor } from '../../db/unit-of-work';
import type { Kysely } from 'kysely';

export type IdempotencyRow = Pick<
  IdempotencyKeysTable,
  'fingerprint' | 'state' | 'status_code' | 'response_body' | 'updated_at'
>;

export function idempotencyRepository(db: Kysely<Database>) {
  const one = (userId: string, key: string) =>
    db.selectFrom('idempotency_keys').where('user_id', '=', userId).where('idem_key', '=', key);
  return {
    /** The first use of a key: true when this call made the row (a concurrent one finds it). */
    async insertPending(userId: string, key: string, fingerprint: string, now: string) {
      const made = await db
        .insertInto('idempotency_keys')
        .values({
          user_id: userId,
          idem_key: key,
          fingerprint,
          state: 'pending',
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['user_id', 'idem_key']).doNothing())
        .executeTakeFirst();
      return Number(made.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    find: (userId: string, key: string): Promise<IdempotencyRow | undefined> =>
      one(userId, key)
        .select(['fingerprint', 'state', 'status_code', 'response_body', 'updated_at'])
        .executeTakeFirst(),
    /** Takes over a pending row its request abandoned (a crash before any commit), once. */
    async takeOver(userId: string, key: string, seenAt: string, now: string) {
      const taken = await db
        .updateTable('idempotency_keys')
        .set({ updated_at: now })
        .where('user_id', '=', userId)
        .where('idem_key', '=', key)
        .where('state', '=', 'pending')
        .where('updated_at', '=', seenAt)
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1;
    },
    /** In the request's writing transaction: its work is now durable, whatever happens next. */
    markCommitted: (tx: Executor, userId: string, key: string, now: string) =>
      tx
        .updateTable('idempotency_keys')
        .set({ state: 'committed', updated_at: now })
        .where('user_id', '=', userId)
        .where('idem_key', '=', key)
        .where('state', '=', 'pending')
        .execute(),
    finish: (userId: string, key: string, statusCode: number, body: string, now: string) =>
      db
        .updateTable('idempotency_keys')
        .set({ state: 'done', status_code: statusCode, response_body: body, updated_at: now })
        .where('user_id', '=', userId)
        .where('idem_key', '=', key)
        .execute(),
    /** A request that failed before writing anything: the key may be used again. */
    release: (userId: string, key: string) =>
      db
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', userId)
        .where('idem_key', '=', key)
        .where('state', '=', 'pending')
        .execute(),
    /** The `created_at` of the `limit`-th oldest row made before `cutoff`, if there are that many. */
    async batchEdge(cutoff: string, limit: number) {
      const row = await db
        .selectFrom('idempotency_keys')
        .select('created_at')
        .where('created_at', '<', cutoff)
        .orderBy('created_at')
        .offset(limit - 1)
        .limit(1)
        .executeTakeFirst();
      return row?.created_at;
    },
    async deleteUpTo(edge: string) {
      const gone = await db
        .deleteFrom('idempotency_keys')
        .where('created_at', '<=', edge)
        .executeTakeFirst();
      return Number(gone.numDeletedRows);
    },
    async deleteBefore(cutoff: string) {
      const gone = await db
        .deleteFrom('idempotency_keys')
        .where('created_at', '<', cutoff)
        .executeTakeFirst();
      return Number(gone.numDeletedRows);
    },
    deleteOfUser: (tx: Executor, userId: string) =>
      tx.deleteFrom('idempotency_keys').where('user_id', '=', userId).execute(),
  };
}
export type IdempotencyRepository = ReturnType<typeof idempotencyRepository>;
