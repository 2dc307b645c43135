import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DONATION_MESSAGES } from '../../../contract/donations';
import { RECURRING_MESSAGES } from '../../../contract/recurring-gifts';
import { buildTree } from '../../../tests/support/factories';
import { noticesOf } from '../../../tests/support/notices';
import {
  signedEvent,
  startStripeStub,
  STUB_SECRET_KEY,
  STUB_WEBHOOK_SECRET,
  subscriptionObject,
  withoutPayments,
  type StripeStub,
  type StubRequest,
} from '../../../tests/support/stripe-stub';
import { databaseTargets } from '../../../tests/support/test-database';
import { WEBHOOK_MESSAGES } from '../payments/payments.service';
import { APP_URL, donationApi, settle, type Headers } from './donation-test-kit';
import { BILLING_PATH } from './recurring-emails';
import { CANCEL_AT_PROVIDER_JOB } from './recurring-fulfilment';

type Json = Record<string, unknown>;
type Signed = { id: string; payload: string; signature: string };

/**
 * Issue 22, end to end against the Stripe stub: recurring gifts started through
 * POST /api/donations/recurring, paid and renewed by signed events through the real webhook route,
 * managed through PATCH (each change a real request to the stub), in the shape a webhook endpoint
 * on the SDK's API version receives (an invoice without `payments`: the webhook asks Stripe).
 */
