import Stripe from 'stripe';
import { DONATION_MESSAGES } from '../../../contract/donations';
import {
  WebhookSignatureError,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentOutcome,
  type PaymentProvider,
  type SubscriptionChange,
  type SubscriptionCheckoutRequest,
  type SubscriptionFacts,
} from './payment-provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another address for the API (a local stub in tests). */
  apiBase?: string | undefined;
}

/** The SDK's host/port/protocol options from an address such as `http://127.0.0.1:12111`. */
function addressOptions(apiBase: string | undefined) {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? '80' : '443'),
    protocol,
  } as const;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * Lookups the webhook cannot answer alone. Since API version 2025-03-31 (basil) an invoice event
 * no longer names its PaymentIntent (`payments` is only there when expanded through the API), and
 * a charge or PaymentIntent no longer names its invoice: these ask Stripe's invoice payments.
 */
export interface StripeInvoiceLookups {
  /** The PaymentIntent that paid an invoice, or null (unpaid, or paid otherwise). */
  invoicePaymentRef(invoiceRef: string): Promise<string | null>;
  /** The invoice a PaymentIntent paid, or null (a one-off checkout's payment). */
  invoiceOfPayment(paymentRef: string): Promise<string | null>;
}

/** Stripe Checkout: one session per donation, fulfilled by signed webhooks. */
export function stripeProvider(settings: StripeSettings): PaymentProvider & StripeInvoiceLookups {
  const stripe = new Stripe(settings.secretKey, {
    ...addressOptions(settings.apiBase),
    // Retries reuse the idempotency key, so a retried create never makes a second session.
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
  });

  return {
    name: 'stripe',
    testMode: false,

    async createCheckout(request: CheckoutRequest) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.donationId,
          metadata: { donationId: request.donationId },
          // The payment carries the donation too, so a refund names it.
          payment_intent_data: { metadata: { donationId: request.donationId } },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amount,
                product_data: { name: request.description },
              },
            },
          ],
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: `canopy-checkout-${request.donationId}` },
      );
      if (!session.url) throw new Error(`Stripe session ${session.id} has no url`);
      return { sessionId: session.id, url: session.url };
    },

    async createSubscriptionCheckout(request: SubscriptionCheckoutRequest) {
      const ids = { donationId: request.donationId, subscriptionId: request.subscriptionId };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          client_reference_id: request.donationId,
          metadata: ids,
          // Every invoice and subscription event then names our recurring gift.
          subscription_data: { metadata: ids },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amount,
                recurring: { interval: request.interval },
                product_data: { name: request.description },
              },
            },
          ],
          // Stripe takes one or the other: the member's customer, else an address for a new one.
          ...(request.customerRef
            ? { customer: request.customerRef }
            : request.customerEmail
              ? { customer_email: request.customerEmail }
              : {}),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: `canopy-subscription-checkout-${request.donationId}` },
      );
      if (!session.url) throw new Error(`Stripe session ${session.id} has no url`);
      return { sessionId: session.id, url: session.url };
    },

    async createCustomer(member) {
      const customer = await stripe.customers.create(
        { email: member.email, name: member.name, metadata: { userId: member.id } },
        { idempotencyKey: `canopy-customer-${member.id}` },
      );
      return customer.id;
    },

    async updateSubscription(ref: string, change: SubscriptionChange) {
      const params: Stripe.SubscriptionUpdateParams = {};
      if (change.price) {
        const { price } = change;
        // A subscription item's inline price names an existing product: the one its checkout made.
        const subscription = await stripe.subscriptions.retrieve(ref);
        const item = subscription.items.data[0];
        const product = idOf(item?.price.product);
        if (!item || !product) throw new Error(`Stripe subscription ${ref} has no priced item`);
        // The product was made for this gift alone: its name is what invoices and the portal show.
        await stripe.products.update(product, { name: price.description });
        params.items = [
          {
            id: item.id,
            quantity: 1,
            price_data: {
              currency: price.currency.toLowerCase(),
              unit_amount: price.amount,
              recurring: { interval: price.interval },
              product,
            },
          },
        ];
        // From the next period on: nothing charged or credited for the one under way.
        params.proration_behavior = 'none';
      }
      if (change.pauseUntil !== undefined)
        params.pause_collection =
          change.pauseUntil === null
            ? '' // Stripe clears a pause with an empty value.
            : { behavior: 'void', resumes_at: Math.floor(change.pauseUntil.getTime() / 1000) };
      if (change.cancelAtPeriodEnd !== undefined)
        params.cancel_at_period_end = change.cancelAtPeriodEnd;
      if (Object.keys(params).length === 0) return;
      await stripe.subscriptions.update(ref, params);
    },

    async cancelSubscription(ref: string) {
      try {
        await stripe.subscriptions.cancel(ref);
      } catch (error) {
        // Stripe answers 404 for a subscription already canceled (by its own dunning after the
        // final failed payment, or by the donor in the Customer Portal): that end is what we want.
        // One Stripe does not know at all still fails.
        if (!(error instanceof Stripe.errors.StripeError) || error.statusCode !== 404) throw error;
        const subscription = await stripe.subscriptions.retrieve(ref).catch(() => null);
        if (subscription?.status !== 'canceled') throw error;
      }
    },

    async portalUrl(customerRef: string, returnUrl: string) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerRef,
        return_url: returnUrl,
      });
      return session.url;
    },

    async invoicePaymentRef(invoiceRef: string) {
      const { data } = await stripe.invoicePayments.list({
        invoice: invoiceRef,
        status: 'paid',
        limit: 1,
      });
      return refOf(data[0]?.payment.payment_intent);
    },

    async invoiceOfPayment(paymentRef: string) {
      const { data } = await stripe.invoicePayments.list({
        payment: { type: 'payment_intent', payment_intent: paymentRef },
        limit: 1,
      });
      return refOf(data[0]?.invoice);
    },

    async openCheckoutUrl(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      return session.status === 'open' && session.url ? session.url : null;
    },

    verifyWebhook(rawBody, signature, nowMs) {
      try {
        const event = stripe.webhooks.constructEvent(
          rawBody,
          signature ?? '',
          settings.webhookSecret,
          undefined,
          undefined,
          // The SDK's receivedAt is in milliseconds (it divides by 1000 itself).
          nowMs,
        );
        // A signed body that is not a readable event is refused like a bad signature (never a 500).
        return toPaymentEvent(event);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
      }
    },
  };
}

