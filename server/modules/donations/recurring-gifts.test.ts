import { describe, expect, it } from 'vitest';
import { RECURRING_MESSAGES } from '../../../contract/recurring-gifts';
import { DONATION_MESSAGES } from '../../../contract/donations';
import { TEST_PASSWORD } from '../../../tests/support/signed-in';
import { databaseTargets } from '../../../tests/support/test-database';
import { addInterval } from './recurring-fulfilment';
import { DECLINED, donationApi, NOW, type Headers } from './donation-test-kit';

const DAY = 24 * 60 * 60 * 1000;

describe('addInterval', () => {
  it('keeps the day of the month where the month has it, and the time', () => {
    expect(addInterval('2026-01-31T10:00:00.000Z', 'month')).toBe('2026-02-28T10:00:00.000Z');
    expect(addInterval('2026-06-01T10:00:00.000Z', 'month', 13)).toBe('2027-07-01T10:00:00.000Z');
    expect(addInterval('2028-02-29T00:00:00.000Z', 'year')).toBe('2029-02-28T00:00:00.000Z');
    expect(addInterval('2026-12-15T08:30:00.000Z', 'month')).toBe('2027-01-15T08:30:00.000Z');
  });
});

describe.each(databaseTargets)('recurring gifts in test mode on $name', (target) => {
  const api = donationApi(target);
  const patch = (headers: Headers, id: string, body: Record<string, unknown>) =>
    api.app().inject({
      method: 'PATCH',
      url: `/api/donations/recurring/${id}`,
      headers,
      payload: body,
    });
  const list = async (headers: Headers) => {
    const res = await api.call('GET', '/api/donations/recurring', headers);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      data: Array<
        Record<string, unknown> & { id: string; donations: Array<Record<string, unknown>> }
      >;
      portal: boolean;
    };
  };
  /** A monthly gift of `body`, its first period paid with the test card. */
  async function activeGift(headers: Headers, body: Record<string, unknown> = {}) {
    const res = await api.call('POST', '/api/donations/recurring', headers, {
      kind: 'trees',
      ...(body.kind === 'cash' ? {} : { trees: 2 }),
      interval: 'month',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id, donationId, checkoutUrl } = res.json().data;
    expect(checkoutUrl).toBe(`/app/checkout-tree?donation=${donationId}`);
    const paid = await api.pay(headers, donationId);
    expect(paid.statusCode, paid.body).toBe(200);
    return { id: id as string, donationId: donationId as string };
  }
  const renew = () => api.services().payments.renewTestGifts();
  /** A fresh session for `user` at the clock's time (a session lasts 8 hours). */
  async function again(user: { email: string }): Promise<Headers> {
    const res = await api.call(
      'POST',
      '/api/users/login',
      {},
      {
        email: user.email,
        password: TEST_PASSWORD,
      },
    );
    return { 'x-auth-token': res.json().result.token };
  }
  const { periodsOf, giftRow } = api;

  it('asks for a session on every recurring endpoint', async () => {
    await api.setup();
    for (const [method, url] of [
      ['GET', '/api/donations/recurring'],
      ['POST', '/api/donations/recurring'],
      ['PATCH', '/api/donations/recurring/x'],
      ['POST', '/api/donations/recurring/portal'],
    ] as const) {
      const res = await api.app().inject({ method, url, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses what a recurring gift cannot be, with its message', async () => {
    await api.setup();
    const me = await api.signIn();
    const nobody = await api.signIn({ profile_type: 'individual' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'trees', trees: 2 }, RECURRING_MESSAGES.intervalRequired],
      [{ kind: 'trees', trees: 2, interval: 'week' }, RECURRING_MESSAGES.intervalRequired],
      [{ kind: 'trees', interval: 'month' }, DONATION_MESSAGES.treesRequired],
      [{ kind: 'cash', amount: 1, interval: 'month' }, 'amountRange'],
      [{ kind: 'cash', trees: 2, interval: 'month' }, DONATION_MESSAGES.amountWithTrees],
      [{ kind: 'trees', trees: 0, interval: 'year' }, DONATION_MESSAGES.treesRequired],
      [
        { kind: 'trees', trees: 2, interval: 'month', organisationId: nobody.user.id },
        RECURRING_MESSAGES.organisationUnknown,
      ],
      [
        { kind: 'trees', trees: 2, interval: 'month', organisationId: 'missing' },
        RECURRING_MESSAGES.organisationUnknown,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await api.call('POST', '/api/donations/recurring', me.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message === 'amountRange')
        expect(res.json().message).toMatch(/^Please give an amount from /);
      else expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    // A drive is no place for a recurring gift: the schema has no such field.
    const drive = await api.call('POST', '/api/donations/recurring', me.headers, {
      kind: 'trees',
      trees: 2,
      interval: 'month',
      driveId: 'd1',
    });
    expect(drive.statusCode).toBe(400);
    expect(await api.db().selectFrom('donation_subscriptions').selectAll().execute()).toEqual([]);
  });

  it('starts a monthly gift whose first period the test card pays; a declined card leaves it incomplete', async () => {
    await api.setup();
    const me = await api.signIn();
    const { id, donationId } = await activeGift(me.headers, { kind: 'cash', amount: 2500 });
    const gift = await giftRow(id);
    expect(gift).toMatchObject({
      status: 'active',
      periods: 1,
      amount_minor: 2500,
      interval: 'month',
    });
    expect(gift.next_at).toBe(addInterval(NOW, 'month'));
    const first = await api.row(donationId);
    expect(first).toMatchObject({ status: 'paid', subscription_id: id, drive_id: null });
    expect(first.receipt_number).toMatch(/^CAN-2026-\d{6}$/);
    const { data } = await list(me.headers);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      id,
      status: 'active',
      kind: 'cash',
      amount: 2500,
      interval: 'month',
      nextAt: addInterval(NOW, 'month'),
      pauseUntil: null,
      cancelAtPeriodEnd: false,
      organisation: null,
      donations: [{ id: donationId, status: 'paid', receiptNumber: first.receipt_number }],
    });

    const declined = await api.call('POST', '/api/donations/recurring', me.headers, {
      kind: 'trees',
      trees: 1,
      interval: 'year',
    });
    const second = declined.json().data;
    expect((await api.pay(me.headers, second.donationId, DECLINED)).statusCode).toBe(402);
    expect((await giftRow(second.id)).status).toBe('incomplete');
    const shown = (await list(me.headers)).data.find((g) => g.id === second.id)!;
    expect(shown).toMatchObject({ status: 'incomplete', nextAt: null });
  });

  it('renews monthly on the injected clock over 14 months: 12 monthly donations after the first, one paused month skipped', async () => {
    await api.setup();
    const me = await api.signIn();
    const { id } = await activeGift(me.headers);
    // Renewals catch up however late the job runs: July, August and September at once.
    api.clock.set('2026-09-20T00:00:00.000Z');
    await renew();
    expect(await periodsOf(id)).toHaveLength(4);
    // Paused over the October renewal: nothing is charged before 15 October.
    const paused = await patch(await again(me.user), id, { pauseUntil: '2026-10-15' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().data).toMatchObject({ status: 'paused', pauseUntil: '2026-10-15' });
    // Up to 31 July 2027, 14 months after the start: the job ticks twice around each renewal.
    for (let month = 4; month <= 13; month++) {
      api.clock.set(addInterval('2026-06-01T12:00:00.000Z', 'month', month));
      await renew();
      await renew();
      if (month === 4) expect((await giftRow(id)).status).toBe('paused');
    }
    api.clock.set('2027-07-31T23:00:00.000Z');
    await renew();
    const periods = await periodsOf(id);
    // The first payment, then July 2026 … July 2027 less October: 12 monthly donations.
    expect(periods).toHaveLength(13);
    expect(periods.every((p) => p.status === 'paid' && p.receipt_number)).toBe(true);
    expect(new Set(periods.map((p) => p.invoice_ref)).size).toBe(13);
    expect(new Set(periods.map((p) => p.receipt_number)).size).toBe(13);
    const months = periods.map((p) => p.paid_at!.slice(0, 7));
    expect(months).not.toContain('2026-10');
    expect(months.filter((m) => m === '2026-11')).toHaveLength(1);
    expect(months.at(-1)).toBe('2027-07');
    const gift = await giftRow(id);
    expect(gift).toMatchObject({ status: 'active', periods: 13, pause_until: null });
    expect(gift.next_at).toBe('2027-08-01T10:00:00.000Z');
    // Every period counts in the figures as any tree gift.
    const totals = await api
      .db()
      .selectFrom('donation_donor_totals')
      .selectAll()
      .where('donor_id', '=', me.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(totals.donations)).toBe(13);
    expect(Number(totals.trees)).toBe(26);
  });

  it('renews on the first payment’s day of the month, without drifting at month ends', async () => {
    await api.setup();
    api.clock.set('2027-01-31T09:00:00.000Z');
    const me = await api.signIn();
    const { id } = await activeGift(me.headers);
    const nexts: string[] = [];
    for (const day of [
      '2027-02-28T10:00:00.000Z',
      '2027-03-31T10:00:00.000Z',
      '2027-04-30T10:00:00.000Z',
    ]) {
      api.clock.set(day);
      await renew();
      nexts.push((await giftRow(id)).next_at!);
    }
    expect(nexts).toEqual([
      '2027-03-31T09:00:00.000Z',
      '2027-04-30T09:00:00.000Z',
      '2027-05-31T09:00:00.000Z',
    ]);
    expect(await periodsOf(id)).toHaveLength(4);
  });

  it('changes the trees from the next period, cancels at the period end, and charges nothing after', async () => {
    await api.setup();
    const me = await api.signIn();
    const { id } = await activeGift(me.headers, { trees: 3 });
    const changed = await patch(me.headers, id, { trees: 5 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      message: RECURRING_MESSAGES.changed,
      data: { trees: 5, status: 'active' },
    });
    api.clock.set('2026-07-01T11:00:00.000Z');
    await renew();
    const headers = await again(me.user);
    const cancel = await patch(headers, id, { cancel: 'period_end' });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
    expect(cancel.json().message).toContain('1 August 2026');
    api.clock.set('2026-09-15T00:00:00.000Z');
    await renew();
    const periods = await periodsOf(id);
    expect(periods.map((p) => p.trees)).toEqual([3, 5]);
    expect(await giftRow(id)).toMatchObject({ status: 'cancelled', next_at: null });
    // Cancelled is the end.
    const resumed = await patch(await again(me.user), id, { resume: true });
    expect(resumed.statusCode).toBe(409);
    expect(resumed.json().message).toBe(RECURRING_MESSAGES.cancelled);
  });

  it('cancels now, resumes a pause, and answers 404 for another member’s gift and 400 for two actions', async () => {
    await api.setup();
    const me = await api.signIn();
    const other = await api.signIn();
    const { id } = await activeGift(me.headers);
    expect((await patch(other.headers, id, { cancel: 'now' })).statusCode).toBe(404);
    const two = await patch(me.headers, id, { cancel: 'now', resume: true });
    expect(two.statusCode).toBe(400);
    expect(two.body).toContain(RECURRING_MESSAGES.oneAction);
    const past = await patch(me.headers, id, { pauseUntil: '2026-05-01' });
    expect(past.statusCode).toBe(400);
    expect(past.body).toContain(RECURRING_MESSAGES.pauseFuture);
    const far = await patch(me.headers, id, { pauseUntil: '2027-07-01' });
    expect(far.body).toContain(RECURRING_MESSAGES.pauseTooLong);
    expect((await patch(me.headers, id, { resume: true })).statusCode).toBe(409);
    expect((await patch(me.headers, id, { pauseUntil: '2026-09-01' })).statusCode).toBe(200);
    const resumed = await patch(me.headers, id, { resume: true });
    expect(resumed.json()).toMatchObject({
      message: RECURRING_MESSAGES.resumed,
      data: { status: 'active', pauseUntil: null },
    });
    const now = await patch(me.headers, id, { cancel: 'now' });
    expect(now.json().data).toMatchObject({ status: 'cancelled', nextAt: null });
    api.clock.set('2026-12-01T00:00:00.000Z');
    await renew();
    expect(await periodsOf(id)).toHaveLength(1);
    expect((await list(await again(other.user))).data).toEqual([]);
  });

  it('mails a receipt per payment unless the donor chose one yearly statement', async () => {
    await api.setup();
    const me = await api.signIn();
    const { id } = await activeGift(me.headers);
    const receipts = () =>
      api.mailer.sent.filter((m) => m.subject.startsWith('Your Canopy receipt'));
    const before = receipts().length;
    expect(before).toBeGreaterThanOrEqual(0);
    const choice = await patch(me.headers, id, { yearlyStatement: true });
    expect(choice.json().data.yearlyStatement).toBe(true);
    api.clock.set('2026-07-01T11:00:00.000Z');
    await renew();
    const queued = await api
      .db()
      .selectFrom('mails')
      .select('subject')
      .where('subject', 'like', 'Your Canopy receipt%')
      .execute();
    // One receipt, the first period's; the renewal's is left to the yearly statement.
    expect(queued).toHaveLength(1);
    expect((await periodsOf(id)).filter((p) => p.status === 'paid')).toHaveLength(2);
  });

  it('tells a yearly donor 7 days before the renewal, once', async () => {
    await api.setup();
    const me = await api.signIn();
    await activeGift(me.headers, { interval: 'year', trees: 4 });
    const notices = () =>
      api
        .db()
        .selectFrom('mails')
        .select(['subject', 'to_address'])
        .where('subject', 'like', 'Your yearly gift to Canopy renews%')
        .execute();
    const run = () => api.services().donations.recurring.sendRenewalNotices();
    api.clock.set('2027-05-20T10:00:00.000Z');
    expect(await run()).toBe(0);
    api.clock.set('2027-05-25T10:00:00.000Z');
    expect(await run()).toBe(1);
    expect(await run()).toBe(0);
    const sent = await notices();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Your yearly gift to Canopy renews on 1 June 2027');
  });

  it('takes a refunded and a disputed period out of the figures', async () => {
    await api.setup();
    const me = await api.signIn();
    const { id, donationId } = await activeGift(me.headers, { trees: 3 });
    api.clock.set('2026-07-01T11:00:00.000Z');
    await renew();
    const [, second] = await periodsOf(id);
    const headers = await again(me.user);
    const totals = async () =>
      api
        .db()
        .selectFrom('donation_donor_totals')
        .selectAll()
        .where('donor_id', '=', me.user.id)
        .executeTakeFirst();
    expect(Number((await totals())!.trees)).toBe(6);
    const reverse = (donation: string, reason: string) =>
      api.call('POST', '/api/payments/test/reverse', headers, { donationId: donation, reason });
    const disputed = await reverse(second!.id, 'dispute');
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect(disputed.json().data.status).toBe('disputed');
    expect(Number((await totals())!.trees)).toBe(3);
    const refunded = await reverse(donationId, 'refund');
    expect(refunded.json().data.status).toBe('refunded');
    expect(await totals()).toBeUndefined();
    // Again: nothing more to take back.
    expect((await reverse(donationId, 'refund')).statusCode).toBe(409);
    const periods = (await list(headers)).data[0]!.donations;
    expect(periods.map((p) => p.status)).toEqual(['disputed', 'refunded']);
    const listed = await api.call('GET', '/api/donations?status=disputed', headers);
    expect(listed.json().data.map((d: { id: string }) => d.id)).toEqual([second!.id]);
    const other = await api.signIn();
    expect((await reverse(second!.id, 'refund')).statusCode).toBe(409);
    expect(
      (
        await api.call('POST', '/api/payments/test/reverse', other.headers, {
          donationId: second!.id,
          reason: 'refund',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('ends a gift whose first payment is cancelled or expires, and never repeats it as a one-off gift', async () => {
    await api.setup();
    const me = await api.signIn();
    const start = async () =>
      (
        await api.call('POST', '/api/donations/recurring', me.headers, {
          kind: 'trees',
          trees: 1,
          interval: 'month',
        })
      ).json().data as { id: string; donationId: string };
    const cancelled = await start();
    const res = await api.call('POST', `/api/donations/${cancelled.donationId}/cancel`, me.headers);
    expect(res.statusCode).toBe(200);
    expect(await giftRow(cancelled.id)).toMatchObject({ status: 'cancelled' });
    const stale = await start();
    api.clock.advance(25 * 60 * 60 * 1000);
    const headers = await again(me.user);
    const payNow = await api.call('POST', `/api/donations/${stale.donationId}/checkout`, headers);
    expect(payNow.statusCode).toBe(409);
    expect(payNow.json().message).toBe(RECURRING_MESSAGES.firstPaymentExpired);
    expect(await api.db().selectFrom('donations').selectAll().execute()).toHaveLength(2);
    expect(await api.services().donations.expireStaleCheckouts()).toBe(1);
    expect((await api.row(stale.donationId)).status).toBe('expired');
    expect(await giftRow(stale.id)).toMatchObject({ status: 'cancelled' });
  });

  it('gives to an organisation: named on the gift, its donations and the receipt', async () => {
    await api.setup();
    const org = await api.signIn({ profile_type: 'corporate', name: 'Greenleaf Ltd' });
    const me = await api.signIn();
    const { id, donationId } = await activeGift(me.headers, { organisationId: org.user.id });
    expect((await api.row(donationId)).organisation_id).toBe(org.user.id);
    const donation = await api.call('GET', `/api/donations/${donationId}`, me.headers);
    expect(donation.json().data).toMatchObject({
      subscriptionId: id,
      drive: null,
      organisation: { id: org.user.id, name: 'Greenleaf Ltd' },
    });
    const [gift] = (await list(me.headers)).data;
    expect(gift).toMatchObject({ id, organisation: { id: org.user.id, name: 'Greenleaf Ltd' } });
    const receipt = await api
      .db()
      .selectFrom('mails')
      .select('text_body')
      .where('key', '=', `receipt:${donationId}`)
      .executeTakeFirstOrThrow();
    expect(receipt.text_body).toContain('2 trees for Greenleaf Ltd');
  });

  it('ends a deleted account’s gifts: nothing more is charged', async () => {
    await api.setup();
    const me = await api.signIn();
    const { id } = await activeGift(me.headers);
    const pending = await api.call('POST', '/api/donations/recurring', me.headers, {
      kind: 'cash',
      amount: 1000,
      interval: 'year',
    });
    const deleted = await api.app().inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: me.headers,
      payload: { password: TEST_PASSWORD, confirm: 'DELETE' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await giftRow(id)).toMatchObject({ status: 'cancelled', next_at: null });
    expect(await giftRow(pending.json().data.id)).toMatchObject({ status: 'cancelled' });
    expect((await api.row(pending.json().data.donationId)).status).toBe('cancelled');
    api.clock.set('2026-09-01T12:00:00.000Z');
    await renew();
    expect(await periodsOf(id)).toHaveLength(1);
  });

  it('counts recurring checkouts against the card-testing limit', async () => {
    await api.setup();
    const me = await api.signIn();
    for (let i = 0; i < 10; i++) {
      const res = await api.call('POST', '/api/donations/recurring', me.headers, {
        kind: 'trees',
        trees: 1,
        interval: 'month',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const eleventh = await api.call('POST', '/api/donations/recurring', me.headers, {
      kind: 'trees',
      trees: 1,
      interval: 'month',
    });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.headers['retry-after']).toBeDefined();
    expect(await api.db().selectFrom('donation_subscriptions').selectAll().execute()).toHaveLength(
      10,
    );
    api.clock.advance(DAY);
  });
});
