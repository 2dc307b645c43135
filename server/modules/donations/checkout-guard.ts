import type { FastifyRequest } from 'fastify';
import { isIPv4, isIPv6 } from 'node:net';
import { CHECKOUTS_PER_HOUR, RECURRING_MESSAGES } from '../../../contract/recurring-gifts';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../auth/auth.service';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Called by a service right before it creates a checkout (a donation row and the provider's
 * session): throws 403 for an unverified account, 429 (with Retry-After) past the member's or the
 * address's checkouts this hour; else counts this checkout against both. Nothing is counted for a
 * request refused before that point (invalid input, an open checkout given again).
 */
export type CheckoutGuard = () => Promise<void>;

/**
 * The card-testing defence on every checkout creation (issue 22, docs/decisions/card-testing-defence.md):
 * at most CHECKOUTS_PER_HOUR.member per member and CHECKOUTS_PER_HOUR.address per client address
 * in a fixed hour window, counted in the shared `rate_limit_hits` table (every app server), and no
 * checkout for an account whose email is not verified. The route builds it from the request and
 * hands it to the service, which calls it after validating and before creating:
 *
 *   donations.create(user, request.body, undefined, checkoutGuard(ctx, request, user))
 *
 * RATE_LIMIT_MULTIPLIER scales the address limit as it scales every per-address limit (many people
 * behind one address); the member limit never scales.
 */
export function checkoutGuard(
  ctx: Pick<AppContext, 'rateLimits' | 'config'>,
  request: Pick<FastifyRequest, 'ip'>,
  user: SessionUser,
): CheckoutGuard {
  return async () => {
    if (user.verified_at === null)
      throw new AppError(403, 'UNVERIFIED', RECURRING_MESSAGES.unverified);
    await ctx.rateLimits.enforce(
      `checkout:member:${user.id}`,
      CHECKOUTS_PER_HOUR.member,
      HOUR_MS,
      RECURRING_MESSAGES.checkoutsTooMany,
    );
    await ctx.rateLimits.enforce(
      `checkout:address:${clientAddressKey(request.ip)}`,
      Math.ceil(CHECKOUTS_PER_HOUR.address * ctx.config.rateLimitMultiplier),
      HOUR_MS,
      RECURRING_MESSAGES.checkoutsTooMany,
    );
  };
}

/**
 * The address a limit counts: an IPv4 address as is (also when written IPv4-mapped, `::ffff:a.b.c.d`),
 * an IPv6 address by its /64 network, which one subscriber usually holds whole (counting single
 * IPv6 addresses would give a card tester 2^64 fresh counters). `request.ip` is the client's address
 * after TRUST_PROXY (server/app.ts): behind a proxy it must be set, or every client is the proxy.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (a.b.c.d) is two groups, and lies past the first four anyway.
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}