type Fields = Record<string, unknown>;

/** Readers that never throw: an event's optional parts may be missing or shaped another way. */
const fields = (value: unknown): Fields | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : null;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const whole = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
/** An expandable field: an id, or the object with its id. */
const refOf = (value: unknown): string | null => text(value) ?? text(fields(value)?.id);
const firstOf = (list: unknown): Fields | null => {
  const data = fields(list)?.data;
  return Array.isArray(data) ? fields(data[0]) : null;
};
/** Unix seconds → ISO; null for anything else (or a date out of range). */
function isoOf(seconds: unknown): string | null {
  const n = whole(seconds);
  if (n === null) return null;
  const date = new Date(n * 1000);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
const upper = (value: unknown) => text(value)?.toUpperCase() ?? null;

const noFacts: SubscriptionFacts = {
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

/**
 * An invoice's subscription, in the shape of either API version: since 2025-03-31 (basil) under
 * `parent.subscription_details`, before it `invoice.subscription` and `invoice.subscription_details`.
 */
function invoiceSubscription(invoice: Fields) {
  const details =
    fields(fields(invoice.parent)?.subscription_details) ?? fields(invoice.subscription_details);
  const line = firstOf(invoice.lines);
  const lineDetails = fields(fields(line?.parent)?.subscription_item_details);
  const metadata =
    fields(details?.metadata) ??
    // Older invoices: a subscription line carries its subscription's metadata.
    (text(fields(line?.metadata)?.subscriptionId) ? fields(line?.metadata) : null);
  return {
    ref:
      refOf(details?.subscription) ??
      refOf(invoice.subscription) ??
      refOf(lineDetails?.subscription) ??
      refOf(line?.subscription),
    metadata,
    periodEnd: isoOf(fields(line?.period)?.end),
  };
}

/** The invoice's PaymentIntent: `payment_intent` before basil, its paid `payments` since. */
function invoicePaymentIntent(invoice: Fields): string | null {
  const direct = refOf(invoice.payment_intent);
  if (direct) return direct;
  const payments = fields(invoice.payments)?.data;
  if (!Array.isArray(payments)) return null;
  const intents = payments
    .map(fields)
    .filter((p): p is Fields => p !== null)
    .map((p) => ({ status: text(p.status), intent: refOf(fields(p.payment)?.payment_intent) }))
    .filter((p) => p.intent !== null);
  return (intents.find((p) => p.status === 'paid') ?? intents[0])?.intent ?? null;
}

/** The few Stripe events that move a donation; every other one is acknowledged as 'none'. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const object: unknown = event?.data?.object;
  if (
    typeof event.id !== 'string' ||
    typeof event.type !== 'string' ||
    !object ||
    typeof object !== 'object'
  )
    throw new Error('not a Stripe event (id, type and data.object are required)');
  const base = {
    provider: 'stripe' as const,
    id: event.id,
    type: event.type,
    outcome: 'none' as PaymentOutcome,
    sessionId: null,
    paymentRef: null,
    donationId: null,
    amount: null,
    currency: null,
    failureReason: null,
  };
  const type: string = event.type;
  const o = object as Fields;
  if (type.startsWith('checkout.session.')) {
    const session = event.data.object as Stripe.Checkout.Session;
    const outcomes: Record<string, PaymentOutcome> = {
      'checkout.session.completed': session.payment_status === 'paid' ? 'paid' : 'none',
      'checkout.session.async_payment_succeeded': 'paid',
      'checkout.session.async_payment_failed': 'failed',
      'checkout.session.expired': 'expired',
    };
    const outcome = outcomes[type] ?? 'none';
    const metadata = fields(o.metadata);
    return {
      ...base,
      outcome,
      sessionId: text(o.id),
      paymentRef: refOf(o.payment_intent),
      donationId: text(metadata?.donationId) ?? text(o.client_reference_id),
      amount: whole(o.amount_total),
      currency: upper(o.currency),
      failureReason: outcome === 'failed' ? DONATION_MESSAGES.paymentFailed : null,
      // The first period of a recurring gift: its invoice is paid with the checkout.
      ...(o.mode === 'subscription'
        ? {
            subscription: {
              ...noFacts,
              id: text(metadata?.subscriptionId),
              ref: refOf(o.subscription),
              invoiceRef: refOf(o.invoice),
              billingReason: 'subscription_create',
              customerRef: refOf(o.customer),
            },
          }
        : {}),
    };
  }
  if (type === 'charge.refunded') {
    return {
      ...base,
      // A partial refund leaves the donation paid; only a full refund moves it.
      outcome: o.refunded === true ? 'refunded' : 'none',
      paymentRef: refOf(o.payment_intent),
      donationId: text(fields(o.metadata)?.donationId),
      amount: whole(o.amount),
      currency: upper(o.currency),
    };
  }
  if (type === 'charge.dispute.created') {
    return {
      ...base,
      outcome: 'disputed',
      paymentRef: refOf(o.payment_intent),
      amount: whole(o.amount),
      currency: upper(o.currency),
    };
  }
  if (
    type === 'invoice.paid' ||
    type === 'invoice.payment_succeeded' ||
    type === 'invoice.payment_failed'
  ) {
    const subscription = invoiceSubscription(o);
    const id = text(subscription.metadata?.subscriptionId);
    // Only invoices of a subscription are ours (Canopy makes no other invoices).
    if (!subscription.ref && !id) return base;
    const failed = type === 'invoice.payment_failed';
    return {
      ...base,
      outcome: failed ? 'failed' : 'paid',
      paymentRef: invoicePaymentIntent(o),
      donationId: text(subscription.metadata?.donationId),
      amount: whole(failed ? o.amount_due : o.amount_paid),
      currency: upper(o.currency),
      failureReason: failed ? DONATION_MESSAGES.paymentFailed : null,
      subscription: {
        ...noFacts,
        id,
        ref: subscription.ref,
        invoiceRef: text(o.id),
        billingReason: text(o.billing_reason),
        periodEnd: subscription.periodEnd,
        // No next attempt after a failure: Stripe has given up (the final failure).
        nextAttemptAt: failed ? isoOf(o.next_payment_attempt) : null,
        customerRef: refOf(o.customer),
      },
    };
  }
  if (type === 'customer.subscription.updated' || type === 'customer.subscription.deleted') {
    const item = firstOf(o.items);
    return {
      ...base,
      subscription: {
        ...noFacts,
        id: text(fields(o.metadata)?.subscriptionId),
        ref: text(o.id),
        status: type === 'customer.subscription.deleted' ? 'canceled' : text(o.status),
        cancelAtPeriodEnd:
          typeof o.cancel_at_period_end === 'boolean' ? o.cancel_at_period_end : null,
        // Since basil the period is the item's; before, the subscription's.
        periodEnd: isoOf(item?.current_period_end) ?? isoOf(o.current_period_end),
        customerRef: refOf(o.customer),
      },
    };
  }
  return base;
}
