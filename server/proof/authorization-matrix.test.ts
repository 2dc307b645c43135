import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { NOTIFICATION_KINDS } from '../../contract/notifications';
import { newId } from '../lib/ids';
import {
  needsRule,
  routeKey,
  type AccountType,
  type OwnedResource,
  type RouteAccess,
} from '../plugins/route-access';
import { buildDonation, buildDrive, buildTree } from '../../tests/support/factories';
import { signedInUser } from '../../tests/support/signed-in';
import { buildTestApp, type TestApp } from '../../tests/support/test-app';
import { databaseTargets } from '../../tests/support/test-database';

/**
 * Every /api route, as the server registered it, called as nobody, as the owner of an object and
 * as another member of each account type; each answer is checked against the rule the route declares
 * (`config.access` beside its schema). A route with no rule fails the first test, by name.
 */
type Caller = {
  name: string;
  type: AccountType;
  id: string;
  headers: Record<string, string>;
};
const TYPES: AccountType[] = ['individual', 'corporate', 'nursery'];
const STAMP = '2026-01-01T00:00:00.000Z';

/** Who owns each kind of object in the fixtures (the first account of each type named). */
const OWNER_TYPES: Record<OwnedResource, AccountType[]> = {
  drive: ['corporate'],
  team: ['corporate'],
  tree: ['individual'],
  donation: ['individual'],
  notification: ['individual'],
  'api-token': ['individual'],
  stock: ['nursery'],
  // The nursery that holds it and the organiser who asked for it.
  reservation: ['nursery', 'corporate'],
  'held-reservation': ['nursery'],
};

/** Routes that end a caller's session or account go last, after every other check, in this order. */
const LAST = ['POST /api/users/me/password', 'DELETE /api/users/me', 'POST /api/users/logout'];

async function insertFixtures(db: DatabaseHandle['db'], owners: Record<AccountType, Caller>) {
  const drive = buildDrive(owners.corporate.id);
  const tree = buildTree(owners.individual.id);
  const donation = buildDonation(owners.individual.id);
  await db.insertInto('drives').values(drive).execute();
  await db.insertInto('trees').values(tree).execute();
  await db.insertInto('donations').values(donation).execute();
  const notification = newId();
  await db
    .insertInto('notifications')
    .values({
      id: notification,
      user_id: owners.individual.id,
      kind: NOTIFICATION_KINDS[0],
      title: 'A notice',
      body: 'For the owner only',
      link: null,
      created_at: STAMP,
      read_at: null,
    })
    .execute();
  const stock = newId();
  await db
    .insertInto('nursery_stock')
    .values({
      id: stock,
      nursery_id: owners.nursery.id,
      species_id: 1,
      size: 'packet',
      quantity_available: 100,
      price_minor: 100,
      currency: 'USD',
      pickup_lat: 1,
      pickup_lng: 1,
      pickup_location_text: 'The nursery gate',
      created_at: STAMP,
      updated_at: STAMP,
    })
    .execute();
  const reservation = newId();
  await db
    .insertInto('sapling_reservations')
    .values({
      id: reservation,
      drive_id: drive.id,
      stock_id: stock,
      nursery_id: owners.nursery.id,
      organiser_id: owners.corporate.id,
      quantity: 5,
      unit_price_minor: 100,
      currency: 'USD',
      status: 'requested',
      created_at: STAMP,
      updated_at: STAMP,
    })
    .execute();
  return {
    drive: drive.id,
    tree: tree.id,
    donation: donation.id,
    notification,
    stock,
    reservation,
    'held-reservation': reservation,
    team: owners.corporate.id,
  } satisfies Partial<Record<OwnedResource, string>>;
}

