import { beforeEach, describe, expect, it } from 'vitest';
import { DONATION_MESSAGES } from '../../../contract/donations';
import { buildDonation } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import { nurseryTestKit, UPCOMING } from '../nursery/nursery-test-kit';
import type { PaymentEvent } from '../payments/payment-provider';
import { testPaymentEvent, testReversalEvent } from '../payments/test-provider';
import { donationApi, NOW } from './donation-test-kit';

const HOUR = 60 * 60 * 1000;

/** Dollars at $3 a tree: the money-counting tests' settings. */
const DOLLARS = {
  currency: 'USD',
  treePrice: 300,
  minAmount: 100,
  maxAmount: 100_000,
  maxTrees: 100,
};

/** The provider telling that a paid donation was refunded, with a known event id (replays). */
const refundOf = (row: Parameters<typeof testReversalEvent>[0], id: string): PaymentEvent => ({
  ...testReversalEvent(row, 'refund'),
  id,
});

describe.each(databaseTargets)('Pay now, Cancel and expiry (issue 19 §7) on $name', (target) => {
  const api = donationApi(target);
  const { call } = api;
  beforeEach(() => api.setup());
  /** Moves a donation's start back (the session of the test stays fresh). */
  const backdate = (id: string, ms: number) =>
    api
      .db()
      .updateTable('donations')
      .set({ created_at: new Date(Date.parse(NOW) - ms).toISOString() })
      .where('id', '=', id)
      .execute();

  const giftsOf = (donationId: string) =>
    api
      .db()
      .selectFrom('donation_gifts')
      .selectAll()
      .where('donation_id', '=', donationId)
      .orderBy('position')
      .execute();

  it('asks for a session, refuses another member and bad ids', async () => {
    const me = await api.signIn();
    const other = await api.signIn();
    const { id } = await api.pending(me.headers);
    for (const action of ['checkout', 'cancel']) {
      const url = `/api/donations/${id}/${action}`;
      expect((await call('POST', url)).statusCode, url).toBe(401);
      const stranger = await call('POST', url, other.headers);
      expect(stranger.statusCode, url).toBe(404);
      expect(stranger.json().message).toBe(DONATION_MESSAGES.notFound);
      expect(
        (await call('POST', `/api/donations/${'x'.repeat(65)}/${action}`, me.headers)).statusCode,
      ).toBe(400);
    }
    expect((await api.row(id)).status).toBe('pending');
  });

  it('Pay now resumes the same checkout while it is open, else starts again with the same choices', async () => {
    const me = await api.signIn();
    const drive = await api.insertDrive(me.user.id, { starts_at: '2026-06-20T08:00:00.000Z' });
    const first = await api.pending(me.headers, {
      kind: 'cash',
      amount: 2500,
      driveId: drive.id,
      message: 'For the river',
      anonymous: true,
    });
    const resumed = await call('POST', `/api/donations/${first.id}/checkout`, me.headers);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data.donation.id).toBe(first.id);
    expect(resumed.json().data.checkoutUrl).toBe(first.checkoutUrl);

    // A day later (sessions last 8 hours, so the checkout's start moves back instead).
    await backdate(first.id, 25 * HOUR);
    const again = await call('POST', `/api/donations/${first.id}/checkout`, me.headers);
    expect(again.statusCode).toBe(200);
    const next = again.json().data.donation;
    expect(next.id).not.toBe(first.id);
    expect(next).toMatchObject({
      kind: 'cash',
      amount: 2500,
      status: 'pending',
      category: 'General fund',
      message: 'For the river',
      anonymous: true,
      drive: { id: drive.id },
    });
    expect(again.json().data.checkoutUrl).toBe(`/app/checkout-tree?donation=${next.id}`);
    expect((await api.row(first.id)).status).toBe('expired');
    // Only a pending donation has a checkout.
    const closed = await call('POST', `/api/donations/${first.id}/checkout`, me.headers);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(DONATION_MESSAGES.notPending);
  });

  it('Pay now starting again keeps the gift: the same recipients, message and day, with new codes', async () => {
    const me = await api.signIn();
    const gift = {
      recipientName: 'Ravi Rao',
      recipientEmail: 'ravi@example.com',
      message: 'Happy birthday!',
      sendOn: '2026-06-10',
    };
    const first = await api.pending(me.headers, {
      kind: 'trees',
      trees: 2,
      category: 'Trees',
      gift,
    });
    const before = await giftsOf(first.id);
    await backdate(first.id, 25 * HOUR);
    const again = await call('POST', `/api/donations/${first.id}/checkout`, me.headers);
    expect(again.statusCode).toBe(200);
    const next = again.json().data.donation;
    expect(next).toMatchObject({ kind: 'trees', trees: 2, status: 'pending' });
    const after = await giftsOf(next.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      position: 0,
      trees: 2,
      recipient_name: 'Ravi Rao',
      recipient_email: 'ravi@example.com',
      message: 'Happy birthday!',
      send_on: '2026-06-10',
      claimed_by: null,
      sent_at: null,
    });
    expect(after[0]!.id).not.toBe(before[0]!.id);
    expect(after[0]!.code_hash).not.toBe(before[0]!.code_hash);
    // The old donation keeps its own row (it expired; nothing moved off it).
    expect(await giftsOf(first.id)).toHaveLength(1);
    // Paid, the new donation mails the recipient (its day has not come: not yet).
    expect((await api.pay(me.headers, next.id)).statusCode).toBe(200);
    const list = await call('GET', `/api/donations/${next.id}/gifts`, me.headers);
    expect(list.json().data).toMatchObject({ total: 1, claimed: 0 });
  });

  it('Pay now starting again keeps a corporate batch in order; a send day now past becomes at once', async () => {
    // Late in the evening (UTC) for a mail the same day; Pay now comes after midnight.
    api.clock.set('2026-05-31T20:00:00.000Z');
    const org = await api.signIn({ profile_type: 'corporate' });
    const res = await call('POST', '/api/donations/gifts/batch', org.headers, {
      treesEach: 2,
      recipients: [1, 2, 3].map((n) => ({ name: `Person ${n}`, email: `p${n}@example.com` })),
      message: 'Thank you',
      sendOn: '2026-05-31',
    });
    expect(res.statusCode).toBe(200);
    const first = res.json().data.donation;
    api.clock.set('2026-06-01T02:00:00.000Z');
    await backdate(first.id, 33 * HOUR);
    const again = await call('POST', `/api/donations/${first.id}/checkout`, org.headers);
    expect(again.statusCode, again.body).toBe(200);
    const next = again.json().data.donation;
    expect(next.id).not.toBe(first.id);
    expect(next.trees).toBe(6);
    const rows = await giftsOf(next.id);
    expect(
      rows.map((r) => [r.position, r.trees, r.recipient_name, r.recipient_email, r.message]),
    ).toEqual([
      [0, 2, 'Person 1', 'p1@example.com', 'Thank you'],
      [1, 2, 'Person 2', 'p2@example.com', 'Thank you'],
      [2, 2, 'Person 3', 'p3@example.com', 'Thank you'],
    ]);
    expect(rows.map((r) => r.send_on)).toEqual([null, null, null]);
  });

  it('Pay now on a donation that is no gift starts one without gift rows', async () => {
    const me = await api.signIn();
    const first = await api.pending(me.headers);
    await backdate(first.id, 25 * HOUR);
    const again = await call('POST', `/api/donations/${first.id}/checkout`, me.headers);
    expect(again.statusCode).toBe(200);
    expect(await giftsOf(again.json().data.donation.id)).toEqual([]);
  });

  it('Cancel makes a pending donation cancelled, once; a paid one is refused', async () => {
    const me = await api.signIn();
    const { id } = await api.pending(me.headers);
    const res = await call('POST', `/api/donations/${id}/cancel`, me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: DONATION_MESSAGES.cancelled,
      data: { id, status: 'cancelled' },
    });
    const twice = await call('POST', `/api/donations/${id}/cancel`, me.headers);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(DONATION_MESSAGES.notPending);

    const paid = await api.pending(me.headers);
    expect((await api.pay(me.headers, paid.id)).statusCode).toBe(200);
    expect((await call('POST', `/api/donations/${paid.id}/cancel`, me.headers)).statusCode).toBe(
      409,
    );
    expect((await api.row(paid.id)).status).toBe('paid');
  });

  it('expires checkouts unpaid after 24 hours on the clock, in batches, and still honours a late payment', async () => {
    const me = await api.signIn();
    const old = await api.pending(me.headers);
    const paid = await api.pending(me.headers);
    expect((await api.pay(me.headers, paid.id)).statusCode).toBe(200);
    const newer = await api.pending(me.headers);
    await backdate(old.id, 12 * HOUR);
    const { donations, payments } = api.services();

    api.clock.advance(11 * HOUR);
    expect(await donations.expireStaleCheckouts()).toBe(0);
    api.clock.advance(2 * HOUR);
    expect(await donations.expireStaleCheckouts()).toBe(1);
    expect(await api.row(old.id)).toMatchObject({
      status: 'expired',
      failure_reason: DONATION_MESSAGES.checkoutExpired,
    });
    expect((await api.row(newer.id)).status).toBe('pending');
    expect((await api.row(paid.id)).status).toBe('paid');
    expect(await donations.expireStaleCheckouts()).toBe(0);
    api.clock.advance(12 * HOUR);
    expect(await donations.expireStaleCheckouts()).toBe(1);
    expect((await api.row(newer.id)).status).toBe('expired');
    api.clock.set(NOW);

    // The list filters by the new status.
    const list = await call('GET', '/api/donations?status=expired', me.headers);
    expect(
      list
        .json()
        .data.map((d: { id: string }) => d.id)
        .sort(),
    ).toEqual([old.id, newer.id].sort());

    // Money that arrives for an expired (or cancelled) checkout is never lost: it is paid.
    const result = await payments.fulfil(testPaymentEvent(await api.row(old.id), { paid: true }));
    expect(result).toMatchObject({ outcome: 'applied', status: 'paid' });
    const late = await api.row(old.id);
    expect(late.status).toBe('paid');
    expect(late.receipt_number).toMatch(/^CAN-2026-\d{6}$/);

    const cancelled = await api.pending(me.headers);
    await call('POST', `/api/donations/${cancelled.id}/cancel`, me.headers);
    await payments.fulfil(testPaymentEvent(await api.row(cancelled.id), { paid: true }));
    expect((await api.row(cancelled.id)).status).toBe('paid');
  });

  it('counts all money received, trees and cash, less refunds, in the configured currency', async () => {
    await api.setup({ donations: DOLLARS });
    const me = await api.signIn();
    const { donations, payments } = api.services();
    expect(await donations.totals()).toEqual({ treesDonated: 0, moneyRaisedMinor: 0 });
    const trees = await api.pending(me.headers, { kind: 'trees', trees: 4 });
    const cash = await api.pending(me.headers, { kind: 'cash', amount: 2500 });
    await api.pending(me.headers, { kind: 'cash', amount: 9900 }); // never paid
    await api.pay(me.headers, trees.id);
    await api.pay(me.headers, cash.id);
    // A donation in another currency (an earlier setting) is not added as if it were dollars.
    await api
      .db()
      .insertInto('donation_totals')
      .values({ currency: 'EUR', amount_minor: 700, trees: 1, donations: 1 })
      .execute();
    expect(await donations.totals()).toEqual({ treesDonated: 5, moneyRaisedMinor: 1200 + 2500 });

    const row = await api.row(cash.id);
    await payments.fulfil(refundOf(row, 'evt_refund_1'));
    expect((await api.row(cash.id)).status).toBe('refunded');
    expect(await donations.totals()).toEqual({ treesDonated: 5, moneyRaisedMinor: 1200 });
    // The landing page's figure is that one.
    const stats = await call('GET', '/api/stats');
    expect(stats.json().data.moneyRaisedMinor).toBe(1200);
  });

  it('keeps what each member gave per currency (0044) in step with their paid donations', async () => {
    await api.setup({ donations: DOLLARS });
    const me = await api.signIn();
    const other = await api.signIn();
    const { donations, payments } = api.services();
    const db = api.db();
    /** The kept rows, and the same made from the donations by a scan. */
    const both = async () => {
      const kept = await db
        .selectFrom('donation_donor_totals')
        .selectAll()
        .orderBy('donor_id')
        .orderBy('currency')
        .execute();
      const scanned = await db
        .selectFrom('donations')
        .select((eb) => [
          'donor_id',
          'currency',
          eb.fn.sum<number>('amount_minor').as('amount_minor'),
          eb.fn.sum<number>('trees').as('trees'),
          eb.fn.countAll<number>().as('donations'),
        ])
        .where('status', '=', 'paid')
        .groupBy(['donor_id', 'currency'])
        .orderBy('donor_id')
        .orderBy('currency')
        .execute();
      const plain = (rows: Array<Record<string, unknown>>) =>
        rows.map((r) => ({
          donor: r.donor_id,
          currency: r.currency,
          amount: Number(r.amount_minor),
          trees: Number(r.trees),
          n: Number(r.donations),
        }));
      return { kept: plain(kept), scanned: plain(scanned) };
    };
    const expectInStep = async () => {
      const { kept, scanned } = await both();
      expect(kept).toEqual(scanned);
    };

    const trees = await api.pending(me.headers, { kind: 'trees', trees: 4 });
    const cash = await api.pending(me.headers, { kind: 'cash', amount: 2500 });
    await api.pending(me.headers, { kind: 'cash', amount: 9900 }); // never paid
    const theirs = await api.pending(other.headers, { kind: 'cash', amount: 700 });
    await api.pay(me.headers, trees.id);
    await api.pay(me.headers, cash.id);
    await api.pay(other.headers, theirs.id);
    await expectInStep();
    expect(await donations.paidTotalsOf(me.user.id)).toEqual([
      { currency: 'USD', amountMinor: 1200 + 2500, trees: 4, donations: 2 },
    ]);

    // A refund takes it off; told twice, once.
    const row = await api.row(cash.id);
    const refund = refundOf(row, 'evt_refund_donor');
    await payments.fulfil(refund);
    await payments.fulfil(refund);
    await expectInStep();
    expect(await donations.paidTotalsOf(me.user.id)).toEqual([
      { currency: 'USD', amountMinor: 1200, trees: 4, donations: 1 },
    ]);

    // Rows written by SQL (seeds, imports): a paid one in another currency, changed, then deleted.
    const euro = buildDonation(me.user.id, { currency: 'EUR', amount_minor: 900, status: 'paid' });
    await db.insertInto('donations').values(euro).execute();
    await expectInStep();
    await db
      .updateTable('donations')
      .set({ amount_minor: 1100 })
      .where('id', '=', euro.id)
      .execute();
    await expectInStep();
    await db
      .updateTable('donations')
      .set({ donor_id: other.user.id })
      .where('id', '=', euro.id)
      .execute();
    await expectInStep();
    await db.deleteFrom('donations').where('id', '=', euro.id).execute();
    await expectInStep();
    expect(await donations.paidTotalsOf(other.user.id)).toEqual([
      { currency: 'USD', amountMinor: 700, trees: 0, donations: 1 },
    ]);
    expect(await donations.paidTotalsOf('nobody')).toEqual([]);
  });

  it('holds a tree gift’s total to the amount limits', async () => {
    await api.setup({
      donations: {
        currency: 'USD',
        treePrice: 400,
        minAmount: 500,
        maxAmount: 2000,
        maxTrees: 100,
      },
    });
    const me = await api.signIn();
    const few = await api.donate(me.headers, { kind: 'trees', trees: 1 });
    expect(few.statusCode).toBe(400);
    expect(few.json()).toMatchObject({
      field: 'trees',
      message: DONATION_MESSAGES.amountRange('$5.00', '$20.00'),
    });
    expect((await api.donate(me.headers, { kind: 'trees', trees: 6 })).statusCode).toBe(400);
    const ok = await api.donate(me.headers, { kind: 'trees', trees: 5 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.donation).toMatchObject({ amount: 2000, category: 'Trees' });
  });
});

