import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionAuth } from './auth';

/**
 * Who may call a route:
 * - `public`: anyone, signed in or not;
 * - `secret`: anyone who holds the secret in the request itself (a feed token, an invite code, a
 *   provider's signature); without it, never a success;
 * - `member`: any signed-in account;
 * - `individual` / `corporate` / `nursery`: a signed-in account of that type only (403 for others);
 * - `{ owner }`: a signed-in account, and only on its own object of that kind (403 or 404 for
 *   everyone else).
 */
export type AccountType = 'individual' | 'corporate' | 'nursery';
export type RouteAccess = 'public' | 'secret' | 'member' | AccountType | { owner: OwnedResource };
/**
 * Kinds of object a member owns (a drive and a team: its corporate organiser; stock: its nursery;
 * a reservation: its nursery and the drive's organiser; a held reservation, e.g. to confirm: its
 * nursery only); server/proof builds one of each.
 */
export type OwnedResource =
  | 'drive'
  | 'tree'
  | 'donation'
  | 'notification'
  | 'api-token'
  | 'stock'
  | 'reservation'
  | 'held-reservation'
  | 'team';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every /api route declares one beside its schema. */
    access?: RouteAccess;
  }
}

/** Routes outside /api (the web app's files) and the API docs are public by nature: no entry. */
export const needsRule = (url: string): boolean =>
  url.startsWith('/api/') && url !== '/api/docs' && !url.startsWith('/api/docs/');

export const routeKey = (method: string, url: string): string => `${method} ${url}`;

/** A signed-in account is required: every rule but `public` and `secret`. */
export function requiresSession(access: RouteAccess | undefined): boolean {
  return access !== undefined && access !== 'public' && access !== 'secret';
}

export interface RouteTable {
  /** Every route registered after `registerRouteAccess`, HEAD left out, with its declared rule. */
  routes: Array<{ method: string; url: string; access: RouteAccess | undefined }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteTable;
  }
}

/**
 * Records every route (for the authorization matrix) and, on routes whose rule needs a session,
 * refuses a caller without one with 401 before the body is even parsed: an anonymous request never
 * learns how the input is checked. Object and account-type rules stay with the services.
 */
export function registerRouteAccess(
  app: FastifyInstance,
  sessions: Pick<SessionAuth, 'requireUser'>,
): void {
  const table: RouteTable = { routes: [] };
  app.decorate('routeTable', table);
  const requireSession = async (request: FastifyRequest) => {
    // apiTokens allowed here: whether a route takes an API token is its handler's decision.
    await sessions.requireUser(request);
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // A HEAD route (Fastify adds one beside each GET) carries its GET's config, hence its rule.
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    for (const method of methods)
      if (method !== 'HEAD') table.routes.push({ method, url: route.url, access });
    if (!requiresSession(access)) return;
    const existing = route.onRequest;
    route.onRequest = [
      ...(existing ? (Array.isArray(existing) ? existing : [existing]) : []),
      requireSession,
    ];
  });
}
