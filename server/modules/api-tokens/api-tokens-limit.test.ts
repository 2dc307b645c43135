import { afterEach, describe, expect, it } from 'vitest';
import { API_TOKEN_LIMITS, API_TOKEN_MESSAGES } from '../../../contract/api-tokens';
import { insertUser } from '../../../tests/support/factories';
import { buildTestApp, movableClock, type TestApp } from '../../../tests/support/test-app';
import { databaseTargets } from '../../../tests/support/test-database';

const NOW = '2026-11-22T10:00:00.000Z';

describe.each(databaseTargets)('the live API token limit under concurrency on $name', (target) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  // Through the service: the route's own rate limit (20 per 15 minutes) would hide a race.
  it(`lets exactly ${API_TOKEN_LIMITS.maxLive} of 25 concurrent creates through`, async () => {
    t = await buildTestApp(target, { clock: movableClock(NOW) });
    const db = t.database.db;
    // A member as a session sees them: the stored row without its password hash.
    const member = async () => {
      const { id } = await insertUser(db);
      const { password_hash: _hash, ...user } = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return user;
    };
    const me = await member();
    const tokens = t.services.apiTokens;
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, (_, n) =>
        tokens.create(me, { name: `Concurrent ${n}`, expiresInDays: null }),
      ),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(API_TOKEN_LIMITS.maxLive);
    expect(refused).toHaveLength(25 - API_TOKEN_LIMITS.maxLive);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        status: 409,
        message: API_TOKEN_MESSAGES.tooMany,
      });
    const stored = await t.database.db
      .selectFrom('api_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(API_TOKEN_LIMITS.maxLive);
    // Another member's limit is their own, however busy this one is.
    await expect(
      tokens.create(await member(), { name: 'Mine', expiresInDays: null }),
    ).resolves.toBeTruthy();
  });
});
