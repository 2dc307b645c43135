import { sql, type Kysely } from 'kysely';
import type { ApiTokensTable, Database } from '../../db/tables';

/** The first key of this module's advisory locks (any fixed int4, unique in the app). */
const ADVISORY_NAMESPACE = 0x746f6b;

export function apiTokensRepository(db: Kysely<Database>) {
  return {
    listForUser: (userId: string) =>
      db
        .selectFrom('api_tokens')
        .select(['id', 'name', 'hint', 'created_at', 'last_used_at', 'expires_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    async countLive(userId: string, now: string): Promise<number> {
      const row = await db
        .selectFrom('api_tokens')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    insert: (row: ApiTokensTable) => db.insertInto('api_tokens').values(row).execute(),

    /**
     * PostgreSQL only: holds the member's token lock until the transaction ends, so concurrent
     * creates count and insert one after another (READ COMMITTED would let each count 19).
     */
    lockMember: async (userId: string) => {
      await sql`select pg_advisory_xact_lock(${ADVISORY_NAMESPACE}, hashtext(${userId}))`.execute(
        db,
      );
    },

    /** Tokens that expired are useless; they go when the member creates a new one. */
    deleteExpired: (userId: string, now: string) =>
      db
        .deleteFrom('api_tokens')
        .where('user_id', '=', userId)
        .where('expires_at', '<=', now)
        .execute(),

    /** True when the member's own token was deleted (someone else's id deletes nothing). */
    async deleteOwn(userId: string, id: string): Promise<boolean> {
      const [result] = await db
        .deleteFrom('api_tokens')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .execute();
      return Number(result?.numDeletedRows ?? 0) > 0;
    },

    deleteAllFor: (userId: string) =>
      db.deleteFrom('api_tokens').where('user_id', '=', userId).execute(),

    /** The token with this hash unless it expired (the service checks its account is live). */
    findLiveByHash: (tokenHash: string, now: string) =>
      db
        .selectFrom('api_tokens')
        .select(['id', 'user_id', 'expires_at'])
        .where('token_hash', '=', tokenHash)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .executeTakeFirst(),

    /** Records use at most once per `since` (the condition keeps several servers to one write). */
    touch: (id: string, at: string, since: string) =>
      db
        .updateTable('api_tokens')
        .set({ last_used_at: at })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', since)]))
        .execute(),
  };
}
export type ApiTokensRepository = ReturnType<typeof apiTokensRepository>;
