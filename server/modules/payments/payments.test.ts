import { describe, expect, it } from 'vitest';
import { DONATION_MESSAGES } from '../../../contract/donations';
import { databaseTargets } from '../../../tests/support/test-database';
import { DECLINED, donationApi, NO_FUNDS, PAYS } from '../donations/donation-test-kit';

describe.each(databaseTargets)('test-mode payments on $name', (target) => {
  const api = donationApi(target);
  const { call } = api;

  it('pays with 4242…: paid once, receipt numbered, donor thanked by notice and mail, organiser told', async () => {
    await api.setup();
    const organiser = await api.signIn({ profile_type: 'corporate', name: 'Greenleaf Industries' });
    const drive = await api.insertDrive(organiser.user.id, { name: 'Riverbank planting' });
    const me = await api.signIn({ name: 'Asha Menon' });
    const { id } = await api.pending(me.headers, {
      kind: 'trees',
      trees: 12,
      driveId: drive.id,
      category: 'Trees',
    });
    // Nothing is paid until the provider's event arrives.
    expect((await call('GET', `/api/donations/${id}`, me.headers)).json().data.status).toBe(
      'pending',
    );

    const res = await api.pay(me.headers, id, PAYS);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: DONATION_MESSAGES.paymentStarted,
      data: { status: 'paid' },
    });
    const donation = (await call('GET', `/api/donations/${id}`, me.headers)).json().data;
    expect(donation).toMatchObject({
      status: 'paid',
      receiptNumber: 'CAN-2026-000001',
      paidAt: '2026-06-01T10:00:00.000Z',
      failureReason: null,
    });

    const [thanks] = await api.noticesOf(me.user.id);
    expect(thanks).toMatchObject({ kind: 'donation_paid', link: '/app/transactions' });
    expect(thanks!.body).toContain('CAN-2026-000001');
    const [told] = await api.noticesOf(organiser.user.id);
    expect(told).toMatchObject({
      kind: 'donation_received',
      body: 'Asha Menon gave 12 trees to "Riverbank planting".',
      link: `/app/delive-detail/${drive.id}`,
    });
    const mail = await api.mailer.next(me.user.email);
    expect(mail.subject).toBe('Your Canopy receipt CAN-2026-000001');
    expect(mail.text).toContain('$60.00');
    expect(mail.text).toContain('TEST MODE');

    const events = await api.db().selectFrom('payment_events').selectAll().execute();
    expect(events).toEqual([
      expect.objectContaining({
        provider: 'test',
        type: 'checkout.session.completed',
        donation_id: id,
        outcome: 'applied',
      }),
    ]);
    const again = await api.pay(me.headers, id, PAYS);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DONATION_MESSAGES.notPending);
    expect((await call('GET', '/api/stats')).json().data).toMatchObject({ treesDonated: 12 });
  });

  it('still records the payment and tells the donor when the receipt mail cannot be sent', async () => {
    await api.setup();
    const me = await api.signIn();
    const { id } = await api.pending(me.headers);
    const send = api.mailer.send;
    api.mailer.send = async () => {
      throw new Error('smtp down');
    };
    try {
      expect((await api.pay(me.headers, id)).statusCode).toBe(200);
    } finally {
      api.mailer.send = send;
    }
    expect((await api.row(id)).status).toBe('paid');
    expect((await api.noticesOf(me.user.id)).map((n) => n.kind)).toEqual(['donation_paid']);
  });

  it('declines 4000…0002 and 4000…9995 with 402: the donation fails with the reason, nothing is paid', async () => {
    await api.setup();
    const me = await api.signIn();
    for (const [card, message] of [
      [DECLINED, DONATION_MESSAGES.cardDeclined],
      [NO_FUNDS, DONATION_MESSAGES.insufficientFunds],
    ] as const) {
      const { id } = await api.pending(me.headers, {
        kind: 'cash',
        amount: 5000,
        category: 'Trees',
      });
      const res = await api.pay(me.headers, id, card);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ success: false, code: 'PAYMENT_DECLINED', message });
      expect(await api.row(id)).toMatchObject({
        status: 'failed',
        failure_reason: message,
        receipt_number: null,
        paid_at: null,
      });
    }
    expect(await api.noticesOf(me.user.id)).toEqual([]);
    expect(api.mailer.sent).toEqual([]);
    expect((await call('GET', '/api/stats')).json().data).toMatchObject({ moneyRaisedMinor: 0 });
  });

  it('checks the card form and refuses unknown or expired cards before any event', async () => {
    await api.setup();
    const me = await api.signIn();
    const { id } = await api.pending(me.headers);
    const cases: Array<[Record<string, string>, string, string?]> = [
      [{ cardNumber: '4242' }, DONATION_MESSAGES.cardNumberInvalid],
      [{ cardNumber: '5555 5555 5555 4444' }, DONATION_MESSAGES.cardUnknown, 'cardNumber'],
      [{ expiry: '13/30' }, DONATION_MESSAGES.expiryInvalid],
      [{ expiry: '05/26' }, DONATION_MESSAGES.expiryPast, 'expiry'],
      [{ cvc: '12' }, DONATION_MESSAGES.cvcInvalid],
    ];
    for (const [extra, message, field] of cases) {
      const res = await api.pay(me.headers, id, PAYS, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().message).toBe(message);
      if (field) expect(res.json().field).toBe(field);
    }
    // A card valid through the end of this month still pays.
    expect((await api.pay(me.headers, id, PAYS, { expiry: '06/26' })).statusCode).toBe(200);
    expect(await api.db().selectFrom('payment_events').selectAll().execute()).toHaveLength(1);
  });

  it("never pays someone else's donation", async () => {
    await api.setup();
    const me = await api.signIn();
    const other = await api.signIn();
    const { id } = await api.pending(me.headers);
    for (const donationId of [id, 'unknown']) {
      const res = await api.pay(other.headers, donationId);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(DONATION_MESSAGES.notFound);
    }
    expect((await api.row(id)).status).toBe('pending');
  });

  it('pays a donation once however many confirmations race', async () => {
    await api.setup();
    const me = await api.signIn();
    const { id } = await api.pending(me.headers, { kind: 'cash', amount: 700, category: 'Trees' });
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => api.pay(me.headers, id, PAYS)));
    for (const res of results) {
      expect([200, 409]).toContain(res.statusCode);
      if (res.statusCode === 200) expect(res.json().data.status).toBe('paid');
    }
    expect(await api.row(id)).toMatchObject({ status: 'paid', receipt_number: 'CAN-2026-000001' });
    const applied = await api
      .db()
      .selectFrom('payment_events')
      .where('outcome', '=', 'applied')
      .selectAll()
      .execute();
    expect(applied).toHaveLength(1);
    expect(await api.db().selectFrom('receipt_counters').selectAll().execute()).toEqual([
      { year: 2026, last: 1 },
    ]);
    // Mail is sent in the background: wait for the receipt, then find it the only one.
    await api.mailer.next(me.user.email);
    expect(api.mailer.sent.filter((m) => m.to === me.user.email)).toHaveLength(1);
  });

  it('answers 404 for test payments when Stripe takes them, and for the webhook without Stripe', async () => {
    await api.setup({
      stripe: { secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiBase: 'http://127.0.0.1:9' },
    });
    const me = await api.signIn();
    const res = await api.pay(me.headers, 'any');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(DONATION_MESSAGES.testModeOff);
    expect((await call('GET', '/api/donations/options')).json().data.testMode).toBe(false);

    await api.setup();
    const hook = await api.app().inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{"id":"evt_1"}',
    });
    expect(hook.statusCode).toBe(404);
  });
});
