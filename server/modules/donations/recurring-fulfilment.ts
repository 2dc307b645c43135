import { DONATION_MESSAGES } from '../../../contract/donations';
import type { RecurringInterval } from '../../../contract/recurring-gifts';
import type { DonationRow, DonationSubscriptionRow } from '../../db/tables';
import type { Tx } from '../../db/unit-of-work';
import type { JobsPort, MailQueue } from '../../jobs/jobs-port';
import type { Clock } from '../../lib/clock';
import { translator } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import type { Log } from '../../lib/log';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PaymentEvent, SubscriptionFacts } from '../payments/payment-provider';
import type { Person } from '../users/users.service';
import type { FulfilmentResult, RecurringFulfilment } from './donation-fulfilment';
import { BILLING_PATH, paymentFailedMail, recurringGiftWords } from './recurring-emails';
import {
  recurringGiftsRepository,
  type RecurringGiftsRepository,
} from './recurring-gifts.repository';

/** The job that ends a subscription at the provider after its final failed payment. */
export const CANCEL_AT_PROVIDER_JOB = 'recurring-gift.cancel-at-provider';

/** `iso` moved on by `n` months or years in UTC, the day kept where the month has it (31 → 30). */
export function addInterval(iso: string, interval: RecurringInterval, n = 1): string {
  const from = new Date(iso);
  const months = interval === 'month' ? n : 12 * n;
  const target = new Date(from);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return target.toISOString();
}

/** The provider's subscription status in our words; null when it says nothing we keep. */
function statusFrom(providerStatus: string): DonationSubscriptionRow['status'] | null {
  switch (providerStatus) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'paused':
      return 'paused';
    case 'canceled':
    case 'incomplete_expired':
      return 'cancelled';
    default:
      return null;
  }
}

export interface RecurringFulfilmentDeps {
  clock: Clock;
  log: Log;
  notifications: Pick<NotificationsService, 'notifyMany'>;
  mail: MailQueue;
  jobs: JobsPort;
  appUrl: string;
  person: (id: string, tx: Tx) => Promise<Person | undefined>;
  /** True when the provider has a page for cards and invoices (Stripe's Customer Portal). */
  portal: boolean;
}

/**
 * Issue 22: what provider events do to recurring gifts, inside the transaction that recorded the
 * event. A paid invoice is one donation (`donations.invoice_ref` is unique), made here and then
 * paid by the same fulfilment as a one-off gift; failures and status changes move the gift.
 */
