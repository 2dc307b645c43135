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

/** Issue 22: the first period of a recurring gift, paid in a checkout that starts the subscription. */
export interface SubscriptionCheckoutRequest extends CheckoutRequest {
  /** Our recurring gift's id: the provider's subscription carries it in its metadata. */
  subscriptionId: string;
  interval: 'month' | 'year';
  /** The member's customer at the provider (made once by `createCustomer`), null for none. */
  customerRef: string | null;
}

/** What a donor changes of a recurring gift at the provider. */
export interface SubscriptionChange {
  /** A new amount per period, charged from the next period on (no proration). */
  price?: { amount: number; currency: string; description: string; interval: 'month' | 'year' };
  /** Nothing is charged before this time; null resumes collection. */
  pauseUntil?: Date | null;
  /** True: it ends when the paid period ends; false: it goes on. */
  cancelAtPeriodEnd?: boolean;
}

export interface CheckoutSession {
  sessionId: string;
  /** Where the browser goes to pay. */
  url: string;
}

/** What a provider event asks of a donation; 'none' is acknowledged and changes nothing. */
export type PaymentOutcome = 'paid' | 'failed' | 'expired' | 'refunded' | 'disputed' | 'none';

/**
 * Issue 22: what an event says of a recurring gift (Stripe's invoice.*, customer.subscription.*,
 * and a subscription checkout's completion; the test provider's renewals).
 */
export interface SubscriptionFacts {
  /** Our recurring gift's id, from the subscription's metadata; null when the event lacks it. */
  id: string | null;
  /** The provider's subscription id. */
  ref: string | null;
  /** The invoice the event is about: one paid invoice is one donation. */
  invoiceRef: string | null;
  /** Stripe's `billing_reason`: `subscription_create` for the first invoice. */
  billingReason: string | null;
  /** When the paid period ends (the next charge), ISO; null when unsaid. */
  periodEnd: string | null;
  /** customer.subscription.*: the provider's status (active, past_due, canceled, paused, …). */
  status: string | null;
  cancelAtPeriodEnd: boolean | null;
  /** invoice.payment_failed: when the provider tries again; null after the final attempt. */
  nextAttemptAt: string | null;
  /** The member's customer at the provider. */
  customerRef: string | null;
}

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
  /** Present when the event is about a recurring gift (issue 22). */
  subscription?: SubscriptionFacts;
  /**
   * The invoice a refunded or disputed payment paid, when no donation knows the payment (a
   * subscription's payment whose invoice event did not name it): the donation is then found by
   * its invoice. Filled by the webhook from `invoiceOfPayment`, never by `verifyWebhook`.
   */
  paymentInvoiceRef?: string | null;
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
  /** Issue 22: the first period's checkout, which starts a monthly or yearly subscription. */
  createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<CheckoutSession>;
  /**
   * The member's customer at the provider, made once per member and reused (Stripe); providers
   * without customers (the test provider) leave it out.
   */
  createCustomer?(member: { id: string; email: string; name: string }): Promise<string>;
  /** Changes a subscription at the provider (amount, pause, cancel at period end). */
  updateSubscription?(ref: string, change: SubscriptionChange): Promise<void>;
  /** Ends a subscription at the provider now. */
  cancelSubscription?(ref: string): Promise<void>;
  /** The provider's page where the member manages cards and invoices (Stripe's Customer Portal). */
  portalUrl?(customerRef: string, returnUrl: string): Promise<string>;
  /**
   * The payment (Stripe: PaymentIntent) that paid an invoice, or null. Since Stripe's API version
   * basil an invoice event names no payment, so the webhook asks this before fulfilling.
   */
  invoicePaymentRef?(invoiceRef: string): Promise<string | null>;
  /** The invoice a payment paid, or null (a one-off checkout's payment): for refunds and disputes. */
  invoiceOfPayment?(paymentRef: string): Promise<string | null>;
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
