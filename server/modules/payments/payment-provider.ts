import type { Config } from '../../config';
import { stripeProvider } from './stripe-provider';
import { testProvider } from './test-provider';

/** What a checkout charges: always the server's amount, never one the browser sent. */
export interface CheckoutRequest {
  donationId: string;
  /** Integer minor units. */
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** The one line item's name, e.g. `12 trees for "Riverbank planting"`. */
  description: string;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  sessionId: string;
  /** Where the browser goes to pay. */
  url: string;
}

/** What a provider event asks of a donation; 'none' is acknowledged and changes nothing. */
export type PaymentOutcome = 'paid' | 'failed' | 'expired' | 'refunded' | 'none';

/**
 * A provider event in the provider's own words reduced to what fulfilment needs. Stripe's webhook
 * and the built-in test provider both produce these, and one `fulfil` handles them.
 */
export interface PaymentEvent {
  provider: 'stripe' | 'test';
  /** The provider's event id: each is handled once. */
  id: string;
  /** The provider's event type, e.g. `checkout.session.completed` (kept for the audit trail). */
  type: string;
  outcome: PaymentOutcome;
  /** The checkout session the event is about (null for refunds, which name the payment). */
  sessionId: string | null;
  /** The provider's payment (Stripe: the PaymentIntent). */
  paymentRef: string | null;
  /** The donation id the checkout carried in its metadata. */
  donationId: string | null;
  /** What the provider says was charged (minor units, upper-case ISO code); null when unsaid. */
  amount: number | null;
  currency: string | null;
  /** Why a payment failed, in words for the donor. */
  failureReason: string | null;
}

/** One port, two implementations: Stripe Checkout, or the built-in test checkout. */
export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  /** True when no real card is charged (the built-in test provider). */
  readonly testMode: boolean;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Where to pay an earlier checkout while it is still open (Pay now), or null when it is not
   * (paid, expired, unknown): then a new checkout is started.
   */
  openCheckoutUrl(sessionId: string, donationId: string): Promise<string | null>;
  /**
   * Checks a webhook's signature on the exact bytes received and reads the event; throws
   * `WebhookSignatureError` for a bad or stale signature (older than 5 minutes at `nowMs`, the
   * injected clock in milliseconds). Only providers that send webhooks.
   */
  verifyWebhook?(rawBody: Buffer, signature: string | undefined, nowMs: number): PaymentEvent;
}

export class WebhookSignatureError extends Error {}

/** Stripe when STRIPE_SECRET_KEY is set, the built-in test provider otherwise. */
export function paymentProviderFromConfig(config: Config): PaymentProvider {
  const { secretKey, webhookSecret, apiBase } = config.stripe;
  if (secretKey) {
    if (!webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY');
    return stripeProvider({ secretKey, webhookSecret, apiBase });
  }
  return testProvider();
}
