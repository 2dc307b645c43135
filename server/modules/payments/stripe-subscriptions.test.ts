import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONATION_MESSAGES } from '../../../contract/donations';
import {
  disputeObject,
  invoiceObject,
  legacyInvoiceObject,
  sessionObject,
  signedEvent,
  startStripeStub,
  STUB_SECRET_KEY,
  STUB_WEBHOOK_SECRET,
  subscriptionObject,
  subscriptionSessionObject,
  withoutPayments,
  type StripeStub,
} from '../../../tests/support/stripe-stub';
import type { SubscriptionCheckoutRequest } from './payment-provider';
import { stripeProvider } from './stripe-provider';

// Issue 22: the Stripe side of recurring gifts, against the loopback stub (real HTTP, the real SDK).
describe('Stripe recurring gifts', () => {
  let stub: StripeStub;
  let stripe: ReturnType<typeof stripeProvider>;
  beforeAll(async () => {
    stub = await startStripeStub();
    stripe = stripeProvider({
      secretKey: STUB_SECRET_KEY,
      webhookSecret: STUB_WEBHOOK_SECRET,
      apiBase: stub.url,
    });
  });
  afterAll(async () => stub.close());

  let counter = 0;
  const unique = (prefix: string) => `${prefix}-${Date.now()}-${++counter}`;
  /** The requests the stub received while `run` ran. */
  async function sent(run: () => Promise<unknown>) {
    const before = stub.requests.length;
    await run();
    return stub.requests.slice(before);
  }
  const checkoutRequest = (
    overrides: Partial<SubscriptionCheckoutRequest> = {},
  ): SubscriptionCheckoutRequest => ({
    donationId: unique('don'),
    subscriptionId: unique('rec'),
    amount: 1500,
    currency: 'EUR',
    description: 'Canopy: 3 trees every month',
    customerEmail: 'asha@example.org',
    successUrl: 'https://canopy.test/app/donate-tree/success',
    cancelUrl: 'https://canopy.test/app/donate-tree/cancel',
    interval: 'month',
    customerRef: null,
    ...overrides,
  });
  const member = () => ({ id: unique('user'), email: 'asha@example.org', name: 'Asha Rao' });
  /** A paid subscription at the stub, made the way a donor's checkout makes it. */
  async function subscribed(overrides: Partial<SubscriptionCheckoutRequest> = {}) {
    const customerRef = await stripe.createCustomer!(member());
    const request = checkoutRequest({ customerRef, ...overrides });
    const { sessionId } = await stripe.createSubscriptionCheckout(request);
    const done = stub.completeSubscriptionCheckout(sessionId, {
      now: new Date('2026-03-15T10:00:00Z'),
    });
    return { ...done, request, customerRef, ref: done.subscription.id };
  }
  const verify = (type: string, object: Record<string, unknown> | null) => {
    const event = signedEvent(type, object as Record<string, unknown>);
    return stripe.verifyWebhook!(Buffer.from(event.payload), event.signature, Date.now());
  };
  const noFacts = {
    id: null,
    ref: null,
    invoiceRef: null,
    billingReason: null,
    periodEnd: null,
    status: null,
    cancelAtPeriodEnd: null,
    nextAttemptAt: null,
    customerRef: null,
  };

  describe('calls', () => {
    it('makes a customer once per member: metadata names the member, the key replays', async () => {
      const asha = member();
      const requests = await sent(async () => {
        const first = await stripe.createCustomer!(asha);
        expect(await stripe.createCustomer!(asha)).toBe(first);
        expect(stub.customer(first)).toEqual({
          id: first,
          object: 'customer',
          email: 'asha@example.org',
          name: 'Asha Rao',
          metadata: { userId: asha.id },
        });
      });
      expect(requests).toHaveLength(2);
      for (const request of requests) {
        expect(request).toMatchObject({ method: 'POST', path: '/v1/customers' });
        expect(request.headers.authorization).toBe(`Bearer ${STUB_SECRET_KEY}`);
        expect(request.headers['idempotency-key']).toBe(`canopy-customer-${asha.id}`);
        expect(request.body).toEqual({
          email: 'asha@example.org',
          name: 'Asha Rao',
          metadata: { userId: asha.id },
        });
      }
    });

    it('starts a subscription checkout for the member’s customer with inline recurring price data', async () => {
      const customerRef = await stripe.createCustomer!(member());
      const request = checkoutRequest({ customerRef });
      let session!: { sessionId: string; url: string };
      const [call, ...more] = await sent(async () => {
        session = await stripe.createSubscriptionCheckout(request);
      });
      expect(more).toEqual([]);
      expect(session.sessionId).toMatch(/^cs_test_stub_\d+$/);
      expect(session.url).toBe(`https://checkout.stripe.test/c/pay/${session.sessionId}`);
      expect(call).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
      expect(call!.headers['idempotency-key']).toBe(
        `canopy-subscription-checkout-${request.donationId}`,
      );
      const ids = { donationId: request.donationId, subscriptionId: request.subscriptionId };
      // Exactly this: no customer_email beside the customer, no payment_intent_data (Stripe
      // refuses both in subscription mode).
      expect(call!.body).toEqual({
        mode: 'subscription',
        client_reference_id: request.donationId,
        metadata: ids,
        subscription_data: { metadata: ids },
        line_items: {
          '0': {
            quantity: '1',
            price_data: {
              currency: 'eur',
              unit_amount: '1500',
              recurring: { interval: 'month' },
              product_data: { name: 'Canopy: 3 trees every month' },
            },
          },
        },
        customer: customerRef,
        success_url: 'https://canopy.test/app/donate-tree/success',
        cancel_url: 'https://canopy.test/app/donate-tree/cancel',
      });
      // Pay now finds it open.
      expect(await stripe.openCheckoutUrl(session.sessionId, request.donationId)).toBe(session.url);
      // A retried create (same donation) answers the same session.
      expect(await stripe.createSubscriptionCheckout(request)).toEqual(session);
    });

    it('gives the address instead when the member has no customer yet (yearly)', async () => {
      const request = checkoutRequest({ interval: 'year', amount: 12000, currency: 'USD' });
      const [call] = await sent(() => stripe.createSubscriptionCheckout(request));
      expect(call!.body).toMatchObject({
        customer_email: 'asha@example.org',
        line_items: {
          '0': {
            price_data: { currency: 'usd', unit_amount: '12000', recurring: { interval: 'year' } },
          },
        },
      });
      expect(call!.body).not.toHaveProperty('customer');
      const withoutEmail = checkoutRequest({ customerEmail: null });
      const [bare] = await sent(() => stripe.createSubscriptionCheckout(withoutEmail));
      expect(bare!.body).not.toHaveProperty('customer');
      expect(bare!.body).not.toHaveProperty('customer_email');
    });

    it('refuses (as Stripe does) a customer Stripe does not know', async () => {
      await expect(
        stripe.createSubscriptionCheckout(checkoutRequest({ customerRef: 'cus_nobody' })),
      ).rejects.toThrow("No such customer: 'cus_nobody'");
    });

    it('changes the amount from the next period: the item’s price, the product’s name, no proration', async () => {
      const { ref, subscription } = await subscribed();
      const item = subscription.items.data[0]!;
      const product = item.price.product;
      const requests = await sent(() =>
        stripe.updateSubscription!(ref, {
          price: {
            amount: 2500,
            currency: 'EUR',
            description: 'Canopy: 5 trees every month',
            interval: 'month',
          },
        }),
      );
      expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        `GET /v1/subscriptions/${ref}`,
        `POST /v1/products/${product}`,
        `POST /v1/subscriptions/${ref}`,
      ]);
      expect(requests[1]!.body).toEqual({ name: 'Canopy: 5 trees every month' });
      expect(requests[2]!.body).toEqual({
        items: {
          '0': {
            id: item.id,
            quantity: '1',
            price_data: {
              currency: 'eur',
              unit_amount: '2500',
              recurring: { interval: 'month' },
              product,
            },
          },
        },
        proration_behavior: 'none',
      });
      expect(stub.subscription(ref)!.items.data[0]!.price).toMatchObject({
        unit_amount: 2500,
        currency: 'eur',
        product,
      });
    });

    it('pauses until a date, resumes, and cancels at the period end, each in one update', async () => {
      const { ref } = await subscribed();
      const until = new Date('2026-06-01T00:00:00Z');
      const [pause] = await sent(() => stripe.updateSubscription!(ref, { pauseUntil: until }));
      expect(pause).toMatchObject({ method: 'POST', path: `/v1/subscriptions/${ref}` });
      expect(pause!.body).toEqual({
        pause_collection: { behavior: 'void', resumes_at: String(until.getTime() / 1000) },
      });
      expect(stub.subscription(ref)!.pause_collection).toEqual({
        behavior: 'void',
        resumes_at: 1780272000,
      });

      const [resume] = await sent(() => stripe.updateSubscription!(ref, { pauseUntil: null }));
      // Stripe clears a field with an empty value.
      expect(resume!.raw).toBe('pause_collection=');
      expect(stub.subscription(ref)!.pause_collection).toBeNull();

      const [cancel] = await sent(() =>
        stripe.updateSubscription!(ref, { cancelAtPeriodEnd: true }),
      );
      expect(cancel!.body).toEqual({ cancel_at_period_end: 'true' });
      expect(stub.subscription(ref)!.cancel_at_period_end).toBe(true);
      const [keep] = await sent(() =>
        stripe.updateSubscription!(ref, { cancelAtPeriodEnd: false, pauseUntil: until }),
      );
      expect(keep!.body).toEqual({
        pause_collection: { behavior: 'void', resumes_at: '1780272000' },
        cancel_at_period_end: 'false',
      });
      expect(stub.subscription(ref)).toMatchObject({
        cancel_at_period_end: false,
        status: 'active',
      });
      // Nothing to change: nothing sent.
      expect(await sent(() => stripe.updateSubscription!(ref, {}))).toEqual([]);
    });

    it('cancels now, and fails loudly for a subscription Stripe does not know', async () => {
      const { ref } = await subscribed();
      const [call] = await sent(() => stripe.cancelSubscription!(ref));
      expect(call).toMatchObject({ method: 'DELETE', path: `/v1/subscriptions/${ref}` });
      expect(stub.subscription(ref)!.status).toBe('canceled');
      await expect(stripe.cancelSubscription!('sub_nobody')).rejects.toThrow(
        "No such subscription: 'sub_nobody'",
      );
      await expect(stripe.updateSubscription!('sub_nobody', { pauseUntil: null })).rejects.toThrow(
        "No such subscription: 'sub_nobody'",
      );
    });

    it('opens the Customer Portal for the member’s customer', async () => {
      const customerRef = await stripe.createCustomer!(member());
      let url = '';
      const [call] = await sent(async () => {
        url = await stripe.portalUrl!(customerRef, 'https://canopy.test/app/settings/billing');
      });
      expect(call).toMatchObject({ method: 'POST', path: '/v1/billing_portal/sessions' });
      expect(call!.body).toEqual({
        customer: customerRef,
        return_url: 'https://canopy.test/app/settings/billing',
      });
      expect(url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_stub_\d+$/);
      await expect(stripe.portalUrl!('cus_nobody', 'https://canopy.test/')).rejects.toThrow(
        "No such customer: 'cus_nobody'",
      );
    });
  });

  describe('events', () => {
    const periodEnd = new Date('2026-04-15T10:00:00Z');
    const invoice = {
      id: 'in_renewal',
      subscriptionRef: 'sub_42',
      subscriptionId: 'rec_42',
      donationId: 'don_first',
      customer: 'cus_42',
      amount: 1500,
      currency: 'eur',
      paymentIntent: 'pi_renewal',
      billingReason: 'subscription_cycle',
      periodEnd,
    };
    const paidRenewal = {
      provider: 'stripe',
      type: 'invoice.paid',
      outcome: 'paid',
      sessionId: null,
      paymentRef: 'pi_renewal',
      donationId: 'don_first',
      amount: 1500,
      currency: 'EUR',
      failureReason: null,
      subscription: {
        ...noFacts,
        id: 'rec_42',
        ref: 'sub_42',
        invoiceRef: 'in_renewal',
        billingReason: 'subscription_cycle',
        periodEnd: '2026-04-15T10:00:00.000Z',
        customerRef: 'cus_42',
      },
    };

    it('reads a paid subscription checkout: the first invoice, the subscription and the customer', async () => {
      const event = verify(
        'checkout.session.completed',
        subscriptionSessionObject(
          'cs_sub',
          { donationId: 'don_1', subscriptionId: 'rec_1' },
          1500,
          {
            currency: 'eur',
          },
        ),
      );
      expect(event).toEqual({
        provider: 'stripe',
        id: expect.stringMatching(/^evt_stub_/),
        type: 'checkout.session.completed',
        outcome: 'paid',
        sessionId: 'cs_sub',
        paymentRef: null,
        donationId: 'don_1',
        amount: 1500,
        currency: 'EUR',
        failureReason: null,
        subscription: {
          ...noFacts,
          id: 'rec_1',
          ref: 'sub_cs_sub',
          invoiceRef: 'in_cs_sub',
          billingReason: 'subscription_create',
          customerRef: 'cus_cs_sub',
        },
      });
      const unpaid = verify(
        'checkout.session.completed',
        subscriptionSessionObject(
          'cs_sub',
          { donationId: 'don_1', subscriptionId: 'rec_1' },
          1500,
          { payment_status: 'unpaid', subscription: null, invoice: null },
        ),
      );
      expect(unpaid).toMatchObject({
        outcome: 'none',
        subscription: { id: 'rec_1', ref: null, invoiceRef: null },
      });
      const expired = verify(
        'checkout.session.expired',
        subscriptionSessionObject('cs_sub', { donationId: 'don_1', subscriptionId: 'rec_1' }, 1500),
      );
      expect(expired).toMatchObject({ outcome: 'expired', donationId: 'don_1' });
    });

    it('keeps a one-off checkout and a refund as before (no subscription facts)', () => {
      const paid = verify('checkout.session.completed', sessionObject('cs_one', 'don_one', 1000));
      expect(paid).toEqual({
        provider: 'stripe',
        id: expect.any(String),
        type: 'checkout.session.completed',
        outcome: 'paid',
        sessionId: 'cs_one',
        paymentRef: 'pi_cs_one',
        donationId: 'don_one',
        amount: 1000,
        currency: 'USD',
        failureReason: null,
      });
      expect(paid).not.toHaveProperty('subscription');
      const refund = verify('charge.refunded', {
        id: 'ch_1',
        object: 'charge',
        amount: 1000,
        currency: 'usd',
        payment_intent: 'pi_cs_one',
        metadata: { donationId: 'don_one' },
        refunded: true,
      });
      expect(refund).toMatchObject({
        outcome: 'refunded',
        paymentRef: 'pi_cs_one',
        donationId: 'don_one',
        amount: 1000,
        currency: 'USD',
      });
      expect(refund).not.toHaveProperty('subscription');
    });

    it('reads invoice.paid in the current shape (parent.subscription_details, payments)', () => {
      expect(verify('invoice.paid', invoiceObject(invoice))).toEqual({
        ...paidRenewal,
        id: expect.any(String),
      });
    });

    it('reads invoice.payment_succeeded in the shape before 2025-03-31 (subscription, payment_intent)', () => {
      const legacy = legacyInvoiceObject(invoice);
      expect(legacy).toMatchObject({ subscription: 'sub_42', payment_intent: 'pi_renewal' });
      expect(legacy).not.toHaveProperty('parent');
      expect(verify('invoice.payment_succeeded', legacy)).toEqual({
        ...paidRenewal,
        id: expect.any(String),
        type: 'invoice.payment_succeeded',
      });
      // An old invoice whose metadata only its line carries still names our gift.
      const { subscription_details: _, ...older } = legacy;
      const lines = older.lines as { data: Array<Record<string, unknown>> };
      lines.data[0]!.metadata = { subscriptionId: 'rec_42', donationId: 'don_first' };
      expect(verify('invoice.paid', older)).toMatchObject({
        donationId: 'don_first',
        subscription: { id: 'rec_42', ref: 'sub_42' },
      });
    });

    it('prefers the paid payment of an invoice that has several', () => {
      const object = invoiceObject(invoice);
      (object.payments as { data: unknown[] }).data = [
        { object: 'invoice_payment', status: 'canceled', payment: { payment_intent: 'pi_old' } },
        {
          object: 'invoice_payment',
          status: 'paid',
          payment: { payment_intent: { id: 'pi_new' } },
        },
      ];
      expect(verify('invoice.paid', object).paymentRef).toBe('pi_new');
    });

    it('tells a retried payment failure from the final one', () => {
      const retry = new Date('2026-04-18T10:00:00Z');
      const failed = verify(
        'invoice.payment_failed',
        invoiceObject({ ...invoice, paid: false, nextPaymentAttempt: retry }),
      );
      expect(failed).toEqual({
        ...paidRenewal,
        id: expect.any(String),
        type: 'invoice.payment_failed',
        outcome: 'failed',
        failureReason: DONATION_MESSAGES.paymentFailed,
        subscription: { ...paidRenewal.subscription, nextAttemptAt: '2026-04-18T10:00:00.000Z' },
      });
      const final = verify(
        'invoice.payment_failed',
        invoiceObject({ ...invoice, paid: false, nextPaymentAttempt: null }),
      );
      expect(final).toMatchObject({ outcome: 'failed', amount: 1500 });
      expect(final.subscription!.nextAttemptAt).toBeNull();
      // The amount is what was due: nothing was paid.
      const partial = invoiceObject({ ...invoice, paid: false, nextPaymentAttempt: retry });
      partial.amount_due = 1700;
      expect(
        verify('invoice.payment_failed', legacyInvoiceObject({ ...invoice, paid: false })),
      ).toMatchObject({
        outcome: 'failed',
        amount: 1500,
      });
      expect(verify('invoice.payment_failed', partial).amount).toBe(1700);
    });

    it('acknowledges an invoice of no subscription as nothing', () => {
      const object = invoiceObject(invoice);
      object.parent = null;
      delete object.lines;
      expect(verify('invoice.paid', object)).toEqual({
        provider: 'stripe',
        id: expect.any(String),
        type: 'invoice.paid',
        outcome: 'none',
        sessionId: null,
        paymentRef: null,
        donationId: null,
        amount: null,
        currency: null,
        failureReason: null,
      });
    });

    it('reads customer.subscription.updated and .deleted (the period on the item, or the old way)', () => {
      const object = subscriptionObject({
        ref: 'sub_42',
        subscriptionId: 'rec_42',
        customer: 'cus_42',
        status: 'past_due',
        cancelAtPeriodEnd: true,
        periodEnd,
      });
      expect(object).not.toHaveProperty('current_period_end');
      expect(verify('customer.subscription.updated', object)).toEqual({
        provider: 'stripe',
        id: expect.any(String),
        type: 'customer.subscription.updated',
        outcome: 'none',
        sessionId: null,
        paymentRef: null,
        donationId: null,
        amount: null,
        currency: null,
        failureReason: null,
        subscription: {
          ...noFacts,
          id: 'rec_42',
          ref: 'sub_42',
          status: 'past_due',
          cancelAtPeriodEnd: true,
          periodEnd: '2026-04-15T10:00:00.000Z',
          customerRef: 'cus_42',
        },
      });
      const deleted = verify('customer.subscription.deleted', { ...object, status: 'active' });
      expect(deleted.subscription).toMatchObject({ status: 'canceled', ref: 'sub_42' });
      // Before basil the period was the subscription's own.
      const legacy = {
        ...object,
        items: { object: 'list', data: [{ id: 'si_1', price: {} }] },
        current_period_end: Date.parse('2026-05-01T00:00:00Z') / 1000,
      };
      expect(verify('customer.subscription.updated', legacy).subscription!.periodEnd).toBe(
        '2026-05-01T00:00:00.000Z',
      );
    });

    it('reads a dispute as taking the payment back', () => {
      expect(
        verify(
          'charge.dispute.created',
          disputeObject({ id: 'dp_1', paymentIntent: 'pi_renewal', amount: 1500, currency: 'eur' }),
        ),
      ).toEqual({
        provider: 'stripe',
        id: expect.any(String),
        type: 'charge.dispute.created',
        outcome: 'disputed',
        sessionId: null,
        paymentRef: 'pi_renewal',
        donationId: null,
        amount: 1500,
        currency: 'EUR',
        failureReason: null,
      });
      // Other dispute news moves nothing.
      expect(
        verify('charge.dispute.closed', disputeObject({ paymentIntent: 'pi_1', amount: 1 })),
      ).toMatchObject({ outcome: 'none', paymentRef: null });
      expect(verify('invoice.created', invoiceObject(invoice))).not.toHaveProperty('subscription');
    });

    it('never throws on a readable event that lacks optional fields or shapes them oddly', () => {
      const odd = [
        [
          'invoice.paid',
          { id: 'in_x', parent: { subscription_details: { subscription: 'sub_x' } } },
        ],
        [
          'invoice.payment_failed',
          {
            id: 'in_y',
            subscription: 'sub_y',
            lines: 'not a list',
            payments: { data: 'none' },
            next_payment_attempt: 'soon',
            amount_due: '12',
          },
        ],
        ['customer.subscription.updated', { id: 'sub_z', items: { data: [null] }, metadata: 7 }],
        [
          'customer.subscription.deleted',
          { id: 'sub_z', current_period_end: 1e20, cancel_at_period_end: 'yes' },
        ],
        ['charge.dispute.created', { id: 'dp_x' }],
        ['checkout.session.completed', { id: 'cs_x', mode: 'subscription', metadata: null }],
      ] as const;
      const events = odd.map(([type, object]) => verify(type, object));
      expect(events.map((e) => e.outcome)).toEqual([
        'paid',
        'failed',
        'none',
        'none',
        'disputed',
        'none',
      ]);
      expect(events[0]).toMatchObject({
        paymentRef: null,
        amount: null,
        currency: null,
        subscription: { ...noFacts, ref: 'sub_x', invoiceRef: 'in_x' },
      });
      expect(events[1]).toMatchObject({
        amount: null,
        subscription: { ...noFacts, ref: 'sub_y', invoiceRef: 'in_y' },
      });
      expect(events[2]!.subscription).toEqual({ ...noFacts, ref: 'sub_z' });
      expect(events[3]!.subscription).toEqual({ ...noFacts, ref: 'sub_z', status: 'canceled' });
      expect(events[5]!.subscription).toEqual({
        ...noFacts,
        billingReason: 'subscription_create',
      });
      // A signed body that is no event at all is still refused.
      expect(() => verify('invoice.paid', null)).toThrow('not a Stripe event');
    });

    it('renews as Stripe does: on the anchor day, voided while paused, ended at the period end', async () => {
      const customerRef = await stripe.createCustomer!(member());
      const { sessionId } = await stripe.createSubscriptionCheckout(
        checkoutRequest({ customerRef }),
      );
      const { subscription } = stub.completeSubscriptionCheckout(sessionId, {
        now: new Date('2027-01-31T09:00:00Z'),
      });
      const ref = subscription.id;
      const ends = () =>
        new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString();
      expect(ends()).toBe('2027-02-28T09:00:00.000Z');
      expect(verify('invoice.paid', stub.renew(ref)).subscription!.periodEnd).toBe(
        '2027-03-31T09:00:00.000Z',
      );
      await stripe.updateSubscription!(ref, { pauseUntil: new Date('2027-04-30T00:00:00Z') });
      const skipped = stub.renew(ref);
      expect(skipped).toMatchObject({ status: 'void', amount_paid: 0 });
      expect(ends()).toBe('2027-04-30T09:00:00.000Z');
      // The pause ran out as this period started: charged again, the pause cleared.
      expect(stub.renew(ref)).toMatchObject({ status: 'paid', amount_paid: 1500 });
      expect(subscription.pause_collection).toBeNull();
      expect(ends()).toBe('2027-05-31T09:00:00.000Z');

      await stripe.updateSubscription!(ref, { cancelAtPeriodEnd: true });
      expect(() => stub.renew(ref)).toThrow('Stripe does not renew');
      const ended = verify('customer.subscription.deleted', { ...stub.endPeriod(ref) });
      expect(ended.subscription).toMatchObject({
        status: 'canceled',
        cancelAtPeriodEnd: true,
        periodEnd: '2027-05-31T09:00:00.000Z',
      });
      expect(subscription).toMatchObject({
        status: 'canceled',
        ended_at: Date.parse('2027-05-31T09:00:00Z') / 1000,
      });
    });

    it('finds the PaymentIntent of an invoice whose event does not name it, and the invoice of a payment', async () => {
      const { invoice: first, ref } = await subscribed();
      const renewal = stub.renew(ref);
      const intent = `pi_${renewal.id as string}`;
      // Current webhooks leave `payments` out unless expanded.
      const event = verify('invoice.paid', withoutPayments(renewal));
      expect(event).toMatchObject({ outcome: 'paid', paymentRef: null, amount: 1500 });
      const requests = await sent(async () => {
        expect(await stripe.invoicePaymentRef(renewal.id as string)).toBe(intent);
        expect(await stripe.invoiceOfPayment(intent)).toBe(renewal.id);
        expect(await stripe.invoiceOfPayment(`pi_${first.id as string}`)).toBe(first.id);
        expect(await stripe.invoiceOfPayment('pi_one_off')).toBeNull();
      });
      expect(requests[0]).toMatchObject({
        method: 'GET',
        path: '/v1/invoice_payments',
        query: { invoice: renewal.id, status: 'paid', limit: '1' },
      });
      expect(requests[1]!.query).toEqual({
        payment: { type: 'payment_intent', payment_intent: intent },
        limit: '1',
      });
      // An invoice not paid yet has no paid payment.
      const failing = stub.renew(ref, { paid: false, nextPaymentAttempt: new Date() });
      expect(await stripe.invoicePaymentRef(failing.id as string)).toBeNull();
      stub.payInvoice(failing.id as string);
      expect(await stripe.invoicePaymentRef(failing.id as string)).toBe(
        `pi_${failing.id as string}`,
      );
      // An invoice built apart is found once the stub keeps it.
      const apart = invoiceObject({ ...invoice, id: 'in_apart', paymentIntent: 'pi_apart' });
      expect(await stripe.invoicePaymentRef('in_apart')).toBeNull();
      stub.rememberInvoice(apart);
      expect(await stripe.invoicePaymentRef('in_apart')).toBe('pi_apart');
    });

    it('reads the events of a subscription the stub made, through its renewals and failures', async () => {
      const { session, invoice: first, request, customerRef, ref } = await subscribed();
      const started = verify('checkout.session.completed', session);
      expect(started).toMatchObject({
        outcome: 'paid',
        sessionId: session.id,
        donationId: request.donationId,
        amount: 1500,
        currency: 'EUR',
        subscription: {
          id: request.subscriptionId,
          ref,
          invoiceRef: first.id,
          billingReason: 'subscription_create',
          customerRef,
        },
      });
      expect(verify('invoice.paid', first)).toMatchObject({
        outcome: 'paid',
        paymentRef: `pi_${first.id as string}`,
        donationId: request.donationId,
        amount: 1500,
        currency: 'EUR',
        subscription: {
          id: request.subscriptionId,
          ref,
          invoiceRef: first.id,
          billingReason: 'subscription_create',
          periodEnd: '2026-04-15T10:00:00.000Z',
          customerRef,
        },
      });
      const second = verify('invoice.paid', stub.renew(ref));
      expect(second.subscription).toMatchObject({
        billingReason: 'subscription_cycle',
        periodEnd: '2026-05-15T10:00:00.000Z',
      });
      expect(second.subscription!.invoiceRef).not.toBe(first.id);

      const retry = new Date('2026-05-18T10:00:00Z');
      const failing = stub.renew(ref, { paid: false, nextPaymentAttempt: retry });
      expect(stub.subscription(ref)!.status).toBe('past_due');
      expect(verify('invoice.payment_failed', failing)).toMatchObject({
        outcome: 'failed',
        amount: 1500,
        subscription: {
          invoiceRef: failing.id,
          periodEnd: '2026-06-15T10:00:00.000Z',
          nextAttemptAt: '2026-05-18T10:00:00.000Z',
        },
      });
      // Paid on Stripe's retry: the same invoice.
      const recovered = verify('invoice.paid', stub.payInvoice(failing.id as string));
      expect(recovered).toMatchObject({
        outcome: 'paid',
        subscription: { invoiceRef: failing.id, nextAttemptAt: null },
      });
      expect(stub.subscription(ref)!.status).toBe('active');

      const last = stub.renew(ref, { paid: false, nextPaymentAttempt: retry });
      const final = verify(
        'invoice.payment_failed',
        stub.failInvoice(last.id as string, { nextPaymentAttempt: null }),
      );
      expect(final.subscription).toMatchObject({ invoiceRef: last.id, nextAttemptAt: null });
      expect(last.attempt_count).toBe(2);
      expect(stub.subscription(ref)!.status).toBe('canceled');
      const ended = verify('customer.subscription.deleted', { ...stub.subscription(ref)! });
      expect(ended.subscription).toMatchObject({
        id: request.subscriptionId,
        ref,
        status: 'canceled',
        periodEnd: '2026-07-15T10:00:00.000Z',
        customerRef,
      });
    });
  });
});
