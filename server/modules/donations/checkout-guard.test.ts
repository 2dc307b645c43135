import { describe, expect, it } from 'vitest';
import { CHECKOUTS_PER_HOUR, RECURRING_MESSAGES } from '../../../contract/recurring-gifts';
import { databaseTargets } from '../../../tests/support/test-database';
import { SESSION_CACHE_TTL_MS } from '../auth/auth.service';
import { clientAddressKey } from './checkout-guard';
import { donationApi, NOW, type Headers } from './donation-test-kit';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const CASH = { kind: 'cash', amount: 500, category: 'Trees' };
const BATCH = '/api/donations/gifts/batch';
const tooMany = (minutes: number) =>
  RECURRING_MESSAGES.checkoutsTooMany.replace('{minutes}', String(minutes));

describe('clientAddressKey', () => {
  it('counts an IPv4 address as itself and an IPv6 address by its /64 network', () => {
    expect(clientAddressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8:1:2:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:DB8:0001::')).toBe('2001:db8:1:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });
});

/**
 * Issue 22 "Guarding the form": the card-testing defence on every checkout creation (create, Pay
 * now, corporate batches), counted only when a checkout is really created.
 */
describe.each(databaseTargets)('card-testing defence on $name', (target) => {
  const api = donationApi(target);
  const { call, donate } = api;
  /** A request from another client address (the app sees the socket's, no proxy trusted). */
  const from = (address: string, url: string, headers: Headers, payload: object) =>
    api.app().inject({ method: 'POST', url, headers, payload, remoteAddress: address });
  const donationsOf = async (userId: string) =>
    (await api.db().selectFrom('donations').select('id').where('donor_id', '=', userId).execute())
      .length;
  const startMany = async (headers: Headers, n: number) => {
    for (let i = 0; i < n; i++) {
      const res = await donate(headers, CASH);
      expect(res.statusCode, res.body).toBe(200);
    }
  };

  it("refuses a member's 11th checkout in an hour with 429 and Retry-After, and creates nothing", async () => {
    await api.setup();
    const me = await api.signIn();
    await startMany(me.headers, CHECKOUTS_PER_HOUR.member);
    api.clock.advance(15 * MINUTE);
    const refused = await donate(me.headers, CASH);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(45 * 60));
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: tooMany(45),
    });
    expect(await donationsOf(me.user.id)).toBe(CHECKOUTS_PER_HOUR.member);

    // Per member: another member (from another address) is not held up.
    const other = await api.signIn();
    expect((await from('198.51.100.7', '/api/donations', other.headers, CASH)).statusCode).toBe(
      200,
    );
    // The same member from another address is still refused.
    expect((await from('198.51.100.8', '/api/donations', me.headers, CASH)).statusCode).toBe(429);

    // The hour passes on the injected clock: a new window.
    api.clock.advance(45 * MINUTE);
    expect((await donate(me.headers, CASH)).statusCode).toBe(200);
    expect(await donationsOf(me.user.id)).toBe(CHECKOUTS_PER_HOUR.member + 1);
  });

  it('counts every member of one address together: the 21st checkout from it is refused', async () => {
    await api.setup();
    const [a, b] = [await api.signIn(), await api.signIn()];
    await startMany(a.headers, 10);
    await startMany(b.headers, 10);
    // A third account's checkout from the same address (a corporate batch, whose route has its
    // own request limit, so it is this defence and not the route's that answers).
    const org = await api.signIn({ profile_type: 'corporate' });
    const batch = { treesEach: 1, recipients: [{ name: 'Ada', email: 'ada@example.com' }] };
    const refused = await call('POST', BATCH, org.headers, batch);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(tooMany(60));
    expect(refused.headers['retry-after']).toBe('3600');
    expect(await donationsOf(org.user.id)).toBe(0);
    expect(await api.db().selectFrom('donation_gifts').selectAll().execute()).toEqual([]);
    // From another address the same account may give.
    expect((await from('192.0.2.44', BATCH, org.headers, batch)).statusCode).toBe(200);
    api.clock.advance(HOUR);
    expect((await call('POST', BATCH, org.headers, batch)).statusCode).toBe(200);
  });

  it('counts corporate batches and Pay now against the same member limit', async () => {
    await api.setup();
    const org = await api.signIn({ profile_type: 'corporate' });
    const batch = { treesEach: 2, recipients: [{ name: 'Ada', email: 'ada@example.com' }] };
    for (let i = 0; i < 5; i++)
      expect((await call('POST', BATCH, org.headers, batch)).statusCode).toBe(200);
    const { id } = await api.pending(org.headers);
    await startMany(org.headers, 3);
    // Pay now while its checkout is open gives the same one again: nothing new, nothing counted.
    const again = await call('POST', `/api/donations/${id}/checkout`, org.headers);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.donation.id).toBe(id);
    // The 10th checkout.
    await startMany(org.headers, 1);
    // Once its checkout has closed (over 24 hours old), Pay now would start a new one: refused,
    // and the donation stays as it was.
    await api
      .db()
      .updateTable('donations')
      .set({ created_at: new Date(Date.parse(NOW) - 25 * HOUR).toISOString() })
      .where('id', '=', id)
      .execute();
    const payNow = await call('POST', `/api/donations/${id}/checkout`, org.headers);
    expect(payNow.statusCode).toBe(429);
    expect(payNow.headers['retry-after']).toBe('3600');
    expect((await api.row(id)).status).toBe('pending');
    expect((await call('POST', BATCH, org.headers, batch)).statusCode).toBe(429);
    expect(await donationsOf(org.user.id)).toBe(10);
    // Paying an open checkout (the test card) is no checkout creation: it is never refused here.
    expect((await api.pay(org.headers, id)).statusCode).toBe(200);
  });

  it('refuses an account whose email is not verified with 403, creating and counting nothing', async () => {
    await api.setup();
    const me = await api.signIn();
    const { id } = await api.pending(me.headers);
    // An account can lose its verified state while signed in; the guard reads the session's row.
    await api
      .db()
      .updateTable('users')
      .set({ verified_at: null })
      .where('id', '=', me.user.id)
      .execute();
    api.clock.advance(SESSION_CACHE_TTL_MS + 1000);
    const refused = await donate(me.headers, CASH);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'UNVERIFIED',
      message: RECURRING_MESSAGES.unverified,
    });
    await api
      .db()
      .updateTable('donations')
      .set({ created_at: new Date(Date.parse(NOW) - 25 * HOUR).toISOString() })
      .where('id', '=', id)
      .execute();
    expect((await call('POST', `/api/donations/${id}/checkout`, me.headers)).statusCode).toBe(403);
    expect((await api.row(id)).status).toBe('pending');
    expect(await donationsOf(me.user.id)).toBe(1);
    const counters = await api.db().selectFrom('rate_limit_hits').selectAll().execute();
    expect(counters.find((c) => c.key === `checkout:member:${me.user.id}`)?.count).toBe(1);
  });

  it('does not count requests refused before a checkout is created (invalid input, a past drive)', async () => {
    await api.setup();
    const me = await api.signIn();
    const past = await api.insertDrive(me.user.id, { starts_at: '2026-05-01T08:00:00.000Z' });
    const refusals = [
      { kind: 'trees', trees: 0, category: 'Trees' }, // the schema's 400
      { kind: 'cash', amount: 1, category: 'Trees' }, // under the minimum (donationLimitProblem)
      { kind: 'trees', trees: 1, driveId: past.id, category: 'Trees' }, // the drive took place
    ];
    // Three of each (the route's own request limit, 20 in 10 minutes, leaves room for the rest).
    for (let i = 0; i < 9; i++) {
      const res = await donate(me.headers, refusals[i % 3]!);
      expect(res.statusCode, res.body).toBe(400);
    }
    const counters = await api.db().selectFrom('rate_limit_hits').select('key').execute();
    expect(counters.filter((c) => c.key.startsWith('checkout:'))).toEqual([]);
    await startMany(me.headers, CHECKOUTS_PER_HOUR.member);
    expect((await donate(me.headers, CASH)).statusCode).toBe(429);
  });
});
