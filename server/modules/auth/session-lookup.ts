import type { Clock } from '../../lib/clock';
import { readCache } from '../../lib/cache';
import type { SessionTokens } from '../../lib/session-tokens';
import type { SessionUser } from '../users/current-user';
import type { UserAccounts } from '../users/user-accounts';
import type { AuthRepository } from './auth.repository';

export type { SessionUser } from '../users/current-user';

/**
 * Signed-in sessions are remembered per token for this long, so a request needs neither the JWT
 * check nor the session and user rows. Any write to the tables the lookup read (`sessions`,
 * `users`: logout, password change or reset, account deletion, profile edits, new sign-ins) makes
 * every entry stale at once: this process's writes as they run, and on PostgreSQL any other app
 * server's as they commit (its listener hears them: server/db/write-listener.ts). While that
 * listener is not listening nothing is remembered (docs/decisions/shared-cache-invalidation.md).
 */
export const SESSION_CACHE_TTL_MS = 2_000;
const SESSION_CACHE_MAX = 10_000;

export interface SignedInSession {
  user: SessionUser;
  sessionId: string;
}

/** Who is behind a session token, remembered briefly (see SESSION_CACHE_TTL_MS). */
export function sessionLookup(deps: {
  repo: AuthRepository;
  /** The users module's read of the account behind the session. */
  users: Pick<UserAccounts, 'findById'>;
  tokens: SessionTokens;
  clock: Clock;
}) {
  const { repo, clock } = deps;
  // Only successes are kept (never a refusal); concurrent first requests share one lookup.
  const signedIn = readCache<{ session: SignedInSession; expiresAtMs: number } | null>({
    max: SESSION_CACHE_MAX,
    ttlMs: SESSION_CACHE_TTL_MS,
    clock,
    tables: ['sessions', 'users'],
    keep: (found) => found !== null,
    // The token's expiry is the session's (to the second), so an entry never outlives either.
    expiresAt: (found) => found?.expiresAtMs ?? 0,
  });

  async function lookUpToken(token: string) {
    const now = clock.now();
    const claims = await deps.tokens.verify(token, now);
    if (!claims) return null;
    const session = await repo.findActiveSession(
      claims.sessionId,
      claims.userId,
      now.toISOString(),
    );
    if (!session) return null;
    const row = await deps.users.findById(claims.userId);
    if (!row) return null;
    // The hash never travels with the signed-in user; password checks read it afresh.
    const { password_hash: _hash, ...user } = row;
    // Frozen: one object now serves many requests.
    const value = Object.freeze({ user: Object.freeze(user), sessionId: claims.sessionId });
    return { session: value, expiresAtMs: claims.expiresAtMs };
  }

  return {
    /**
     * The signed-in user behind a token, or null when the token or its session is not valid now.
     * Remembered for SESSION_CACHE_TTL_MS; the user row is frozen and shared.
     */
    async userForToken(token: string): Promise<SignedInSession | null> {
      const found = await signedIn.get(token, () => lookUpToken(token));
      return found?.session ?? null;
    },
  };
}
