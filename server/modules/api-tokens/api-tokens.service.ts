import {
  API_TOKEN_LIMITS,
  API_TOKEN_MESSAGES,
  API_TOKEN_PATTERN,
  API_TOKEN_PREFIX,
  type ApiToken,
  type CreateApiTokenInput,
} from '../../../contract/api-tokens';
import type { Tx, UnitOfWork } from '../../db/unit-of-work';
import { readCache } from '../../lib/cache';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Log } from '../../lib/log';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';
import type { SessionUser, SignedInSession } from '../auth/session-lookup';
import type { UsersService } from '../users/users.service';
import type { apiTokensRepository } from './api-tokens.repository';

/** Like sessions: a token's owner is remembered this long (any write here to the rows read ends it). */
export const API_TOKEN_CACHE_TTL_MS = 2_000;
/** "Last used" is written at most this often per token, never once per request. */
export const LAST_USED_EVERY_MS = 60_000;
const DAY_MS = 86_400_000;
const HINT_LENGTH = API_TOKEN_PREFIX.length + 4;

/** Who is signed in through an API token: a session-shaped answer plus the token's id. */
export type ApiTokenSignIn = SignedInSession & { apiTokenId: string };

type ListedRow = Awaited<ReturnType<ReturnType<typeof apiTokensRepository>['listForUser']>>[number];

/**
 * Personal API tokens: `cnp_` + 256 random bits, shown once; only the SHA-256 is stored (the
 * secret has full entropy, so a fast hash is enough). They open read-only GETs (plugins/auth.ts).
 */
export function apiTokensService(deps: {
  uow: UnitOfWork;
  repo: typeof apiTokensRepository;
  clock: Clock;
  log: Log;
  /** The account behind a token (the users module owns it). */
  users: Pick<UsersService, 'findById'>;
  /**
   * PostgreSQL: other app servers share the database, so a revocation there must hold here at once
   * (no cache), and the live-token limit takes a per-member lock.
   */
  sharedDatabase?: boolean;
}) {
  const { uow, clock } = deps;
  const repo = deps.repo(uow.db);
  const nowIso = () => clock.now().toISOString();

  const toApiToken = (row: ListedRow, now: string): ApiToken => ({
    id: row.id,
    name: row.name,
    hint: row.hint,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
    expired: row.expires_at !== null && row.expires_at <= now,
  });

  const owners = readCache<{ signIn: ApiTokenSignIn; expiresAtMs: number } | null>({
    max: 10_000,
    ttlMs: API_TOKEN_CACHE_TTL_MS,
    clock,
    tables: ['api_tokens', 'users'],
    keep: (found) => found !== null,
    expiresAt: (found) => found?.expiresAtMs ?? 0,
  });
  // When this process last recorded each token's use; bounded by clearing (a miss costs one write).
  const lastTouched = new Map<string, number>();

  async function lookUp(hash: string) {
    const token = await repo.findLiveByHash(hash, nowIso());
    if (!token) return null;
    const row = await deps.users.findById(token.user_id);
    if (!row || row.deleted_at) return null;
    const { password_hash: _hash, ...user } = row;
    const signIn = Object.freeze({
      user: Object.freeze(user) as SessionUser,
      sessionId: `api-token:${token.id}`,
      apiTokenId: token.id,
    });
    const expiresAtMs = token.expires_at ? Date.parse(token.expires_at) : Number.POSITIVE_INFINITY;
    return { signIn, expiresAtMs };
  }

  async function recordUse(tokenId: string) {
    const now = clock.now();
    const last = lastTouched.get(tokenId);
    if (last !== undefined && now.getTime() - last < LAST_USED_EVERY_MS) return;
    if (lastTouched.size >= 10_000) lastTouched.clear();
    lastTouched.set(tokenId, now.getTime());
    const since = new Date(now.getTime() - LAST_USED_EVERY_MS).toISOString();
    try {
      await repo.touch(tokenId, now.toISOString(), since);
    } catch (err) {
      // Bookkeeping only: a failed write never refuses the request.
      deps.log.error({ err }, 'recording an API token use failed');
    }
  }

  return {
    isApiToken: (token: string) => token.startsWith(API_TOKEN_PREFIX),

    /** The member behind an API token, or null (malformed, revoked, expired, account gone). */
    async userForToken(token: string): Promise<ApiTokenSignIn | null> {
      if (!API_TOKEN_PATTERN.test(token)) return null;
      const hash = hashSecretToken(token);
      const found = deps.sharedDatabase
        ? await lookUp(hash)
        : await owners.get(hash, () => lookUp(hash));
      if (!found) return null;
      await recordUse(found.signIn.apiTokenId);
      return found.signIn;
    },

    async list(user: SessionUser): Promise<ApiToken[]> {
      const now = nowIso();
      return (await repo.listForUser(user.id)).map((row) => toApiToken(row, now));
    },

    /** A new token; the answer is the only place its secret ever appears. */
    async create(
      user: SessionUser,
      input: CreateApiTokenInput,
    ): Promise<{ token: ApiToken; secret: string }> {
      const now = clock.now();
      const at = now.toISOString();
      const { token: secret, hash } = newSecretToken(API_TOKEN_PREFIX);
      const row = {
        id: newId(now.getTime()),
        user_id: user.id,
        name: input.name,
        token_hash: hash,
        hint: secret.slice(0, HINT_LENGTH),
        created_at: at,
        last_used_at: null,
        expires_at:
          input.expiresInDays === null
            ? null
            : new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString(),
      };
      await uow.withTransaction(async (tx) => {
        const txRepo = deps.repo(tx.db);
        // SQLite runs one transaction at a time; PostgreSQL needs the member's lock to count safely.
        if (deps.sharedDatabase) await txRepo.lockMember(user.id);
        await txRepo.deleteExpired(user.id, at);
        if ((await txRepo.countLive(user.id, at)) >= API_TOKEN_LIMITS.maxLive)
          throw new AppError(409, 'CONFLICT', API_TOKEN_MESSAGES.tooMany);
        await txRepo.insert(row);
      });
      return { token: toApiToken(row, at), secret };
    },

    /** Deletes the member's own token; anyone else's id is answered as unknown (404). */
    async revoke(user: SessionUser, id: string): Promise<void> {
      if (!(await repo.deleteOwn(user.id, id))) throw notFound(API_TOKEN_MESSAGES.notFound);
    },

    async onAccountDeleted(userId: string, tx: Tx): Promise<void> {
      await deps.repo(tx.db).deleteAllFor(userId);
    },
  };
}
export type ApiTokensService = ReturnType<typeof apiTokensService>;
