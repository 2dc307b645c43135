import { sql, type Kysely } from 'kysely';
import type { AuthAttemptsTable, Database } from '../../db/tables';
import { newId } from '../../lib/ids';

/** The first key of this module's advisory locks (any fixed int4, unique in the app: 'aut'). */
const ADVISORY_NAMESPACE = 0x617574;

export function authRepository(db: Kysely<Database>) {
  return {
    /**
     * PostgreSQL only: holds the account's auth lock until the transaction ends, so two requests
     * issuing a code (or a reset link) for one account take turns and never leave two live.
     */
    lockAccount: async (userId: string) => {
      await sql`select pg_advisory_xact_lock(${ADVISORY_NAMESPACE}, hashtext(${userId}))`.execute(
        db,
      );
    },

    insertSession: (session: {
      id: string;
      user_id: string;
      created_at: string;
      expires_at: string;
    }) =>
      db
        .insertInto('sessions')
        .values({ ...session, revoked_at: null })
        .execute(),
    findActiveSession: (id: string, userId: string, now: string) =>
      db
        .selectFrom('sessions')
        .select('id')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst(),
    revokeSession: (id: string, at: string) =>
      db
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute(),
    revokeAllSessions: (userId: string, at: string) =>
      db
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute(),
    revokeOtherSessions: (userId: string, keepSessionId: string, at: string) =>
      db
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('id', '!=', keepSessionId)
        .where('revoked_at', 'is', null)
        .execute(),

    /** Ends the member's live sessions beyond the `keep` newest (a new sign-in ends the oldest). */
    async endSessionsBeyond(userId: string, keep: number, now: string): Promise<number> {
      const live = await db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const ended = live.slice(keep).map((s) => s.id);
      if (ended.length === 0) return 0;
      await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', 'in', ended)
        .where('revoked_at', 'is', null)
        .execute();
      return ended.length;
    },

    voidActiveOtps: (userId: string, at: string) =>
      db
        .updateTable('otp_codes')
        .set({ consumed_at: at })
        .where('user_id', '=', userId)
        .where('consumed_at', 'is', null)
        .execute(),
    insertOtp: (otp: {
      user_id: string;
      code_hash: string;
      created_at: string;
      expires_at: string;
    }) =>
      db
        .insertInto('otp_codes')
        .values({ id: newId(), attempts: 0, consumed_at: null, ...otp })
        .execute(),
    findActiveOtp: (userId: string, now: string) =>
      db
        .selectFrom('otp_codes')
        .selectAll()
        .where('user_id', '=', userId)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst(),
    /** Counts a wrong guess; voids the code when it reaches the limit. Returns the new count. */
    async recordWrongOtp(id: string, limit: number, at: string): Promise<number> {
      const row = await db
        .updateTable('otp_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .returning('attempts')
        .executeTakeFirst();
      const attempts = Number(row?.attempts ?? limit);
      if (attempts >= limit)
        await db.updateTable('otp_codes').set({ consumed_at: at }).where('id', '=', id).execute();
      return attempts;
    },
    /** Marks the code used; false when another request used it first. */
    async consumeOtp(id: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('otp_codes')
        .set({ consumed_at: at })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    insertResetToken: (token: {
      user_id: string;
      token_hash: string;
      created_at: string;
      expires_at: string;
    }) =>
      db
        .insertInto('reset_tokens')
        .values({ id: newId(), used_at: null, ...token })
        .execute(),
    voidResetTokens: (userId: string, at: string) =>
      db
        .updateTable('reset_tokens')
        .set({ used_at: at })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute(),
    /** Whether the token is valid for that user right now (a read: `useResetToken` spends it). */
    hasLiveResetToken: async (userId: string, tokenHash: string, now: string): Promise<boolean> =>
      Boolean(
        await db
          .selectFrom('reset_tokens')
          .select('id')
          .where('user_id', '=', userId)
          .where('token_hash', '=', tokenHash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .executeTakeFirst(),
      ),
    /** Uses the token if it is valid for that user right now; false otherwise (single use even under races). */
    async useResetToken(userId: string, tokenHash: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('reset_tokens')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    recordAttempt: (kind: AuthAttemptsTable['kind'], subject: string, at: string) =>
      db
        .insertInto('auth_attempts')
        .values({ id: newId(), kind, subject, created_at: at })
        .execute(),
    /** How many attempts since `since`, and when the oldest of them happened. */
    async attemptsSince(kind: AuthAttemptsTable['kind'], subject: string, since: string) {
      const row = await db
        .selectFrom('auth_attempts')
        .where('kind', '=', kind)
        .where('subject', '=', subject)
        .where('created_at', '>', since)
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
        .executeTakeFirstOrThrow();
      return { count: Number(row.n), oldest: row.oldest as string | null };
    },
    clearAttempts: (kind: AuthAttemptsTable['kind'], subject: string) =>
      db
        .deleteFrom('auth_attempts')
        .where('kind', '=', kind)
        .where('subject', '=', subject)
        .execute(),
    /** Failed sign-ins for this account from every address (subjects `email|address`). */
    clearPairAttempts: (email: string) =>
      db
        .deleteFrom('auth_attempts')
        .where('kind', '=', 'login_failure_pair')
        .where(sql<string>`substr(subject, 1, ${sql.lit([...email].length + 1)})`, '=', `${email}|`)
        .execute(),
    /** A deleted account's sessions end and its codes and reset tokens are forgotten. */
    async forgetAccount(userId: string, at: string): Promise<void> {
      await db.deleteFrom('otp_codes').where('user_id', '=', userId).execute();
      await db.deleteFrom('reset_tokens').where('user_id', '=', userId).execute();
      await db
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    pruneAttempts: (before: string) =>
      db.deleteFrom('auth_attempts').where('created_at', '<', before).execute(),
    /** Sessions that expired or were ended: their tokens are refused either way. */
    pruneSessions: (now: string) =>
      db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expires_at', '<=', now), eb('revoked_at', 'is not', null)]))
        .executeTakeFirst(),
    pruneOtps: (now: string) =>
      db
        .deleteFrom('otp_codes')
        .where((eb) => eb.or([eb('expires_at', '<=', now), eb('consumed_at', 'is not', null)]))
        .executeTakeFirst(),
    pruneResetTokens: (now: string) =>
      db
        .deleteFrom('reset_tokens')
        .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)]))
        .executeTakeFirst(),
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;
