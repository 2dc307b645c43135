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

/**
 * The one table, keyed `METHOD /path` as the route is registered. Every /api route must be here:
 * tests/proof/authorization-matrix.test.ts fails, naming the route, when one is missing, and calls
 * every route as nobody, as another member and as each account type to check its rule.
 */
export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  'GET /api/health': 'public',
  'GET /api/map-config': 'public',
  'GET /api/stats': 'public',
  'GET /api/stats/charts': 'public',
  'POST /api/newsletter': 'public',

  // Accounts
  'POST /api/users/register': 'public',
  'POST /api/users/creatotp': 'public',
  'POST /api/users/users-otpmatch': 'public',
  'POST /api/users/login': 'public',
  'POST /api/users/forgotpassword': 'public',
  'POST /api/users/resetpassword': 'secret',
  'GET /api/users/currentuser': 'member',
  'POST /api/users/logout': 'member',
  'GET /api/trees/user-profile': 'member',
  'GET /api/users/:id/profile': 'member',
  'PATCH /api/users/me': 'member',
  'DELETE /api/users/me': 'member',
  'PUT /api/users/me/avatar': 'member',
  'DELETE /api/users/me/avatar': 'member',
  'POST /api/users/me/password': 'member',
  'GET /api/api-tokens': 'member',
  'POST /api/api-tokens': 'member',
  'DELETE /api/api-tokens/:id': { owner: 'api-token' },
  'GET /api/onboarding': 'member',

  'GET /api/files/:id': 'public',
  'GET /api/notifications': 'member',
  'GET /api/notifications/unread-count': 'member',
  'POST /api/notifications/read-all': 'member',
  'POST /api/notifications/:id/read': { owner: 'notification' },
  'GET /api/geo/search': 'member',
  'GET /api/geo/reverse': 'member',

  // Drives
  'POST /api/add_drivetreeinfo': 'corporate',
  'GET /api/users/coporateuser': 'member',
  'GET /api/trees/geteventdetail': 'member',
  'GET /api/drives/map': 'member',
  'GET /api/drives/mine': 'member',
  'GET /api/drives/member/:id': 'member',
  'GET /api/drives/calendar': 'member',
  'GET /api/drives/:id': 'member',
  'PUT /api/drives/:id': { owner: 'drive' },
  'DELETE /api/drives/:id': { owner: 'drive' },
  'POST /api/drives/:id/participants': 'member',
  'DELETE /api/drives/:id/participants': 'member',
  'GET /api/drives/:id/ics': 'member',
  'GET /api/calendar/feed': 'member',
  'POST /api/calendar/feed/rotate': 'member',
  'GET /api/calendar/feed/:token.ics': 'secret',

  // Donations and payments
  'GET /api/donations/options': 'public',
  'POST /api/donations': 'member',
  'GET /api/donations': 'member',
  'GET /api/donations/export.csv': 'member',
  'GET /api/donations/billing': 'member',
  'PUT /api/donations/billing': 'member',
  'GET /api/donations/:id': { owner: 'donation' },
  'GET /api/donations/:id/receipt': { owner: 'donation' },
  'GET /api/trees/donatedtrees': 'member',
  'GET /api/drives/:id/donations': 'member',
  'POST /api/payments/stripe/webhook': 'secret',
  'POST /api/payments/test/confirm': 'member',

  // Trees
  'POST /api/trees': 'member',
  'GET /api/trees/registeredtree': 'member',
  'GET /api/trees/member/:id': 'member',
  'GET /api/trees/species': 'public',
  'GET /api/trees/map': 'member',
  'GET /api/trees/export': 'member',
  'GET /api/trees/:id': 'member',
  'PATCH /api/trees/:id': { owner: 'tree' },
  'DELETE /api/trees/:id': { owner: 'tree' },
  'GET /api/trees/care-due': 'member',
  'GET /api/trees/replanting': 'member',
  'GET /api/trees/care-settings': 'member',
  'PUT /api/trees/care-settings': 'member',
  'POST /api/trees/:id/measurements': { owner: 'tree' },
  'POST /api/trees/:id/care': { owner: 'tree' },
  'GET /api/trees/:id/care': 'member',
  'POST /api/trees/:id/health': { owner: 'tree' },
  'GET /api/trees/:id/growth': 'member',

  // Nurseries
  'GET /api/nursery/stock': 'member',
  'POST /api/nursery/stock': 'nursery',
  'GET /api/nursery/stock/:id': 'member',
  'PATCH /api/nursery/stock/:id': { owner: 'stock' },
  'DELETE /api/nursery/stock/:id': { owner: 'stock' },
  'POST /api/drives/:id/reservations': { owner: 'drive' },
  'GET /api/drives/:id/reservations': 'member',
  'GET /api/drives/:id/chain': 'member',
  'GET /api/nursery/reservations': 'nursery',
  'GET /api/nursery/reservations/:id': { owner: 'reservation' },
  'POST /api/nursery/reservations/:id/:action': { owner: 'held-reservation' },
  'GET /api/trees/:id/provenance': 'member',
  'GET /api/dashboard/nursery': 'nursery',

  // Teams, dashboards, reports
  'GET /api/teams/mine': 'member',
  'GET /api/teams/invites/preview': 'secret',
  'POST /api/teams/invites/accept': 'member',
  'GET /api/teams/:organisationId/members': { owner: 'team' },
  'PATCH /api/teams/:organisationId/members/:userId': { owner: 'team' },
  'DELETE /api/teams/:organisationId/members/:userId': { owner: 'team' },
  'GET /api/teams/:organisationId/invites': { owner: 'team' },
  'POST /api/teams/:organisationId/invites': { owner: 'team' },
  'POST /api/teams/:organisationId/invites/:inviteId/resend': { owner: 'team' },
  'DELETE /api/teams/:organisationId/invites/:inviteId': { owner: 'team' },
  'GET /api/dashboard/individual': 'individual',
  'GET /api/dashboard/corporate': 'corporate',
  'GET /api/reports/impact': 'member',
};

/** Routes outside /api (the web app's files) and the API docs are public by nature: no entry. */
export const needsRule = (url: string): boolean =>
  url.startsWith('/api/') && url !== '/api/docs' && !url.startsWith('/api/docs/');

export const routeKey = (method: string, url: string): string => `${method} ${url}`;

/** A signed-in account is required: every rule but `public` and `secret`. */
export function requiresSession(access: RouteAccess | undefined): boolean {
  return access !== undefined && access !== 'public' && access !== 'secret';
}

export interface RouteTable {
  /** Every route registered after `registerRouteAccess`, HEAD left out, as `METHOD /path`. */
  routes: Array<{ method: string; url: string }>;
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
    for (const method of methods)
      if (method !== 'HEAD') table.routes.push({ method, url: route.url });
    // A HEAD route (Fastify adds one beside each GET) follows its GET's rule.
    const method = methods[0] === 'HEAD' ? 'GET' : methods[0]!;
    if (!requiresSession(ROUTE_ACCESS[routeKey(method, route.url)])) return;
    const existing = route.onRequest;
    route.onRequest = [
      ...(existing ? (Array.isArray(existing) ? existing : [existing]) : []),
      requireSession,
    ];
  });
}
