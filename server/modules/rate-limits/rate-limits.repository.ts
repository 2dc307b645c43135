import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables';

export function rateLimitsRepository(db: Kysely<Database>) {
  return {
    /**
     * Counts one hit on `key` in one atomic statement: a new or expired counter starts again at 1
     * with a fresh window, a live one goes up by one. Several app servers may call this at once.
     */
    async hit(key: string, now: string, resetAt: string) {
      const row = await db
        .insertInto('rate_limit_hits')
        .values({ key, count: 1, reset_at: resetAt })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when rate_limit_hits.reset_at <= ${now} then 1 else rate_limit_hits.count + 1 end`,
            reset_at: sql<string>`case when rate_limit_hits.reset_at <= ${now} then ${resetAt} else rate_limit_hits.reset_at end`,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), resetAt: row.reset_at };
    },
    /** The live count of `key` (0 when absent or expired), without counting. */
    async peek(key: string, now: string) {
      const row = await db
        .selectFrom('rate_limit_hits')
        .select(['count', 'reset_at'])
        .where('key', '=', key)
        .where('reset_at', '>', now)
        .executeTakeFirst();
      return row ? { count: Number(row.count), resetAt: row.reset_at } : { count: 0, resetAt: now };
    },
    prune: (now: string) =>
      db.deleteFrom('rate_limit_hits').where('reset_at', '<=', now).executeTakeFirst(),
  };
}
export type RateLimitsRepository = ReturnType<typeof rateLimitsRepository>;
