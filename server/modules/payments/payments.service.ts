import {
  DONATION_MESSAGES,
  type TestPaymentRequest,
  type TestReversalRequest,
} from '../../../contract/donations';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { Log } from '../../lib/log';
import type { SessionUser } from '../auth/auth.service';
import type { FulfilmentResult } from '../donations/donation-fulfilment';
import type { ServiceRegistry } from '../module';
import { WebhookSignatureError, type PaymentEvent, type PaymentProvider } from './payment-provider';
import type { paymentsRepository } from './payments.repository';
import { checkExpiry, testCardResult, testPaymentEvent, testReversalEvent } from './test-provider';

export interface PaymentsServiceDeps {
  uow: UnitOfWork;
  repo: typeof paymentsRepository;
  clock: Clock;
  provider: PaymentProvider;
  donations: Pick<
    ServiceRegistry['donations'],
    'applyPaymentEvent' | 'requireOwned' | 'recurring' | 'knowsPayment'
  >;
  log: Log;
}

export type FulfilResult = FulfilmentResult & { duplicate: boolean };

/** Batches of due test-mode renewals one scheduled pass fulfils (each batch up to 100 gifts). */
const RENEWAL_BATCHES_PER_RUN = 20;

export const WEBHOOK_MESSAGES = {
  badSignature: 'The webhook signature is missing, wrong or too old.',
  stripeOff: 'Stripe payments are not enabled on this server.',
  lookupFailed: 'Stripe could not be asked about this event; it will be delivered again.',
} as const;

export function paymentsService(deps: PaymentsServiceDeps) {
  const { uow, clock, provider, donations, log } = deps;

  /**
   * The one fulfilment path, for Stripe's webhook and the test provider alike: in one transaction
   * the event id is recorded (a repeat is acknowledged and ignored) and the donation moves on.
   */
  async function fulfil(event: PaymentEvent): Promise<FulfilResult> {
    return uow.withTransaction(async (tx) => {
      const repo = deps.repo(tx.db);
      const first = await repo.recordEvent({
        provider: event.provider,
        event_id: event.id,
        type: event.type,
        donation_id: null,
        outcome: 'ignored',
        received_at: clock.now().toISOString(),
      });
      if (!first) {
        log.info({ event: event.id, type: event.type }, 'payment event already handled');
        return {
          duplicate: true,
          outcome: 'ignored',
          donationId: null,
          status: null,
          failureReason: null,
        };
      }
      const result = await donations.applyPaymentEvent(event, tx);
      await repo.setOutcome(event.provider, event.id, result.outcome, result.donationId);
      return { ...result, duplicate: false };
    });
  }

  /**
   * What an event leaves for the provider to say (issue 22), asked before `fulfil` opens its
   * transaction (never a network call inside one). Since Stripe's API version basil an invoice
   * event names no PaymentIntent, and a charge names no invoice: a paid invoice (or a subscription
   * checkout) learns the payment that refunds will name, and a refund or dispute of a payment no
   * donation knows learns the invoice whose period it takes back. When the provider cannot be
   * asked the webhook answers 503 and the provider delivers the event again: it is never lost.
   */
  async function completeEvent(event: PaymentEvent): Promise<PaymentEvent> {
    try {
      const invoiceRef = event.subscription?.invoiceRef;
      if (event.outcome === 'paid' && !event.paymentRef && invoiceRef && provider.invoicePaymentRef)
        return { ...event, paymentRef: await provider.invoicePaymentRef(invoiceRef) };
      if (
        (event.outcome === 'refunded' || event.outcome === 'disputed') &&
        event.paymentRef &&
        provider.invoiceOfPayment &&
        !(await donations.knowsPayment(event.paymentRef))
      )
        return { ...event, paymentInvoiceRef: await provider.invoiceOfPayment(event.paymentRef) };
    } catch (err) {
      log.error(
        { err, event: event.id, type: event.type },
        'asking the provider about an event failed',
      );
      throw new AppError(503, 'SERVICE_UNAVAILABLE', WEBHOOK_MESSAGES.lookupFailed);
    }
    return event;
  }

  return {
    fulfil,

    /**
     * The test provider's renewals (issue 22): each due period of a test-mode gift becomes an
     * `invoice.paid` event fulfilled like Stripe's, batch by batch until none is due.
     */
    async renewTestGifts(signal?: AbortSignal): Promise<number> {
      if (!provider.testMode) return 0;
      let renewed = 0;
      for (let batch = 0; batch < RENEWAL_BATCHES_PER_RUN; batch++) {
        if (signal?.aborted) throw new Error('test-mode renewals stopped');
        const events = await donations.recurring.dueTestRenewals();
        if (events.length === 0) break;
        for (const event of events) {
          const result = await fulfil(event);
          if (result.outcome === 'applied') renewed += 1;
        }
      }
      return renewed;
    },

    /**
     * Test mode's refund and dispute (issue 22): what Stripe's `charge.refunded` and
     * `charge.dispute.created` do to a paid donation, through the same fulfilment.
     */
    async reverseTestPayment(user: SessionUser, input: TestReversalRequest) {
      if (!provider.testMode) throw notFound(DONATION_MESSAGES.testModeOff);
      const donation = await donations.requireOwned(user, input.donationId);
      if (donation.status !== 'paid' || donation.provider !== 'test')
        throw conflict(DONATION_MESSAGES.notPaid);
      const result = await fulfil(testReversalEvent(donation, input.reason));
      return { status: result.status ?? 'paid' };
    },

    /** A Stripe webhook: the signature is checked on the exact bytes received, then fulfilled. */
    async stripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<FulfilResult> {
      if (provider.name !== 'stripe' || !provider.verifyWebhook)
        throw notFound(WEBHOOK_MESSAGES.stripeOff);
      let event: PaymentEvent;
      try {
        event = provider.verifyWebhook(rawBody, signature, clock.now().getTime());
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        log.warn({ reason: error.message }, 'webhook refused: bad signature');
        throw badRequest(WEBHOOK_MESSAGES.badSignature);
      }
      return fulfil(await completeEvent(event));
    },

    /**
     * The built-in test checkout: one of the test cards pays or fails the caller's pending
     * donation through the same fulfilment as a webhook. A failure is a 402 with the reason.
     */
    async confirmTestPayment(user: SessionUser, input: TestPaymentRequest) {
      if (!provider.testMode) throw notFound(DONATION_MESSAGES.testModeOff);
      const donation = await donations.requireOwned(user, input.donationId);
      if (donation.status !== 'pending' || donation.provider !== 'test')
        throw conflict(DONATION_MESSAGES.notPending);
      checkExpiry(input.expiry, clock.now());
      const card = testCardResult(input.cardNumber);
      const result = await fulfil(testPaymentEvent(donation, card));
      if (result.status === 'paid') return { status: 'paid' as const };
      if (result.status === 'failed')
        throw new AppError(
          402,
          'PAYMENT_DECLINED',
          result.failureReason ?? DONATION_MESSAGES.cardDeclined,
        );
      throw conflict(DONATION_MESSAGES.notPending);
    },
  };
}
export type PaymentsService = ReturnType<typeof paymentsService>;
