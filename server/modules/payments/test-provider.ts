import { DONATION_MESSAGES, TEST_CARDS } from '../../../contract/donations';
import { fieldError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { PaymentEvent, PaymentProvider } from './payment-provider';

/** The built-in test checkout: a page of ours that takes one of the test cards; nothing is charged. */
export function testProvider(): PaymentProvider {
  return {
    name: 'test',
    testMode: true,
    async createCheckout(request) {
      return {
        sessionId: `cs_test_${newId()}`,
        url: testCheckoutUrl(request.donationId),
      };
    },
    // A recurring gift's first period is paid on the same card page; renewals are a scheduled job.
    async createSubscriptionCheckout(request) {
      return { sessionId: `cs_test_${newId()}`, url: testCheckoutUrl(request.donationId) };
    },
    // The test card page takes any pending donation: its checkout stays open until it expires.
    async openCheckoutUrl(_sessionId, donationId) {
      return testCheckoutUrl(donationId);
    },
  };
}

const testCheckoutUrl = (donationId: string) =>
  `/app/checkout-tree?donation=${encodeURIComponent(donationId)}`;

/** What a test card does: pays, or fails with the reason the donor is told. */
export function testCardResult(
  cardNumber: string,
): { paid: true } | { paid: false; reason: string } {
  if (cardNumber === TEST_CARDS.pays) return { paid: true };
  if (cardNumber === TEST_CARDS.declined)
    return { paid: false, reason: DONATION_MESSAGES.cardDeclined };
  if (cardNumber === TEST_CARDS.insufficientFunds)
    return { paid: false, reason: DONATION_MESSAGES.insufficientFunds };
  throw fieldError('cardNumber', DONATION_MESSAGES.cardUnknown);
}

/** A card is valid through the last day of its expiry month (`MM/YY`). */
export function checkExpiry(expiry: string, now: Date): void {
  const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
  const firstDayAfter = Date.UTC(2000 + year!, month!, 1);
  if (firstDayAfter <= now.getTime()) throw fieldError('expiry', DONATION_MESSAGES.expiryPast);
}

/**
 * The provider event a test payment produces, shaped like Stripe's: a completed, paid checkout, or
 * a failed one carrying the decline reason. It goes through the same fulfilment as a webhook.
 */
export function testPaymentEvent(
  donation: {
    id: string;
    checkout_session_id: string | null;
    amount_minor: number;
    currency: string;
  },
  result: { paid: true } | { paid: false; reason: string },
): PaymentEvent {
  return {
    provider: 'test',
    id: `evt_test_${newId()}`,
    type: result.paid ? 'checkout.session.completed' : 'checkout.session.async_payment_failed',
    outcome: result.paid ? 'paid' : 'failed',
    sessionId: donation.checkout_session_id,
    paymentRef: result.paid ? `pi_test_${newId()}` : null,
    donationId: donation.id,
    amount: donation.amount_minor,
    currency: donation.currency,
    failureReason: result.paid ? null : result.reason,
  };
}

/**
 * Test mode's refund or dispute of a paid donation, shaped like Stripe's `charge.refunded` and
 * `charge.dispute.created`: it names the payment, and goes through the same fulfilment.
 */
export function testReversalEvent(
  donation: {
    id: string;
    payment_ref: string | null;
    amount_minor: number;
    currency: string;
  },
  reason: 'refund' | 'dispute',
): PaymentEvent {
  const dispute = reason === 'dispute';
  return {
    provider: 'test',
    id: `evt_test_${newId()}`,
    type: dispute ? 'charge.dispute.created' : 'charge.refunded',
    outcome: dispute ? 'disputed' : 'refunded',
    sessionId: null,
    paymentRef: donation.payment_ref,
    donationId: donation.id,
    amount: donation.amount_minor,
    currency: donation.currency,
    failureReason: null,
  };
}