describe.each(databaseTargets)('free saplings (issue 19 §7) on $name', (target) => {
  const k = nurseryTestKit(target);
  beforeEach(() => k.setup());

  it('a nursery price of 0 gives no paid donation', async () => {
    const nursery = await k.nursery();
    const organiser = await k.organiser();
    const drive = await k.insertDrive(organiser.user.id, { starts_at: UPCOMING });
    const stock = await k.addStock(nursery.headers, { priceMinor: 0 });
    const reserved = await k.reserve(organiser.headers, drive.id, stock.id, 5);
    expect(reserved.statusCode).toBe(201);
    expect((await k.act(nursery.headers, reserved.json().data.id, 'confirm')).statusCode).toBe(200);
    const donor = await k.signIn();
    const res = await k.send('POST', '/api/donations', donor.headers, {
      kind: 'trees',
      trees: 2,
      driveId: drive.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'trees', message: DONATION_MESSAGES.freeSaplings });
    expect(await k.db().selectFrom('donations').selectAll().execute()).toEqual([]);
  });

  it('holds trees × the nursery’s unit price to the amount limits', async () => {
    const nursery = await k.nursery();
    const organiser = await k.organiser();
    const drive = await k.insertDrive(organiser.user.id, { starts_at: UPCOMING });
    const stock = await k.addStock(nursery.headers, { priceMinor: 600_000, priceConfirmed: true });
    const reserved = await k.reserve(organiser.headers, drive.id, stock.id, 5);
    expect(reserved.statusCode).toBe(201);
    expect((await k.act(nursery.headers, reserved.json().data.id, 'confirm')).statusCode).toBe(200);
    const donor = await k.signIn();
    const give = (trees: number) =>
      k.send('POST', '/api/donations', donor.headers, { kind: 'trees', trees, driveId: drive.id });
    // 2 × $6,000 is over the $10,000 limit, though 2 trees at the configured price are not.
    const over = await give(2);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      field: 'trees',
      message: DONATION_MESSAGES.amountRange('$1.00', '$10,000.00'),
    });
    const one = await give(1);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.donation).toMatchObject({ trees: 1, amount: 600_000 });
  });
});
