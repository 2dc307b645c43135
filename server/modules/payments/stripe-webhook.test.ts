import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONATION_MESSAGES } from '../../../contract/donations';
import {
  sessionObject,
  signedEvent,
  startStripeStub,
  STUB_SECRET_KEY,
  STUB_WEBHOOK_SECRET,
  type StripeStub,
} from '../../../tests/support/stripe-stub';
import { databaseTargets } from '../../../tests/support/test-database';
import { APP_URL, donationApi, type Headers } from '../donations/donation-test-kit';

describe.each(databaseTargets)('Stripe checkout and webhook on $name', (target) => {
  const api = donationApi(target);
  let stub: StripeStub;
  beforeAll(async () => {
    stub = await startStripeStub();
  });
  afterAll(async () => stub.close());

  const setup = () =>
    api.setup({
      stripe: { secretKey: STUB_SECRET_KEY, webhookSecret: STUB_WEBHOOK_SECRET, apiBase: stub.url },
    });
  const now = () => Math.floor(api.clock.now().getTime() / 1000);
  const sign = (
    type: string,
    object: Record<string, unknown>,
    options: { id?: string; secret?: string; timestamp?: number } = {},
  ) => signedEvent(type, object, { timestamp: now(), ...options });
  const deliver = (event: { payload: string; signature: string }, signature = event.signature) =>
    api.app().inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload: event.payload,
    });
  /** A pending donation and the session the stub made for it. */
  async function checkout(headers: Headers, body: Record<string, unknown>) {
    const { id, amount, checkoutUrl } = await api.pending(headers, body);
    const session = (await api.row(id)).checkout_session_id!;
    return { id, amount, checkoutUrl, session };
  }
  const paidEvent = (
    d: { id: string; amount: number; session: string },
    extra: Record<string, unknown> = {},
  ) => sign('checkout.session.completed', sessionObject(d.session, d.id, d.amount, extra));
  const events = () => api.db().selectFrom('payment_events').selectAll().execute();

  it('Pay now resumes an open Stripe session, and starts a new one once Stripe closed it', async () => {
    await setup();
    const me = await api.signIn();
    const d = await checkout(me.headers, { kind: 'cash', amount: 2500 });
    const resumed = await api.call('POST', `/api/donations/${d.id}/checkout`, me.headers);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data).toMatchObject({
      donation: { id: d.id },
      checkoutUrl: `https://checkout.stripe.test/c/pay/${d.session}`,
    });
    stub.expire(d.session);
    const again = await api.call('POST', `/api/donations/${d.id}/checkout`, me.headers);
    expect(again.statusCode).toBe(200);
    const next = again.json().data;
    expect(next.donation.id).not.toBe(d.id);
    const nextSession = (await api.row(next.donation.id)).checkout_session_id!;
    expect(next.checkoutUrl).toBe(`https://checkout.stripe.test/c/pay/${nextSession}`);
    expect((await api.row(d.id)).status).toBe('expired');
    // Its payment, should it still come, is taken all the same.
    expect((await deliver(paidEvent(d))).statusCode).toBe(200);
    expect((await api.row(d.id)).status).toBe('paid');
  });

  it('creates one Checkout session with the server amount, the donation id and the app addresses', async () => {
    await setup();
    const organiser = await api.signIn({ profile_type: 'corporate' });
    const drive = await api.insertDrive(organiser.user.id, { name: 'Riverbank planting' });
    const me = await api.signIn();
    const before = stub.requests.length;
    const d = await checkout(me.headers, {
      kind: 'trees',
      trees: 12,
      driveId: drive.id,
      category: 'Trees',
    });
    expect(d.checkoutUrl).toBe(`https://checkout.stripe.test/c/pay/${d.session}`);
    const [request] = stub.requests.slice(before);
    expect(request).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(request!.headers.authorization).toBe(`Bearer ${STUB_SECRET_KEY}`);
    expect(request!.headers['idempotency-key']).toBe(`canopy-checkout-${d.id}`);
    expect(request!.body).toMatchObject({
      mode: 'payment',
      client_reference_id: d.id,
      metadata: { donationId: d.id },
      payment_intent_data: { metadata: { donationId: d.id } },
      customer_email: me.user.email,
      line_items: {
        '0': {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: '6000',
            product_data: { name: 'Canopy: 12 trees for "Riverbank planting"' },
          },
        },
      },
      success_url: `${APP_URL}/app/donate-tree/success?donation=${d.id}`,
      cancel_url: `${APP_URL}/app/donate-tree/cancel?donation=${d.id}`,
    });
    expect((await api.row(d.id)).status).toBe('pending');
  });

  it('cancels the donation and answers 503 when Stripe cannot be reached (nothing charged)', async () => {
    await setup();
    const me = await api.signIn();
    stub.failNext(500, 5);
    const res = await api.donate(me.headers, { kind: 'cash', amount: 1000, category: 'Trees' });
    stub.failNext(500, 0);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(DONATION_MESSAGES.providerUnavailable);
    const [row] = await api.db().selectFrom('donations').selectAll().execute();
    expect(row).toMatchObject({ status: 'cancelled', checkout_session_id: null });
  });

  it('refuses a bad, foreign, missing or stale signature with 400 and records nothing', async () => {
    await setup();
    const me = await api.signIn();
    const d = await checkout(me.headers, { kind: 'cash', amount: 1000, category: 'Trees' });
    const good = paidEvent(d);
    const tampered = {
      ...good,
      payload: good.payload.replace('"amount_total":1000', '"amount_total":1'),
    };
    for (const [event, signature] of [
      [
        sign('checkout.session.completed', sessionObject(d.session, d.id, 1000), {
          secret: 'whsec_other',
        }),
        undefined,
      ],
      [tampered, undefined],
      [good, ''],
      [
        sign('checkout.session.completed', sessionObject(d.session, d.id, 1000), {
          timestamp: now() - 301,
        }),
        undefined,
      ],
      // Signed, but not an event at all.
      [signedEvent('checkout.session.completed', null as never, { timestamp: now() }), undefined],
    ] as const) {
      const res = await deliver(event, signature ?? event.signature);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The webhook signature is missing, wrong or too old.');
    }
    expect(await events()).toEqual([]);
    expect((await api.row(d.id)).status).toBe('pending');
  });

  it('fulfils checkout.session.completed once; a replay is acknowledged and ignored', async () => {
    await setup();
    const me = await api.signIn();
    const d = await checkout(me.headers, { kind: 'cash', amount: 1000, category: 'Trees' });
    // Signed 299 s ago: still inside Stripe's 5-minute tolerance (the stale case is refused above).
    const event = sign('checkout.session.completed', sessionObject(d.session, d.id, d.amount), {
      timestamp: now() - 299,
    });
    const first = await deliver(event);
    expect(first.json()).toEqual({ success: true, message: 'Event handled.' });
    const replay = await deliver(event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().message).toBe('Event already handled.');
    expect(await api.row(d.id)).toMatchObject({
      status: 'paid',
      receipt_number: 'CAN-2026-000001',
      payment_ref: `pi_${d.session}`,
    });
    expect(await events()).toHaveLength(1);
    // The receipt goes through the mail queue, after the response.
    await api.services().queue.idle();
    expect(api.mailer.sent).toHaveLength(1);
  });

  it('refuses (and logs) an event whose amount or currency differs from the donation', async () => {
    await setup();
    const me = await api.signIn();
    const d = await checkout(me.headers, { kind: 'cash', amount: 1000, category: 'Trees' });
    for (const extra of [{ amount_total: 1 }, { currency: 'eur' }]) {
      const res = await deliver(paidEvent(d, extra));
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Event refused: it does not match the donation.');
    }
    expect((await api.row(d.id)).status).toBe('pending');
    expect((await events()).map((e) => e.outcome)).toEqual(['refused', 'refused']);
    expect(api.mailer.sent).toEqual([]);
  });

  it('follows delayed payments, expiry and refunds; a payment is never lost to an earlier expiry', async () => {
    await setup();
    const me = await api.signIn();
    const body = { kind: 'cash', amount: 1000, category: 'Trees' };
    const [slow, failing, expiring, refunded] = [
      await checkout(me.headers, body),
      await checkout(me.headers, body),
      await checkout(me.headers, body),
      await checkout(me.headers, body),
    ];
    const obj = (d: typeof slow, extra: Record<string, unknown> = {}) =>
      sessionObject(d.session, d.id, d.amount, extra);
    await deliver(sign('checkout.session.completed', obj(slow, { payment_status: 'unpaid' })));
    expect((await api.row(slow.id)).status).toBe('pending');
    await deliver(sign('checkout.session.async_payment_succeeded', obj(slow)));
    expect((await api.row(slow.id)).status).toBe('paid');

    await deliver(
      sign('checkout.session.async_payment_failed', obj(failing, { payment_status: 'unpaid' })),
    );
    expect(await api.row(failing.id)).toMatchObject({
      status: 'failed',
      failure_reason: DONATION_MESSAGES.paymentFailed,
    });

    await deliver(sign('checkout.session.expired', obj(expiring, { payment_status: 'unpaid' })));
    expect((await api.row(expiring.id)).status).toBe('expired');
    await deliver(sign('checkout.session.completed', obj(expiring)));
    expect((await api.row(expiring.id)).status).toBe('paid');

    await deliver(sign('checkout.session.completed', obj(refunded)));
    const charge = (extra: object) => ({
      id: `ch_${refunded.id}`,
      object: 'charge',
      amount: 1000,
      currency: 'usd',
      payment_intent: `pi_${refunded.session}`,
      metadata: {},
      refunded: false,
      ...extra,
    });
    await deliver(sign('charge.refunded', charge({ refunded: false, amount_refunded: 400 })));
    expect((await api.row(refunded.id)).status).toBe('paid');
    await deliver(sign('charge.refunded', charge({ refunded: true, amount_refunded: 1000 })));
    expect(await api.row(refunded.id)).toMatchObject({
      status: 'refunded',
      receipt_number: expect.any(String),
    });
    expect((await api.noticesOf(me.user.id)).map((n) => n.kind)).toContain('donation_refunded');
    expect((await api.call('GET', '/api/stats')).json().data.moneyRaisedMinor).toBe(2000);

    const unknown = await deliver(
      sign('checkout.session.completed', sessionObject('cs_nobody', 'nobody', 1000)),
    );
    expect(unknown.json().message).toBe('Event acknowledged: no donation matches it.');
    const other = await deliver(sign('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(other.json().message).toBe('Event acknowledged.');
  });

  it('keeps a refund that overtook its payment: the late payment event does not resurrect it', async () => {
    await setup();
    const me = await api.signIn();
    const d = await checkout(me.headers, { kind: 'cash', amount: 1000, category: 'Trees' });
    await deliver(
      sign('charge.refunded', {
        id: 'ch_early',
        object: 'charge',
        amount: 1000,
        currency: 'usd',
        payment_intent: 'pi_unknown_yet',
        metadata: { donationId: d.id },
        refunded: true,
      }),
    );
    await deliver(paidEvent(d));
    expect(await api.row(d.id)).toMatchObject({ status: 'refunded', receipt_number: null });
    expect(api.mailer.sent).toEqual([]);
  });

  it.each([1, 2, 3])(
    'ends every donation paid exactly once when events arrive 1–5 times, concurrently, shuffled and interleaved (round %i)',
    async (round) => {
      await setup();
      const organiser = await api.signIn({ profile_type: 'corporate' });
      const drive = await api.insertDrive(organiser.user.id);
      const donors = [await api.signIn(), await api.signIn(), await api.signIn()];
      const donations = [];
      for (let i = 0; i < 6; i++) {
        const headers = donors[i % donors.length]!.headers;
        donations.push(
          await checkout(
            headers,
            i % 2 === 0
              ? { kind: 'trees', trees: i + 1, driveId: drive.id, category: 'Trees' }
              : { kind: 'cash', amount: 1000 * (i + 1), driveId: drive.id, category: 'Trees' },
          ),
        );
      }
      const deliveries: Array<{ payload: string; signature: string }> = [];
      donations.forEach((d, i) => {
        const completed = paidEvent(d);
        for (let n = 0; n < ((i + round) % 5) + 1; n++) deliveries.push(completed);
        // Stripe may also say it twice in different words: one more event id for the same session.
        if (i % 3 === 0)
          deliveries.push(
            sign(
              'checkout.session.async_payment_succeeded',
              sessionObject(d.session, d.id, d.amount),
            ),
          );
      });
      const shuffled = shuffle(deliveries, round);
      const responses = await Promise.all(shuffled.map((event) => deliver(event)));
      expect(responses.map((r) => r.statusCode)).toEqual(shuffled.map(() => 200));

      const rows = await api
        .db()
        .selectFrom('donations')
        .selectAll()
        .orderBy('receipt_number')
        .execute();
      expect(rows.map((r) => r.status)).toEqual(rows.map(() => 'paid'));
      expect(rows.map((r) => r.receipt_number)).toEqual(
        rows.map((_, i) => `CAN-2026-${String(i + 1).padStart(6, '0')}`),
      );
      const applied = (await events()).filter((e) => e.outcome === 'applied');
      expect(applied.map((e) => e.donation_id).sort()).toEqual(donations.map((d) => d.id).sort());
      expect(new Set((await events()).map((e) => e.event_id)).size).toBe(
        new Set(shuffled.map((e) => JSON.parse(e.payload).id)).size,
      );

      const totals = (
        await api.call('GET', `/api/drives/${drive.id}/donations`, donors[0]!.headers)
      ).json().data;
      expect(totals).toMatchObject({ trees: 1 + 3 + 5, amount: 2000 + 4000 + 6000 });
      expect((await api.call('GET', '/api/stats')).json().data).toMatchObject({
        treesDonated: 9,
        // All money received, trees (9 at the default price) and cash (issue 19 §7).
        moneyRaisedMinor: 12000 + 4500,
      });
      const thanks = await api
        .db()
        .selectFrom('notifications')
        .where('kind', '=', 'donation_paid')
        .selectAll()
        .execute();
      expect(thanks).toHaveLength(6);
      // Receipts go through the mail queue (a tree gift's with its certificate, made at sending).
      await api.services().queue.idle();
      expect(api.mailer.sent).toHaveLength(6);
      expect(await api.noticesOf(organiser.user.id)).toHaveLength(6);
    },
  );
});

/** A deterministic shuffle (the same order for the same seed). */
function shuffle<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed * 7919;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1664525 + 1013904223) % 4294967296;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
