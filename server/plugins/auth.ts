import type { FastifyRequest } from 'fastify';
import { API_TOKEN_MESSAGES } from '../../contract/api-tokens';
import { forbidden, unauthenticated } from '../lib/errors';
import type { AuthService, SignedInSession } from '../modules/auth/auth.service';

export type { SessionUser } from '../modules/auth/auth.service';
/** A session, or a personal API token (`apiTokenId` set): read-only GETs under /api only. */
export type SignedIn = SignedInSession & { apiTokenId?: string };

/** How API tokens are told apart and resolved (modules/api-tokens); sessions work without it. */
export interface ApiTokenLookup {
  isApiToken(token: string): boolean;
  userForToken(token: string): Promise<(SignedInSession & { apiTokenId: string }) | null>;
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/** API tokens read, and only under /api: any other method or path is refused with a 403. */
function refuseApiTokenWrites(request: FastifyRequest, signedIn: SignedIn | null): void {
  if (!signedIn?.apiTokenId) return;
  if (!READ_METHODS.has(request.method) || !request.url.startsWith('/api/'))
    throw forbidden(API_TOKEN_MESSAGES.readOnly);
}

/** The session token from `x-auth-token`, or from `Authorization: Bearer`. */
export function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers['x-auth-token'];
  const direct = Array.isArray(header) ? header[0] : header;
  if (direct?.trim()) return direct.trim();
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1]?.trim() || undefined;
}

/**
 * An `onRequest` hook: a write carrying an API token is refused before its body is read or
 * validated (the prefix tells, no lookup), so every route answers the same 403.
 */
export function apiTokenWriteGuard(apiTokens: Pick<ApiTokenLookup, 'isApiToken'>) {
  return async (request: FastifyRequest): Promise<void> => {
    if (READ_METHODS.has(request.method)) return;
    const token = tokenFrom(request);
    if (token && apiTokens.isApiToken(token)) throw forbidden(API_TOKEN_MESSAGES.readOnly);
  };
}

/** `getUser` returns the signed-in user or null; `requireUser` throws 401. Checked once per request. */
export function sessionAuth(auth: AuthService, apiTokens?: ApiTokenLookup) {
  const seen = new WeakMap<FastifyRequest, Promise<SignedIn | null>>();
  const lookUp = (token: string): Promise<SignedIn | null> =>
    apiTokens?.isApiToken(token) ? apiTokens.userForToken(token) : auth.userForToken(token);
  const getUser = async (request: FastifyRequest): Promise<SignedIn | null> => {
    let found = seen.get(request);
    if (!found) {
      const token = tokenFrom(request);
      found = token ? lookUp(token) : Promise.resolve(null);
      seen.set(request, found);
    }
    const signedIn = await found;
    refuseApiTokenWrites(request, signedIn);
    return signedIn;
  };
  return {
    getUser,
    /**
     * `{ apiTokens: false }`: a signed-in session only (the token endpoints themselves); `refusal`
     * is the 403's message for a token.
     */
    async requireUser(
      request: FastifyRequest,
      options: { apiTokens?: boolean; refusal?: string } = {},
    ): Promise<SignedIn> {
      const signedIn = await getUser(request);
      if (!signedIn) {
        const token = tokenFrom(request);
        throw unauthenticated(
          token && apiTokens?.isApiToken(token)
            ? API_TOKEN_MESSAGES.invalid
            : 'Your session has ended. Please sign in again.',
        );
      }
      if (signedIn.apiTokenId && options.apiTokens === false)
        throw forbidden(options.refusal ?? API_TOKEN_MESSAGES.notForTokens);
      return signedIn;
    },
  };
}
export type SessionAuth = ReturnType<typeof sessionAuth>;
