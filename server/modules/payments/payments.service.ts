import { DONATION_MESSAGES, type TestPaymentRequest } from '../../../contract/donations';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { Log } from '../../lib/log';
import type { SessionUser } from '../auth/auth.service';
import type { FulfilmentResult } from '../donations/donation-fulfilment';
import type { DonationsService } from '../donations/donations.service';
import { WebhookSignatureError, type PaymentEvent, type PaymentProvider } from './payment-provider';
import type { paymentsRepository } from './payments.repository';
import { checkExpiry, testCardResult, testPaymentEvent } from './test-provider';

export interface PaymentsServiceDeps {
  uow: UnitOfWork;
  repo: typeof paymentsRepository;
  clock: Clock;
  provider: PaymentProvider;
  donations: DonationsService;
  log: Log;
}

export type FulfilResult = FulfilmentResult & { duplicate: boolean };

export const WEBHOOK_MESSAGES = {
  badSignature: 'The webhook signature is missing, wrong or too old.',
  stripeOff: 'Stripe payments are not enabled on this server.',
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

  return {
    fulfil,

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
      return fulfil(event);
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
