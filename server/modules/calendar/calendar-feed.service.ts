import { createHmac, randomBytes } from 'node:crypto';
import type { Clock } from '../../lib/clock';
import { hashSecretToken } from '../../lib/secret-tokens';
import type { UsersService } from '../users/users.service';
import type { CalendarFeedRepository } from './calendar-feed.repository';

/** Feed tokens are 32-byte HMACs in base64url: 43 characters. */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Personal iCal feed addresses. The token is HMAC(key, user_id:nonce) with a key derived from the
 * session secret, so the address can be shown again without storing it; the database keeps only the
 * nonce and the token's SHA-256. Rotating draws a new nonce, which revokes the old address.
 */
export function calendarFeedService(deps: {
  repo: CalendarFeedRepository;
  clock: Clock;
  secret: string;
  appUrl: string;
  /** Whether the feed's owner still has an account, and their language (the users module's). */
  users: Pick<UsersService, 'people'>;
}) {
  const { repo, clock } = deps;
  // A key of its own: feed tokens can never be confused with session JWT signatures.
  const key = createHmac('sha256', deps.secret).update('canopy calendar feed v1').digest();
  const tokenFor = (userId: string, nonce: string) =>
    createHmac('sha256', key).update(`${userId}:${nonce}`).digest('base64url');
  const urlFor = (token: string) => `${deps.appUrl}/api/calendar/feed/${token}.ics`;
  const freshRow = (userId: string) => {
    const nonce = randomBytes(16).toString('hex');
    const token = tokenFor(userId, nonce);
    return {
      token,
      row: {
        user_id: userId,
        nonce,
        token_hash: hashSecretToken(token),
        created_at: clock.now().toISOString(),
      },
    };
  };

  /** The feed's owner and the language their feed is written in; null when not a live feed. */
  async function feedOwner(
    token: string,
  ): Promise<{ userId: string; locale: string | null } | null> {
    if (!FEED_TOKEN_PATTERN.test(token)) return null;
    const row = await repo.findOwnerByHash(hashSecretToken(token));
    if (!row) return null;
    const owner = (await deps.users.people([row.user_id])).get(row.user_id);
    return owner && !owner.deletedAt ? { userId: owner.id, locale: owner.locale } : null;
  }

  return {
    /** The member's feed address, created on first use. */
    async url(userId: string): Promise<string> {
      let feed = await repo.findForUser(userId);
      if (!feed) {
        await repo.insertIfAbsent(freshRow(userId).row);
        feed = await repo.findForUser(userId);
      }
      if (!feed) throw new Error('calendar feed row missing after insert');
      return urlFor(tokenFor(userId, feed.nonce));
    },

    /** Revokes the old address and answers the new one. */
    async rotate(userId: string): Promise<string> {
      const { token, row } = freshRow(userId);
      await repo.replace(row);
      return urlFor(token);
    },

    /** Whose feed this token opens, or null (malformed, revoked, or the account is gone). */
    async ownerOf(token: string): Promise<string | null> {
      return (await feedOwner(token))?.userId ?? null;
    },

    feedOwner,
  };
}
export type CalendarFeedService = ReturnType<typeof calendarFeedService>;