describe.each(databaseTargets)('recurring gifts on Stripe (stub) on $name', (target) => {
  const api = donationApi(target);
  let stub: StripeStub;
  let proxy: LookupProxy;
  beforeAll(async () => {
    stub = await startStripeStub();
    proxy = await startLookupProxy(stub.url);
  });
  afterAll(async () => {
    await proxy.close();
    await stub.close();
  });

  /** An app on Stripe (the stub), or through the proxy that can make Stripe's lookups fail. */
  const setup = (apiBase = stub.url) =>
    api.setup({
      stripe: { secretKey: STUB_SECRET_KEY, webhookSecret: STUB_WEBHOOK_SECRET, apiBase },
    });
  const now = () => Math.floor(api.clock.now().getTime() / 1000);
  const sign = (type: string, object: Json) => signedEvent(type, object, { timestamp: now() });
  const deliver = (event: Signed) =>
    api.app().inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': event.signature,
      },
      payload: event.payload,
    });
  /** Delivers and expects Stripe to hear 200. */
  async function accept(event: Signed) {
    const res = await deliver(event);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().message as string;
  }
  const patch = (headers: Headers, id: string, body: Json) =>
    api.app().inject({
      method: 'PATCH',
      url: `/api/donations/recurring/${id}`,
      headers,
      payload: body,
    });
  /** The requests the stub received while `run` ran. */
  async function sent(run: () => Promise<unknown>): Promise<StubRequest[]> {
    const before = stub.requests.length;
    await run();
    return stub.requests.slice(before);
  }
  const brief = (requests: StubRequest[]) => requests.map((r) => `${r.method} ${r.path}`);
  const { giftRow, periodsOf } = api;
  const donorTotals = (donorId: string) =>
    api
      .db()
      .selectFrom('donation_donor_totals')
      .selectAll()
      .where('donor_id', '=', donorId)
      .executeTakeFirst();
  const totals = () =>
    api
      .db()
      .selectFrom('donation_totals')
      .selectAll()
      .where('currency', '=', 'USD')
      .executeTakeFirst();
  const figures = (row: { amount_minor: number; trees: number; donations: number } | undefined) =>
    row
      ? {
          amount: Number(row.amount_minor),
          trees: Number(row.trees),
          donations: Number(row.donations),
        }
      : { amount: 0, trees: 0, donations: 0 };
  /** POST /api/donations/recurring, and the Checkout session the stub made for its first period. */
  async function start(headers: Headers, body: Json = {}) {
    const res = await api.call('POST', '/api/donations/recurring', headers, {
      kind: 'trees',
      trees: 3,
      interval: 'month',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id, donationId, checkoutUrl } = res.json().data as {
      id: string;
      donationId: string;
      checkoutUrl: string;
    };
    const session = (await api.row(donationId)).checkout_session_id!;
    expect(checkoutUrl).toBe(`https://checkout.stripe.test/c/pay/${session}`);
    return { id, donationId, session };
  }

  /** A gift whose checkout the donor completed, and both its events delivered (checkout first). */
  async function subscribed(headers: Headers, body: Json = {}) {
    const gift = await start(headers, body);
    const done = stub.completeSubscriptionCheckout(gift.session, { now: api.clock.now() });
    await accept(sign('checkout.session.completed', done.session));
    await accept(sign('invoice.paid', withoutPayments(done.invoice)));
    return { ...gift, ref: done.subscription.id, firstInvoice: String(done.invoice.id) };
  }

  it('starts a subscription Checkout with inline recurring price data; one customer per member, reused', async () => {
    await setup();
    const asha = await api.signIn({ name: 'Asha Rao' });
    const first = await sent(() => start(asha.headers, { trees: 3 }));
    expect(brief(first)).toEqual(['POST /v1/customers', 'POST /v1/checkout/sessions']);
    const [customerCall, checkoutCall] = first;
    expect(customerCall!.body).toEqual({
      email: asha.user.email,
      name: 'Asha Rao',
      metadata: { userId: asha.user.id },
    });
    const customer = (await api
      .db()
      .selectFrom('payment_customers')
      .selectAll()
      .where('user_id', '=', asha.user.id)
      .execute())!;
    expect(customer).toHaveLength(1);
    const customerRef = customer[0]!.customer_ref;
    expect(customerRef).toMatch(/^cus_stub_\d+$/);
    const gifts = await api.db().selectFrom('donation_subscriptions').selectAll().execute();
    const gift = gifts[0]!;
    expect(checkoutCall!.headers['idempotency-key']).toBe(
      `canopy-subscription-checkout-${gift.first_donation_id}`,
    );
    expect(checkoutCall!.body).toEqual({
      mode: 'subscription',
      client_reference_id: gift.first_donation_id,
      metadata: { donationId: gift.first_donation_id, subscriptionId: gift.id },
      subscription_data: {
        metadata: { donationId: gift.first_donation_id, subscriptionId: gift.id },
      },
      line_items: {
        '0': {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: '1500',
            recurring: { interval: 'month' },
            product_data: { name: 'Canopy: 3 trees every month' },
          },
        },
      },
      customer: customerRef,
      success_url: `${APP_URL}/app/donate-tree/success?donation=${gift.first_donation_id}`,
      cancel_url: `${APP_URL}/app/donate-tree/cancel?donation=${gift.first_donation_id}`,
    });
    expect(gift).toMatchObject({ status: 'incomplete', provider: 'stripe', provider_ref: null });

    // A second gift (yearly, cash) of the same member reuses the customer: no second customer.
    const second = await sent(() =>
      start(asha.headers, { kind: 'cash', trees: undefined, amount: 2500, interval: 'year' }),
    );
    expect(brief(second)).toEqual(['POST /v1/checkout/sessions']);
    expect(second[0]!.body).toMatchObject({
      mode: 'subscription',
      customer: customerRef,
      line_items: {
        '0': { price_data: { unit_amount: '2500', recurring: { interval: 'year' } } },
      },
    });
    expect(second[0]!.body).not.toHaveProperty('customer_email');
    expect(second[0]!.body).not.toHaveProperty('payment_intent_data');
    // Another member has their own.
    const other = await api.signIn();
    const third = await sent(() => start(other.headers));
    expect(brief(third)).toEqual(['POST /v1/customers', 'POST /v1/checkout/sessions']);
    expect(third[1]!.body.customer).not.toBe(customerRef);
    expect(await api.db().selectFrom('payment_customers').selectAll().execute()).toHaveLength(2);
  });

  it.each(['checkout first', 'invoice first'] as const)(
    'pays the first period once whichever of checkout.session.completed and invoice.paid comes first (%s)',
    async (order) => {
      await setup();
      const me = await api.signIn();
      const gift = await start(me.headers, { trees: 3 });
      const done = stub.completeSubscriptionCheckout(gift.session, { now: api.clock.now() });
      const completed = sign('checkout.session.completed', done.session);
      // As a webhook endpoint receives it: no `payments`, so no PaymentIntent in the event.
      const paid = sign('invoice.paid', withoutPayments(done.invoice));
      const requests = await sent(async () => {
        for (const event of order === 'checkout first' ? [completed, paid] : [paid, completed])
          expect(await accept(event)).toMatch(/^Event (handled|acknowledged)/);
        // Stripe says it again, in either words.
        expect(await accept(completed)).toBe('Event already handled.');
        await accept(sign('invoice.payment_succeeded', withoutPayments(done.invoice)));
      });
      // The webhook asked Stripe which PaymentIntent paid the invoice (the event does not say).
      expect(brief(requests)).toContain('GET /v1/invoice_payments');
      const periods = await periodsOf(gift.id);
      expect(periods).toHaveLength(1);
      expect(periods[0]).toMatchObject({
        id: gift.donationId,
        status: 'paid',
        invoice_ref: done.invoice.id,
        // The payment a refund or dispute will name (gap: the checkout's event has none).
        payment_ref: `pi_${String(done.invoice.id)}`,
        checkout_session_id: gift.session,
        receipt_number: 'CAN-2026-000001',
      });
      const row = await giftRow(gift.id);
      expect(row).toMatchObject({
        status: 'active',
        provider_ref: done.subscription.id,
        periods: 1,
        failure_reason: null,
      });
      expect(row.next_at).toBe(
        new Date(done.subscription.items.data[0]!.current_period_end * 1000).toISOString(),
      );
      expect(figures(await donorTotals(me.user.id))).toEqual({
        amount: 1500,
        trees: 3,
        donations: 1,
      });
      const listed = (await api.call('GET', '/api/donations/recurring', me.headers)).json();
      expect(listed.data[0]).toMatchObject({
        id: gift.id,
        status: 'active',
        donations: [{ id: gift.donationId, status: 'paid', receiptNumber: 'CAN-2026-000001' }],
      });
      expect(listed.portal).toBe(true);
    },
  );

  it.each([1, 2, 3])(
    'makes exactly one donation per renewal invoice when invoice.paid comes 1–5 times, concurrently, shuffled, with payment_succeeded and two periods interleaved (round %i)',
    async (round) => {
      await setup();
      const donors = [await api.signIn(), await api.signIn()];
      const gifts = [
        await subscribed(donors[0]!.headers, { trees: 3 }),
        await subscribed(donors[1]!.headers, { kind: 'cash', trees: undefined, amount: 2000 }),
      ];
      const before = figures(await totals());
      expect(before).toEqual({ amount: 3500, trees: 3, donations: 2 });
      // Two periods of each gift; each invoice signed before the stub moves on (objects are live).
      const deliveries: Signed[] = [];
      const invoices: string[] = [];
      for (let period = 0; period < 2; period++)
        gifts.forEach((gift, g) => {
          const invoice = stub.renew(gift.ref);
          invoices.push(String(invoice.id));
          const webhook = withoutPayments(invoice);
          const paid = sign('invoice.paid', webhook);
          for (let n = 0; n < ((period * 2 + g + round) % 5) + 1; n++) deliveries.push(paid);
          // The same news under another event id, and in Stripe's other words.
          if ((g + round) % 2 === 0) deliveries.push(sign('invoice.paid', webhook));
          deliveries.push(sign('invoice.payment_succeeded', webhook));
        });
      const shuffled = shuffle(deliveries, round);
      const responses = await Promise.all(shuffled.map((event) => deliver(event)));
      expect(responses.map((r) => r.statusCode)).toEqual(shuffled.map(() => 200));

      const periods = await api
        .db()
        .selectFrom('donations')
        .selectAll()
        .where('invoice_ref', 'in', invoices)
        .execute();
      expect(periods.map((p) => p.invoice_ref).sort()).toEqual([...invoices].sort());
      expect(periods.every((p) => p.status === 'paid')).toBe(true);
      expect(periods.map((p) => p.payment_ref).sort()).toEqual(
        invoices.map((id) => `pi_${id}`).sort(),
      );
      const receipts = (
        await api.db().selectFrom('donations').select('receipt_number').execute()
      ).map((r) => r.receipt_number);
      expect(new Set(receipts).size).toBe(6);
      expect([...receipts].sort()).toEqual(
        receipts.map((_, i) => `CAN-2026-${String(i + 1).padStart(6, '0')}`),
      );
      for (const [g, gift] of gifts.entries()) {
        expect(await periodsOf(gift.id)).toHaveLength(3);
        const row = await giftRow(gift.id);
        expect(row).toMatchObject({ status: 'active', periods: 3 });
        expect(row.next_at).toBe(
          new Date(
            stub.subscription(gift.ref)!.items.data[0]!.current_period_end * 1000,
          ).toISOString(),
        );
        expect(figures(await donorTotals(donors[g]!.user.id))).toEqual(
          g === 0
            ? { amount: 4500, trees: 9, donations: 3 }
            : { amount: 6000, trees: 0, donations: 3 },
        );
      }
      expect(figures(await totals())).toEqual({ amount: 10500, trees: 9, donations: 6 });
      // One applied event per invoice; the rest were repeats or said nothing new.
      const applied = await api
        .db()
        .selectFrom('payment_events')
        .selectAll()
        .where('outcome', '=', 'applied')
        .where('type', 'like', 'invoice.%')
        .execute();
      const renewals = new Set(periods.map((p) => p.id));
      expect(applied.filter((e) => renewals.has(e.donation_id!))).toHaveLength(4);
      // A receipt per period (a tree gift's with its certificate): two checkouts and four renewals.
      const mails = await api
        .db()
        .selectFrom('mails')
        .select('subject')
        .where('subject', 'like', 'Your Canopy receipt%')
        .execute();
      expect(mails).toHaveLength(6);
    },
  );

  it('tells a Spanish donor of a failed payment in Spanish, notice and mail (issue 26)', async () => {
    await setup();
    const me = await api.signIn({ locale: 'es' });
    const gift = await subscribed(me.headers);
    const invoice = stub.renew(gift.ref, {
      paid: false,
      nextPaymentAttempt: new Date('2026-07-04T10:00:00.000Z'),
    });
    await accept(sign('invoice.payment_failed', withoutPayments(invoice)));
    const notice = (await api.noticesOf(me.user.id)).find((n) => n.kind === 'recurring_gift');
    expect(notice!.title).toBe('Falló un pago de tu donación periódica');
    expect(notice!.body).toContain('Puedes usar otra tarjeta desde Facturación.');
    await api.services().queue.idle();
    const mail = api.mailer.sent.find(
      (m) => m.subject === 'Un pago de tu donación periódica no se pudo completar',
    );
    expect(mail!.to).toBe(me.user.email);
    expect(mail!.text).toContain('— El equipo de Canopy');
  });

  it('makes a failed payment past due with a notice and a mail to change the card; the retried payment makes it active', async () => {
    await setup();
    const me = await api.signIn();
    const gift = await subscribed(me.headers);
    const retry = new Date('2026-07-04T10:00:00.000Z');
    const invoice = stub.renew(gift.ref, { paid: false, nextPaymentAttempt: retry });
    expect(await accept(sign('invoice.payment_failed', withoutPayments(invoice)))).toBe(
      'Event handled.',
    );
    expect(await giftRow(gift.id)).toMatchObject({
      status: 'past_due',
      failure_reason: DONATION_MESSAGES.paymentFailed,
    });
    // A failed payment is no donation.
    expect(await periodsOf(gift.id)).toHaveLength(1);
    const notices = await api.noticesOf(me.user.id);
    const notice = notices.find((n) => n.kind === 'recurring_gift');
    expect(notice).toMatchObject({
      title: 'A payment of your recurring gift failed',
      link: BILLING_PATH,
    });
    expect(notice!.body).toContain('You can use another card from Billing.');
    await api.services().queue.idle();
    const mail = api.mailer.sent.find(
      (m) => m.subject === 'A payment of your recurring gift did not go through',
    );
    expect(mail).toBeDefined();
    expect(mail!.to).toBe(me.user.email);
    expect(mail!.text).toContain('choose "Manage cards and invoices"');
    expect(mail!.text).toContain(`${APP_URL}${BILLING_PATH}`);
    const listed = (await api.call('GET', '/api/donations/recurring', me.headers)).json().data[0];
    expect(listed).toMatchObject({
      status: 'past_due',
      failureReason: DONATION_MESSAGES.paymentFailed,
    });

    // Stripe's retry goes through: the same invoice, paid.
    const retried = stub.payInvoice(String(invoice.id));
    await accept(sign('invoice.paid', withoutPayments(retried)));
    await accept(sign('customer.subscription.updated', { ...stub.subscription(gift.ref)! }));
    const periods = await periodsOf(gift.id);
    expect(periods).toHaveLength(2);
    expect(periods[1]).toMatchObject({
      status: 'paid',
      invoice_ref: invoice.id,
      payment_ref: `pi_${String(invoice.id)}`,
    });
    expect(await giftRow(gift.id)).toMatchObject({
      status: 'active',
      failure_reason: null,
      periods: 2,
    });
  });

  it('cancels the gift after the final failed attempt and ends the subscription at Stripe by a job', async () => {
    await setup();
    const me = await api.signIn();
    const gift = await subscribed(me.headers);
    const invoice = stub.renew(gift.ref, {
      paid: false,
      nextPaymentAttempt: new Date('2026-07-04T10:00:00.000Z'),
    });
    await accept(sign('invoice.payment_failed', withoutPayments(invoice)));
    expect((await giftRow(gift.id)).status).toBe('past_due');
    const requests = await sent(async () => {
      const last = stub.failInvoice(String(invoice.id), { nextPaymentAttempt: null });
      await accept(sign('invoice.payment_failed', withoutPayments(last)));
      const row = await giftRow(gift.id);
      expect(row).toMatchObject({ status: 'cancelled', failure_reason: expect.any(String) });
      expect(row.cancelled_at).not.toBeNull();
      await api.services().queue.idle();
    });
    // Stripe's dunning had already canceled it (the stub, as Stripe, answers such a DELETE 404):
    // the job reads it back as canceled and is done.
    expect(brief(requests.filter((r) => r.path.startsWith('/v1/subscriptions')))).toEqual([
      `DELETE /v1/subscriptions/${gift.ref}`,
      `GET /v1/subscriptions/${gift.ref}`,
    ]);
    if (target.name === 'sqlite')
      expect(
        await api
          .db()
          .selectFrom('jobs')
          .selectAll()
          .where('name', '=', CANCEL_AT_PROVIDER_JOB)
          .execute(),
      ).toEqual([]);
    // Run again (a retried job), it is still done.
    await expect(
      api.services().donations.cancelAtProvider({ ref: gift.ref }),
    ).resolves.toBeUndefined();
    const notices = await noticesOf(api.db(), me.user.id, 'recurring_gift');
    expect(notices.map((n) => n.title)).toEqual([
      'A payment of your recurring gift failed',
      'Your recurring gift has stopped',
    ]);
    expect(api.mailer.sent.map((m) => m.subject)).toContain(
      'Your recurring gift to Canopy has stopped',
    );
    // Stripe's own news of the end changes nothing more, nor does a late failure.
    await accept(sign('customer.subscription.deleted', { ...stub.subscription(gift.ref)! }));
    expect(await accept(sign('invoice.payment_failed', withoutPayments(invoice)))).toBe(
      'Event acknowledged.',
    );
    expect((await giftRow(gift.id)).status).toBe('cancelled');
    expect(await periodsOf(gift.id)).toHaveLength(1);
  });

  it('pauses, changes, cancels at the period end, resumes and cancels now through Stripe’s API', async () => {
    await setup();
    const me = await api.signIn();
    const gift = await subscribed(me.headers, { trees: 3 });
    const sub = () => stub.subscription(gift.ref)!;
    const item = sub().items.data[0]!;
    const path = `/v1/subscriptions/${gift.ref}`;

    // Pause until a day: collection paused (void) until its midnight, UTC.
    let res!: Awaited<ReturnType<typeof patch>>;
    let calls = await sent(async () => {
      res = await patch(me.headers, gift.id, { pauseUntil: '2026-08-15' });
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(brief(calls)).toEqual([`POST ${path}`]);
    expect(calls[0]!.body).toEqual({
      pause_collection: {
        behavior: 'void',
        resumes_at: String(Date.UTC(2026, 7, 15) / 1000),
      },
    });
    expect(await giftRow(gift.id)).toMatchObject({ status: 'paused', pause_until: '2026-08-15' });
    // Stripe voids the paused period's invoice: nothing to deliver, no donation.
    expect(stub.renew(gift.ref).status).toBe('void');

    // Resume: the pause is cleared at Stripe (an empty value).
    calls = await sent(async () => {
      res = await patch(me.headers, gift.id, { resume: true });
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(calls.map((c) => [c.method, c.path, c.raw])).toEqual([
      ['POST', path, 'pause_collection='],
    ]);
    expect(sub().pause_collection).toBeNull();
    expect(await giftRow(gift.id)).toMatchObject({ status: 'active', pause_until: null });

    // Change the trees from the next period: the item's price (on its product), no proration.
    calls = await sent(async () => {
      res = await patch(me.headers, gift.id, { trees: 5 });
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(brief(calls)).toEqual([
      `GET ${path}`,
      `POST /v1/products/${item.price.product}`,
      `POST ${path}`,
    ]);
    expect(calls[1]!.body).toEqual({ name: 'Canopy: 5 trees every month' });
    expect(calls[2]!.body).toEqual({
      items: {
        '0': {
          id: item.id,
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: '2500',
            recurring: { interval: 'month' },
            product: item.price.product,
          },
        },
      },
      proration_behavior: 'none',
    });
    expect(await giftRow(gift.id)).toMatchObject({ trees: 5, amount_minor: 2500 });
    // The next period is charged the new amount and gives five trees.
    const next = stub.renew(gift.ref);
    expect(next.amount_paid).toBe(2500);
    await accept(sign('invoice.paid', withoutPayments(next)));
    expect((await periodsOf(gift.id)).map((p) => [p.trees, p.amount_minor])).toEqual([
      [3, 1500],
      [5, 2500],
    ]);

    // Stripe cannot be reached: nothing changes here either.
    stub.failNext(500, 2, '/v1/subscriptions');
    const refused = await patch(me.headers, gift.id, { cancel: 'period_end' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe(RECURRING_MESSAGES.providerUnavailable);
    expect((await giftRow(gift.id)).cancel_at_period_end).toBe(0);

    // Cancel at the period end, then take it back.
    calls = await sent(async () => {
      res = await patch(me.headers, gift.id, { cancel: 'period_end' });
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', path, { cancel_at_period_end: 'true' }],
    ]);
    expect(await giftRow(gift.id)).toMatchObject({ status: 'active', cancel_at_period_end: 1 });
    calls = await sent(async () => {
      res = await patch(me.headers, gift.id, { resume: true });
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', path, { cancel_at_period_end: 'false' }],
    ]);
    expect(sub().cancel_at_period_end).toBe(false);
    expect(await giftRow(gift.id)).toMatchObject({ status: 'active', cancel_at_period_end: 0 });

    // Cancel now: the subscription is deleted at Stripe.
    calls = await sent(async () => {
      res = await patch(me.headers, gift.id, { cancel: 'now' });
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(calls.map((c) => [c.method, c.path, c.raw])).toEqual([['DELETE', path, '']]);
    expect(sub().status).toBe('canceled');
    const row = await giftRow(gift.id);
    expect(row).toMatchObject({ status: 'cancelled', cancel_at_period_end: 0 });
    expect(row.cancelled_at).toBe(api.clock.now().toISOString());
    expect(res.json().data).toMatchObject({ status: 'cancelled', nextAt: null });
    // Cancelled is the end: no more requests to Stripe.
    calls = await sent(async () => {
      res = await patch(me.headers, gift.id, { resume: true });
    });
    expect(res.statusCode).toBe(409);
    expect(calls).toEqual([]);
    // Another member's gift is not found, and Stripe is not asked.
    const other = await api.signIn();
    calls = await sent(async () => {
      res = await patch(other.headers, gift.id, { pauseUntil: '2026-08-15' });
    });
    expect(res.statusCode).toBe(404);
    expect(calls).toEqual([]);
  });

  it('cancels now a gift the donor already ended in the Customer Portal (before its event came)', async () => {
    await setup();
    const me = await api.signIn();
    const gift = await subscribed(me.headers);
    // Canceled at Stripe; customer.subscription.deleted is still on its way.
    await fetch(`${stub.url}/v1/subscriptions/${gift.ref}`, { method: 'DELETE' });
    const res = await patch(me.headers, gift.id, { cancel: 'now' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await giftRow(gift.id)).toMatchObject({ status: 'cancelled' });
    await accept(sign('customer.subscription.deleted', { ...stub.subscription(gift.ref)! }));
    expect((await giftRow(gift.id)).status).toBe('cancelled');
  });

  it('keeps the status in step with customer.subscription.updated and .deleted; a late update never revives a cancelled gift', async () => {
    await setup();
    const me = await api.signIn();
    const gift = await subscribed(me.headers);
    const state = () => giftRow(gift.id);
    const periodEnd = new Date('2026-07-01T10:00:00.000Z');
    const update = (fields: { status: string }) =>
      sign(
        'customer.subscription.updated',
        subscriptionObject({ ref: gift.ref, subscriptionId: gift.id, periodEnd, ...fields }),
      );

    await accept(update({ status: 'past_due' }));
    expect((await state()).status).toBe('past_due');
    await accept(update({ status: 'active' }));
    expect((await state()).status).toBe('active');

    // The donor set it to end at the period's end (say, in the Customer Portal).
    const cancel = await patch(me.headers, gift.id, { cancel: 'period_end' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const updated = sign('customer.subscription.updated', { ...stub.subscription(gift.ref)! });
    // Stripe sent another "updated" before the end that reaches us only after it.
    const late = sign('customer.subscription.updated', {
      ...stub.subscription(gift.ref)!,
      cancel_at_period_end: false,
    });
    await accept(updated);
    const row = await state();
    expect(row).toMatchObject({ status: 'active', cancel_at_period_end: 1 });
    expect(row.next_at).toBe(
      new Date(stub.subscription(gift.ref)!.items.data[0]!.current_period_end * 1000).toISOString(),
    );
    // The period runs out: Stripe ends it.
    const ended = stub.endPeriod(gift.ref);
    await accept(sign('customer.subscription.deleted', { ...ended }));
    const cancelled = await state();
    expect(cancelled).toMatchObject({ status: 'cancelled', next_at: null });
    expect(cancelled.cancelled_at).not.toBeNull();
    // An "updated" sent before the end and delivered after it changes nothing.
    expect(await accept(late)).toBe('Event acknowledged.');
    expect(await accept(updated)).toBe('Event already handled.');
    await accept(update({ status: 'active' }));
    expect(await state()).toMatchObject({ status: 'cancelled', next_at: null });
    const listed = (await api.call('GET', '/api/donations/recurring', me.headers)).json().data[0];
    expect(listed).toMatchObject({ status: 'cancelled', nextAt: null });
  });

  it('opens the Customer Portal for the member’s customer; none without one', async () => {
    await setup();
    const me = await api.signIn();
    const without = await api.call('POST', '/api/donations/recurring/portal', me.headers);
    expect(without.statusCode).toBe(404);
    await start(me.headers);
    const customerRef = (await api.db().selectFrom('payment_customers').selectAll().execute())[0]!
      .customer_ref;
    let res!: Awaited<ReturnType<typeof api.call>>;
    const calls = await sent(async () => {
      res = await api.call('POST', '/api/donations/recurring/portal', me.headers);
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(brief(calls)).toEqual(['POST /v1/billing_portal/sessions']);
    expect(calls[0]!.body).toEqual({
      customer: customerRef,
      return_url: `${APP_URL}${BILLING_PATH}`,
    });
    expect(res.json().data.url).toMatch(
      /^https:\/\/billing\.stripe\.test\/p\/session\/bps_stub_\d+$/,
    );
    expect((await api.call('POST', '/api/donations/recurring/portal')).statusCode).toBe(401);
  });

  it('has no Customer Portal in test mode (404)', async () => {
    await api.setup();
    const me = await api.signIn();
    const res = await api.call('POST', '/api/donations/recurring/portal', me.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(RECURRING_MESSAGES.portalTestMode);
  });

  it('takes a refunded and a disputed renewal out of every figure and releases their trees', async () => {
    await setup();
    const organiser = await api.signIn({ profile_type: 'corporate' });
    const drive = await api.insertDrive(organiser.user.id);
    // A planted drive tree with free plants: paid tree gifts of the general fund take them.
    const tree = buildTree(organiser.user.id, { drive_id: drive.id, tree_count: 20 });
    await api.db().insertInto('trees').values(tree).execute();
    const me = await api.signIn();
    const gift = await subscribed(me.headers, { trees: 3 });
    const renewals = [stub.renew(gift.ref), stub.renew(gift.ref)];
    for (const invoice of renewals) await accept(sign('invoice.paid', withoutPayments(invoice)));
    await api.services().queue.idle();
    const giftPlants = async () =>
      Number(
        (
          await api
            .db()
            .selectFrom('trees')
            .select('gift_plants')
            .where('id', '=', tree.id)
            .executeTakeFirstOrThrow()
        ).gift_plants,
      );
    const allocated = (donationId: string) =>
      api
        .db()
        .selectFrom('tree_gift_allocations')
        .selectAll()
        .where('donation_id', '=', donationId)
        .execute();
    expect(await giftPlants()).toBe(9);
    const [, refunded, disputed] = await periodsOf(gift.id);
    expect(await allocated(refunded!.id)).toHaveLength(1);
    expect(figures(await donorTotals(me.user.id))).toEqual({
      amount: 4500,
      trees: 9,
      donations: 3,
    });
    // The landing figures (cached for a while by design, so read only after the reversals).
    const stats = async () => (await api.call('GET', '/api/stats')).json().data;
    const released = vi.spyOn(api.services().trees, 'onGiftRefunded');

    // A full refund of the first renewal's charge (a subscription charge carries no metadata).
    const refund = sign('charge.refunded', {
      id: `ch_${String(renewals[0]!.id)}`,
      object: 'charge',
      amount: 1500,
      amount_refunded: 1500,
      currency: 'usd',
      payment_intent: refunded!.payment_ref,
      invoice: null,
      metadata: {},
      refunded: true,
    });
    expect(await accept(refund)).toBe('Event handled.');
    expect(await api.row(refunded!.id)).toMatchObject({ status: 'refunded', disputed_at: null });

    // A renewal fulfilled before the webhook asked Stripe for payments knows none: its dispute is
    // found through the invoice the PaymentIntent paid.
    await api
      .db()
      .updateTable('donations')
      .set({ payment_ref: null })
      .where('id', '=', disputed!.id)
      .execute();
    const calls = await sent(() =>
      accept(
        sign(
          'charge.dispute.created',
          // disputeObject's shape, with the renewal's PaymentIntent.
          {
            id: 'dp_renewal',
            object: 'dispute',
            amount: 1500,
            currency: 'usd',
            charge: `ch_${String(renewals[1]!.id)}`,
            payment_intent: `pi_${String(renewals[1]!.id)}`,
            reason: 'fraudulent',
            status: 'needs_response',
            metadata: {},
          },
        ),
      ).then((message) => expect(message).toBe('Event handled.')),
    );
    expect(calls.map((c) => [c.method, c.path, c.query])).toEqual([
      [
        'GET',
        '/v1/invoice_payments',
        {
          limit: '1',
          payment: { type: 'payment_intent', payment_intent: `pi_${String(renewals[1]!.id)}` },
        },
      ],
    ]);
    const disputedRow = await api.row(disputed!.id);
    expect(disputedRow.status).toBe('refunded');
    expect(disputedRow.disputed_at).not.toBeNull();

    // Out of every figure: only the first period is left.
    expect(figures(await donorTotals(me.user.id))).toEqual({
      amount: 1500,
      trees: 3,
      donations: 1,
    });
    expect(figures(await totals())).toEqual({ amount: 1500, trees: 3, donations: 1 });
    expect(await stats()).toMatchObject({ treesDonated: 3, moneyRaisedMinor: 1500 });
    const listed = (await api.call('GET', '/api/donations/recurring', me.headers)).json().data[0];
    expect(
      listed.donations.map((d: { id: string; status: string }) => [d.id, d.status]).sort(),
    ).toEqual(
      [
        [gift.donationId, 'paid'],
        [refunded!.id, 'refunded'],
        [disputed!.id, 'disputed'],
      ].sort(),
    );
    // The trees the two periods held are released (the refunded-gift job).
    await api.services().queue.idle();
    expect(released.mock.calls.map(([payload]) => payload)).toEqual(
      expect.arrayContaining([{ donationId: refunded!.id }, { donationId: disputed!.id }]),
    );
    expect(await allocated(refunded!.id)).toEqual([]);
    expect(await allocated(disputed!.id)).toEqual([]);
    expect(await giftPlants()).toBe(3);
    await settle();
    const notices = await noticesOf(api.db(), me.user.id, 'donation_refunded');
    expect(notices.map((n) => n.title).sort()).toEqual(
      ['Your card issuer disputed a donation', 'Your donation was refunded'].sort(),
    );
    released.mockRestore();
  });

  it('answers 503 while Stripe cannot be asked, records nothing, and fulfils the redelivery', async () => {
    await setup(proxy.url);
    const me = await api.signIn();
    const gift = await subscribed(me.headers);
    const invoice = stub.renew(gift.ref);
    const paid = sign('invoice.paid', withoutPayments(invoice));
    const events = () => api.db().selectFrom('payment_events').selectAll().execute();
    const recorded = (await events()).length;
    proxy.down = true;
    const refused = await deliver(paid);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe(WEBHOOK_MESSAGES.lookupFailed);
    expect(await events()).toHaveLength(recorded);
    expect(await periodsOf(gift.id)).toHaveLength(1);
    // Stripe delivers it again once the lookup works.
    proxy.down = false;
    expect(await accept(paid)).toBe('Event handled.');
    const [, renewal] = await periodsOf(gift.id);
    expect(renewal).toMatchObject({ status: 'paid', payment_ref: `pi_${String(invoice.id)}` });

    // A dispute of a payment no donation knows needs Stripe too.
    const dispute = sign('charge.dispute.created', {
      id: 'dp_later',
      object: 'dispute',
      amount: 1500,
      currency: 'usd',
      charge: 'ch_unknown',
      payment_intent: 'pi_known_to_nobody',
      metadata: {},
    });
    proxy.down = true;
    expect((await deliver(dispute)).statusCode).toBe(503);
    proxy.down = false;
    expect(await accept(dispute)).toBe('Event acknowledged: no donation matches it.');
    // The renewal's own dispute needs no lookup (its payment is known) and is taken while Stripe is down.
    proxy.down = true;
    expect(
      await accept(
        sign('charge.dispute.created', {
          id: 'dp_renewal',
          object: 'dispute',
          amount: 1500,
          currency: 'usd',
          charge: 'ch_renewal',
          payment_intent: `pi_${String(invoice.id)}`,
          metadata: {},
        }),
      ),
    ).toBe('Event handled.');
    proxy.down = false;
    expect((await api.row(renewal!.id)).status).toBe('refunded');
    expect(figures(await donorTotals(me.user.id))).toEqual({
      amount: 1500,
      trees: 3,
      donations: 1,
    });
  });
});

/** A pass-through to the stub whose `GET /v1/invoice_payments` fails while `down` (Stripe out). */
interface LookupProxy {
  url: string;
  down: boolean;
  close(): Promise<void>;
}

async function startLookupProxy(target: string): Promise<LookupProxy> {
  const state = { down: false };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (state.down && (req.url ?? '').startsWith('/v1/invoice_payments')) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'proxy: Stripe is down' } }));
        return;
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
          headers[name] = value;
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      fetch(`${target}${req.url ?? ''}`, {
        method: req.method ?? 'GET',
        headers,
        ...(body ? { body } : {}),
      })
        .then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => {
          res.writeHead(502);
          res.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

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
