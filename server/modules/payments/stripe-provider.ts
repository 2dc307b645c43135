import Stripe from 'stripe';
import { DONATION_MESSAGES } from '../../../contract/donations';
import {
  WebhookSignatureError,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentOutcome,
  type PaymentProvider,
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

/** Stripe Checkout: one session per donation, fulfilled by signed webhooks. */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
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

    // Issue 22: built by the Stripe subscriptions work (placeholder until it lands).
    async createSubscriptionCheckout() {
      throw new Error('Stripe subscriptions are not built yet');
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
  const base = { provider: 'stripe' as const, id: event.id, type: event.type };
  if (event.type.startsWith('checkout.session.')) {
    const session = event.data.object as Stripe.Checkout.Session;
    const outcomes: Record<string, PaymentOutcome> = {
      'checkout.session.completed': session.payment_status === 'paid' ? 'paid' : 'none',
      'checkout.session.async_payment_succeeded': 'paid',
      'checkout.session.async_payment_failed': 'failed',
      'checkout.session.expired': 'expired',
    };
    const outcome = outcomes[event.type] ?? 'none';
    return {
      ...base,
      outcome,
      sessionId: session.id,
      paymentRef: idOf(session.payment_intent),
      donationId: session.metadata?.donationId ?? session.client_reference_id ?? null,
      amount: session.amount_total,
      currency: session.currency?.toUpperCase() ?? null,
      failureReason: outcome === 'failed' ? DONATION_MESSAGES.paymentFailed : null,
    };
  }
  if (event.type === 'charge.refunded') {
    const charge = event.data.object as Stripe.Charge;
    return {
      ...base,
      // A partial refund leaves the donation paid; only a full refund moves it.
      outcome: charge.refunded ? 'refunded' : 'none',
      sessionId: null,
      paymentRef: idOf(charge.payment_intent),
      donationId: charge.metadata?.donationId ?? null,
      amount: charge.amount,
      currency: charge.currency?.toUpperCase() ?? null,
      failureReason: null,
    };
  }
  return {
    ...base,
    outcome: 'none',
    sessionId: null,
    paymentRef: null,
    donationId: null,
    amount: null,
    currency: null,
    failureReason: null,
  };
}