describe.each(databaseTargets)('authorization matrix ($name)', (target) => {
  let t: TestApp;
  const callers: Caller[] = [];
  const owners = {} as Record<AccountType, Caller>;
  let ids: Record<OwnedResource, string>;

  beforeAll(async () => {
    // Hundreds of requests from one address: the per-IP limits are tested elsewhere.
    t = await buildTestApp(target, { config: { rateLimitMultiplier: 1000 } });
    for (const type of TYPES)
      for (const n of [1, 2]) {
        const { user, headers } = await signedInUser(t.app, t.database.db, {
          profile_type: type,
        });
        const caller = {
          name: `${type} ${n === 1 ? 'owner' : 'stranger'}`,
          type,
          id: user.id,
          headers,
        };
        callers.push(caller);
        if (n === 1) owners[type] = caller;
      }
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/api-tokens',
      headers: owners.individual.headers,
      payload: { name: 'matrix' },
    });
    expect(token.statusCode).toBe(201);
    ids = {
      ...(await insertFixtures(t.database.db, owners)),
      'api-token': (token.json() as { data: { token: { id: string } } }).data.token.id,
    };
  });
  afterAll(() => t.close());

  const apiRoutes = () => t.app.routeTable.routes.filter((r) => needsRule(r.url));

  it('every /api route declares who may call it (config.access on the route)', () => {
    const undeclared = apiRoutes()
      .filter((r) => r.access === undefined)
      .map((r) => routeKey(r.method, r.url));
    expect(
      undeclared,
      `Routes without an access rule: add config: { access } to each route:\n${undeclared.join('\n')}`,
    ).toEqual([]);
  });

  it('refuses nobody before reading the body, and a HEAD request as its GET', async () => {
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/trees',
      headers: { 'content-type': 'application/json' },
      payload: '{"not json',
    });
    expect(garbage.statusCode).toBe(401);
    const head = await t.app.inject({ method: 'HEAD', url: '/api/notifications' });
    expect(head.statusCode).toBe(401);
  });

  /** The path with its parameters filled: the rule's own object, or a sensible existing one. */
  function pathFor(url: string, access: RouteAccess): { path: string; guessed: boolean } {
    const owned = typeof access === 'object' ? access.owner : undefined;
    let guessed = false;
    const path = url.replace(/:(\w+)/g, (_m, name: string) => {
      if (name === 'id' || name === 'organisationId') {
        if (owned) return ids[owned];
        if (url.startsWith('/api/drives/')) return ids.drive;
        if (url.startsWith('/api/trees/')) return ids.tree;
        if (url.startsWith('/api/users/')) return owners.individual.id;
      }
      if (name === 'userId') return owners.corporate.id;
      if (name === 'action') return 'confirm';
      guessed = true;
      return newId();
    });
    return { path, guessed };
  }

  it('answers every caller as the route’s rule says', async () => {
    const routes = apiRoutes()
      .map((r) => ({ ...r, key: routeKey(r.method, r.url) }))
      .filter((r): r is typeof r & { access: RouteAccess } => r.access !== undefined)
      // Deletions after everything else, and what ends a session or account at the very end.
      .sort(
        (a, b) =>
          LAST.indexOf(a.key) - LAST.indexOf(b.key) ||
          Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
      );
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const route of routes) {
      const { access } = route;
      const { path: url, guessed } = pathFor(route.url, access);
      const call = async (caller: Caller | null) => {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: caller?.headers ?? {},
          ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
        });
        return res.statusCode;
      };
      const fail = (who: string, status: number, expected: string) =>
        failures.push(`${route.key} as ${who}: ${status}, expected ${expected}`);

      const anonymous = await call(null);
      if (anonymous >= 500) fail('nobody', anonymous, 'no server error');
      if (access === 'public') {
        if (anonymous === 401 || anonymous === 403) fail('nobody', anonymous, 'an answer');
      } else if (access === 'secret') {
        if (anonymous < 300) fail('nobody without the secret', anonymous, 'a refusal');
      } else if (anonymous !== 401) fail('nobody', anonymous, '401');

      for (const caller of callers) {
        const status = await call(caller);
        if (status >= 500) fail(caller.name, status, 'no server error');
        if (access === 'public' || access === 'member') {
          if (status === 401 || status === 403) fail(caller.name, status, 'an answer');
        } else if (access === 'secret') {
          if (status < 300) fail(caller.name, status, 'a refusal without the secret');
        } else if (typeof access === 'string') {
          if (caller.type === access && (status === 401 || status === 403))
            fail(caller.name, status, 'an answer');
          if (caller.type !== access && status < 300) fail(caller.name, status, 'a refusal');
        } else {
          const isOwner = OWNER_TYPES[access.owner].some((type) => caller === owners[type]);
          // With an object the fixtures lack (an invite), only a refusal of the owner is wrong.
          if (isOwner && (status === 401 || status === 403 || (status === 404 && !guessed)))
            fail(caller.name, status, 'an answer (its own object)');
          if (!isOwner && status < 300) fail(caller.name, status, 'a refusal (not its object)');
        }
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, 120_000);
});
