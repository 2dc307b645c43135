import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../lib/errors';
import type { AuthService, SignedInSession } from '../modules/auth/auth.service';

export type { SessionUser } from '../modules/auth/auth.service';
export type SignedIn = SignedInSession;

/** The session token from `x-auth-token`, or from `Authorization: Bearer`. */
export function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers['x-auth-token'];
  const direct = Array.isArray(header) ? header[0] : header;
  if (direct?.trim()) return direct.trim();
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1]?.trim() || undefined;
}

/** `getUser` returns the signed-in user or null; `requireUser` throws 401. Checked once per request. */
export function sessionAuth(auth: AuthService) {
  const seen = new WeakMap<FastifyRequest, Promise<SignedIn | null>>();
  const getUser = (request: FastifyRequest): Promise<SignedIn | null> => {
    let found = seen.get(request);
    if (!found) {
      const token = tokenFrom(request);
      found = token ? auth.userForToken(token) : Promise.resolve(null);
      seen.set(request, found);
    }
    return found;
  };
  return {
    getUser,
    async requireUser(request: FastifyRequest): Promise<SignedIn> {
      const signedIn = await getUser(request);
      if (!signedIn) throw unauthenticated('Your session has ended. Please sign in again.');
      return signedIn;
    },
  };
}
export type SessionAuth = ReturnType<typeof sessionAuth>;