export function recurringFulfilment(deps: RecurringFulfilmentDeps): RecurringFulfilment {
  const { clock, log } = deps;
  const ignored = (): FulfilmentResult => ({
    outcome: 'ignored',
    donationId: null,
    status: null,
    failureReason: null,
  });

  /** The gift an event names: by our id (metadata), else by the provider's subscription id. */
  async function giftOf(repo: RecurringGiftsRepository, facts: SubscriptionFacts) {
    let gift = facts.id ? await repo.find(facts.id) : undefined;
    if (!gift && facts.ref) gift = await repo.findByRef(facts.ref);
    if (gift && facts.ref && !gift.provider_ref) {
      await repo.setProviderRef(gift.id, facts.ref);
      gift = { ...gift, provider_ref: facts.ref };
    }
    return gift;
  }

  /** The donation an invoice paid: found by invoice, the first period's, or a new period. */
  async function periodDonation(
    repo: RecurringGiftsRepository,
    gift: DonationSubscriptionRow,
    event: PaymentEvent,
    invoiceRef: string,
  ): Promise<DonationRow | undefined> {
    const found = await repo.findByInvoice(invoiceRef);
    if (found) return found;
    const first = event.subscription?.billingReason === 'subscription_create';
    if (
      first &&
      gift.first_donation_id &&
      (await repo.claimInvoice(gift.first_donation_id, invoiceRef))
    )
      return repo.findDonation(gift.first_donation_id);
    const at = clock.now().toISOString();
    // Concurrent deliveries of one invoice: the unique invoice_ref lets one insert through.
    await repo.insertPeriod({
      id: newId(),
      donor_id: gift.donor_id,
      drive_id: null,
      organisation_id: gift.organisation_id,
      subscription_id: gift.id,
      invoice_ref: invoiceRef,
      kind: gift.kind,
      trees: gift.trees,
      amount_minor: event.amount ?? gift.amount_minor,
      currency: event.currency ?? gift.currency,
      category: gift.category,
      message: null,
      anonymous: gift.anonymous,
      status: 'pending',
      provider: gift.provider,
      created_at: at,
      updated_at: at,
    });
    return repo.findByInvoice(invoiceRef);
  }

  async function tellFailure(
    tx: Tx,
    gift: DonationSubscriptionRow,
    reason: string,
    final: boolean,
    key: string,
  ) {
    const donor = await deps.person(gift.donor_id, tx);
    if (!donor || donor.deletedAt) return;
    // The notice is stored in the donor's language, as the mail is.
    const t = translator(donor.locale, 'notices');
    const words = {
      gift: recurringGiftWords(gift, translator(t.locale, 'mail-donations')),
      reason,
    };
    await deps.notifications.notifyMany(
      [gift.donor_id],
      {
        kind: 'recurring_gift',
        title: final ? t('recurringGift.stoppedTitle') : t('recurringGift.failedTitle'),
        body: final ? t('recurringGift.stoppedBody', words) : t('recurringGift.failedBody', words),
        link: BILLING_PATH,
      },
      tx,
    );
    await deps.mail.send(
      tx,
      paymentFailedMail({
        to: donor.email,
        name: donor.name?.trim() || donor.username,
        gift,
        link: `${deps.appUrl}${BILLING_PATH}`,
        locale: donor.locale,
        reason,
        final,
        portal: deps.portal,
      }),
      { key },
    );
  }

  return {
    async handle(event, tx, applyToDonation) {
      const facts = event.subscription;
      if (!facts) return null;
      const repo = recurringGiftsRepository(tx.db);
      const gift = await giftOf(repo, facts);
      // The first period's checkout: its donation's own event, once the gift knows its invoice.
      if (event.type.startsWith('checkout.session.')) {
        if (gift?.first_donation_id && facts.invoiceRef)
          await repo.claimInvoice(gift.first_donation_id, facts.invoiceRef);
        return null;
      }
      if (!gift) {
        if (event.outcome === 'none') return ignored();
        log.warn({ event: event.id, type: event.type }, 'subscription event for no known gift');
        return { ...ignored(), outcome: 'unmatched' };
      }
      const at = clock.now().toISOString();

      if (event.outcome === 'paid' && facts.invoiceRef) {
        const donation = await periodDonation(repo, gift, event, facts.invoiceRef);
        if (!donation) return { ...ignored(), outcome: 'unmatched' };
        // Paid through its checkout first: the invoice tells which payment a refund will name.
        if (donation.status === 'paid' && !donation.payment_ref && event.paymentRef)
          await repo.attachPaymentRef(donation.id, event.paymentRef);
        // The invoice names the gift, not one donation: the metadata's first donation id is no check.
        return applyToDonation({ ...event, donationId: null, sessionId: null }, tx, donation);
      }

      if (event.outcome === 'failed' && facts.invoiceRef) {
        if (gift.status === 'cancelled') return ignored();
        // Stripe tries again on its schedule; only its final attempt ends the gift.
        const final = facts.nextAttemptAt === null;
        const reason = event.failureReason ?? DONATION_MESSAGES.paymentFailed;
        await repo.update(
          gift.id,
          final
            ? { status: 'cancelled', cancelled_at: at, failure_reason: reason, updated_at: at }
            : { status: 'past_due', failure_reason: reason, updated_at: at },
        );
        await tellFailure(
          tx,
          gift,
          reason,
          final,
          `recurring-failed:${facts.invoiceRef}:${event.id}`,
        );
        if (final && gift.provider_ref)
          await deps.jobs.enqueue(tx, CANCEL_AT_PROVIDER_JOB, { ref: gift.provider_ref });
        return { outcome: 'applied', donationId: null, status: null, failureReason: reason };
      }

      if (event.outcome === 'none' && facts.status) {
        // Cancelled is the end: a late "updated" never brings a gift back.
        if (gift.status === 'cancelled') return ignored();
        let status = statusFrom(facts.status) ?? gift.status;
        const today = at.slice(0, 10);
        if (status === 'active' && gift.pause_until && gift.pause_until > today) status = 'paused';
        // A gift waits for its first payment whatever the provider says before it.
        if (gift.status === 'incomplete' && status !== 'cancelled') status = 'incomplete';
        await repo.update(gift.id, {
          status,
          ...(facts.cancelAtPeriodEnd === null
            ? {}
            : { cancel_at_period_end: facts.cancelAtPeriodEnd ? 1 : 0 }),
          ...(facts.periodEnd && status !== 'cancelled' ? { next_at: facts.periodEnd } : {}),
          ...(status === 'cancelled' ? { cancelled_at: at, next_at: null } : {}),
          updated_at: at,
        });
        return { outcome: 'applied', donationId: null, status: null, failureReason: null };
      }
      return null;
    },

    async periodPaid(tx, donation, event, at) {
      const repo = recurringGiftsRepository(tx.db);
      const gift = donation.subscription_id ? await repo.find(donation.subscription_id) : undefined;
      if (!gift) return { mailReceipt: true };
      const periodEnd =
        event.subscription?.periodEnd ?? gift.next_at ?? addInterval(at, gift.interval);
      await repo.periodPaid(gift.id, periodEnd, at);
      return { mailReceipt: gift.yearly_statement !== 1 };
    },
  };
}
