import { afterEach, describe, expect, it } from 'vitest';
import { insertUser } from '../../tests/support/factories';
import { buildTestServices, movableClock } from '../../tests/support/test-app';
import { createTestDatabase, databaseTargets } from '../../tests/support/test-database';
import type { DatabaseHandle } from '../db/database';
import { dailyPrune } from './index';

const NOW = '2026-06-01T10:00:00.000Z';
const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.parse(NOW) - ms).toISOString();
const ahead = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();

describe.each(databaseTargets)('daily prune on $name', (target) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  it("removes exactly the ended sessions, used or expired codes and tokens, old attempts, old read notices and finished counters, through every module's prune hook", async () => {
    handle = await createTestDatabase(target);
    const { db } = handle;
    const clock = movableClock(NOW);
    const services = buildTestServices(handle, { clock });
    const user = await insertUser(db);
    const keep: Record<string, string[]> = {};
    const kept = (table: string, id: string) => (keep[table] ??= []).push(id);

    const session = (id: string, expires: string, revoked: string | null) => ({
      id,
      user_id: user.id,
      created_at: ago(DAY),
      expires_at: expires,
      revoked_at: revoked,
    });
    await db
      .insertInto('sessions')
      .values([
        session('s-live', ahead(DAY), null),
        session('s-expired', ago(1), null),
        session('s-revoked', ahead(DAY), ago(1000)),
      ])
      .execute();
    kept('sessions', 's-live');

    const otp = (id: string, expires: string, consumed: string | null) => ({
      id,
      user_id: user.id,
      code_hash: id,
      attempts: 0,
      created_at: ago(DAY),
      expires_at: expires,
      consumed_at: consumed,
    });
    await db
      .insertInto('otp_codes')
      .values([
        otp('o-live', ahead(60_000), null),
        otp('o-expired', ago(1), null),
        otp('o-used', ahead(60_000), ago(1)),
      ])
      .execute();
    kept('otp_codes', 'o-live');

    const token = (id: string, expires: string, used: string | null) => ({
      id,
      user_id: user.id,
      token_hash: id,
      created_at: ago(DAY),
      expires_at: expires,
      used_at: used,
    });
    await db
      .insertInto('reset_tokens')
      .values([
        token('r-live', ahead(60_000), null),
        token('r-expired', ago(1), null),
        token('r-used', ahead(60_000), ago(1)),
      ])
      .execute();
    kept('reset_tokens', 'r-live');

    const attempt = (id: string, at: string) => ({
      id,
      kind: 'login_failure_ip' as const,
      subject: '10.0.0.1',
      created_at: at,
    });
    await db
      .insertInto('auth_attempts')
      .values([attempt('a-recent', ago(DAY - 1000)), attempt('a-old', ago(DAY + 1000))])
      .execute();
    kept('auth_attempts', 'a-recent');

    const notice = (id: string, created: string, read: string | null) => ({
      id,
      user_id: user.id,
      kind: 'welcome',
      title: 't',
      body: 'b',
      link: null,
      created_at: created,
      read_at: read,
    });
    await db
      .insertInto('notifications')
      .values([
        notice('n-old-read', ago(91 * DAY), ago(80 * DAY)),
        notice('n-old-unread', ago(91 * DAY), null),
        notice('n-recent-read', ago(89 * DAY), ago(DAY)),
      ])
      .execute();
    kept('notifications', 'n-old-unread');
    kept('notifications', 'n-recent-read');

    await db
      .insertInto('rate_limit_hits')
      .values([
        { key: 'h-live', count: 3, reset_at: ahead(1000) },
        { key: 'h-done', count: 9, reset_at: ago(1) },
      ])
      .execute();

    // 2 sessions + 2 codes + 2 tokens + 1 attempt + 1 notice + 1 counter.
    expect(await dailyPrune(services.hooks, clock)).toBe(9);
    for (const [table, ids] of Object.entries(keep)) {
      const rows = await db
        .selectFrom(table as 'sessions')
        .select('id')
        .execute();
      expect(rows.map((r) => r.id).sort(), table).toEqual([...ids].sort());
    }
    const hits = await db.selectFrom('rate_limit_hits').select('key').execute();
    expect(hits.map((h) => h.key)).toEqual(['h-live']);

    // The queue runs each daily tick once (across servers); a run finds only what expired since.
    await db
      .insertInto('auth_attempts')
      .values(attempt('a-old-2', ago(2 * DAY)))
      .execute();
    clock.advance(DAY);
    expect(await dailyPrune(services.hooks, clock)).toBeGreaterThanOrEqual(1);
    const left = await db.selectFrom('auth_attempts').select('id').execute();
    expect(left).toEqual([]);
  });
});
