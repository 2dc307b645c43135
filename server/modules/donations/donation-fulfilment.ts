import { type DonationStatus } from '../../../contract/donations';
import type { DonationRow } from '../../db/tables';
import type { Executor, Tx } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import type { MailQueue } from '../../jobs/jobs-port';
import { translator } from '../../lib/i18n';
import type { Log } from '../../lib/log';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PaymentEvent } from '../payments/payment-provider';
import { CERTIFICATE_ATTACHMENT } from './donation-certificates';
import { receiptMail } from './donation-emails';
import { describeGift, donationStatusOf, treesText } from './donation-mapper';
import type { DonationsStore } from './donations-people';
import type { DonationsRepository } from './donations.repository';

/** What an event did: the payments module records it beside the event id. */
export interface FulfilmentResult {
  outcome: 'applied' | 'ignored' | 'refused' | 'unmatched';
  donationId: string | null;
  /** The donation's status after the event (null when no donation matched). */
  status: DonationStatus | null;
  failureReason: string | null;
}

/**
 * Which statuses each outcome may leave. Paid wins over an earlier failure or expiry (money that
 * was taken is never lost); a refund ends everything, even one that overtook its payment event.
 */
const FROM: Record<'paid' | 'failed' | 'expired' | 'refunded', readonly DonationRow['status'][]> = {
  paid: ['pending', 'failed', 'expired', 'cancelled'],
  failed: ['pending'],
  expired: ['pending'],
  refunded: ['paid', 'pending', 'failed', 'expired', 'cancelled'],
};

export const TRANSACTIONS_PATH = '/app/transactions';
const drivePath = (id: string) => `/app/delive-detail/${id}`;

export interface FulfilmentDeps {
  repo: (db: Executor) => DonationsStore;
  /** For reads after the commit (the notices). */
  db: Executor;
  clock: Clock;
  notifications: NotificationsService;
  /** The receipt is queued in the transaction that makes the donation paid (sent once). */
  mail: MailQueue;
  appUrl: string;
  log: Log;
  /**
   * Issue 19 §5: queues each gift recipient's mail in the paying transaction; answers the claim
   * links of gifts without an email, which the giver's receipt carries.
   */
  giftsPaid?: (tx: Tx, donationId: string) => Promise<Array<{ name: string; url: string }>>;
  /** Issue 22: recurring gifts' part of fulfilment (recurring-fulfilment.ts). */
  recurring?: RecurringFulfilment;
}

/** What a recurring gift adds to fulfilment. */
export interface RecurringFulfilment {
  /**
   * An event about a subscription rather than one donation (an invoice paid or failed, a status
   * change): answered here, or null to go on with the donation the event names.
   */
  handle(
    event: PaymentEvent,
    tx: Tx,
    applyToDonation: (
      event: PaymentEvent,
      tx: Tx,
      donation: DonationRow,
    ) => Promise<FulfilmentResult>,
  ): Promise<FulfilmentResult | null>;
  /** A period's donation became paid in `tx`: the gift is active; false: no mail per payment. */
  periodPaid(
    tx: Tx,
    donation: DonationRow,
    event: PaymentEvent,
    at: string,
  ): Promise<{ mailReceipt: boolean }>;
}

/** Agrees when either side is unknown, or both name the same thing. */
const compatible = (stored: string | null, given: string | null) =>
  !stored || !given || stored === given;

/**
 * Applies one provider event to its donation inside the caller's transaction (the one that
 * recorded the event id). Every change is a conditional UPDATE, so concurrent, repeated and
 * reordered events leave one final state; the receipt number and notices come only with the
 * change that made the donation paid.
 */
export function donationFulfilment(deps: FulfilmentDeps) {
  const { clock, log } = deps;

  async function match(repo: DonationsRepository, event: PaymentEvent) {
    let found = event.sessionId ? await repo.findBySession(event.sessionId) : undefined;
    if (!found && event.paymentRef) found = await repo.findByPaymentRef(event.paymentRef);
    if (!found && event.donationId) {
      const byId = await repo.findById(event.donationId);
      // Only a donation whose own session/payment agree (or are not yet known) is this one.
      if (
        byId &&
        compatible(byId.checkout_session_id, event.sessionId) &&
        compatible(byId.payment_ref, event.paymentRef)
      )
        found = byId;
    }
    // A subscription's payment named by no donation: the period of the invoice it paid (issue 22).
    if (!found && event.paymentInvoiceRef)
      found = await repo.findByInvoice(event.paymentInvoiceRef);
    return found;
  }

  function mismatch(donation: DonationRow, event: PaymentEvent): string | null {
    if (event.provider !== donation.provider) return 'provider';
    if (event.donationId && event.donationId !== donation.id) return 'donation id';
    if (event.outcome === 'none') return null;
    if (event.amount !== donation.amount_minor) return 'amount';
    if (event.currency?.toUpperCase() !== donation.currency) return 'currency';
    return null;
  }

  /**
   * After commit: the donor's notice and receipt mail, the organiser's notice. Each is tried on its
   * own, so one failing (say, the mail server) does not keep the others from going out.
   */
  async function notifyPaid(donationId: string, receiptNumber: string) {
    const repo = deps.repo(deps.db);
    const [donation, parties] = await Promise.all([
      repo.findById(donationId),
      repo.paymentParties(donationId),
    ]);
    if (!donation || !parties) return;
    const donorName = parties.donor_name?.trim() || parties.donor_username;
    const { organizer_id: organiserId, drive_name: driveName } = parties;
    // Each notice in its reader's language (the donor's as their receipt mail).
    const t = translator(parties.donor_locale, 'notices');
    const words = translator(t.locale, 'mail-donations');
    const steps: Array<() => Promise<void>> = [
      () =>
        deps.notifications.notify(donation.donor_id, {
          kind: 'donation_paid',
          title: t('donationPaid.title'),
          body: t('donationPaid.body', {
            amount: words.money(donation.amount_minor, donation.currency),
            gift: describeGift(
              {
                ...donation,
                driveName: parties.drive_name,
                organisationName: parties.organisation_name,
              },
              words,
            ),
            receipt: receiptNumber,
          }),
          link: TRANSACTIONS_PATH,
        }),
    ];
    if (organiserId && donation.drive_id && organiserId !== donation.donor_id) {
      // The organiser's notice in the organiser's language.
      const o = translator(parties.organizer_locale, 'notices');
      const theirs = translator(o.locale, 'mail-donations');
      const gave =
        donation.kind === 'trees'
          ? treesText(donation.trees, theirs)
          : theirs.money(donation.amount_minor, donation.currency);
      steps.push(() =>
        deps.notifications.notify(organiserId, {
          kind: 'donation_received',
          title: o('donationReceived.title'),
          body:
            donation.anonymous === 1
              ? o('donationReceived.bodyAnonymous', { gave, drive: driveName })
              : o('donationReceived.body', { donor: donorName, gave, drive: driveName }),
          link: drivePath(donation.drive_id!),
        }),
      );
    }
    for (const step of steps) {
      try {
        await step();
      } catch (err) {
        log.error({ err, donation: donationId }, 'a notice after a payment failed');
      }
    }
  }

  /**
   * The receipt mail, queued with the change that made the donation paid: sent once, retried; a
   * tree gift's certificate goes with it.
   */
  async function queueReceipt(
    repo: DonationsStore,
    tx: Tx,
    donation: DonationRow,
    receiptNumber: string,
  ) {
    const trees = donation.kind === 'trees';
    // Recipients' mails go out whatever becomes of the giver's receipt.
    const giftLinks = trees && deps.giftsPaid ? await deps.giftsPaid(tx, donation.id) : [];
    const parties = await repo.paymentParties(donation.id);
    if (!parties || parties.donor_deleted_at) return;
    const words = translator(parties.donor_locale, 'mail-donations');
    await deps.mail.send(
      tx,
      receiptMail({
        to: parties.donor_email,
        name: parties.donor_name?.trim() || parties.donor_username,
        receiptNumber,
        gift: describeGift(
          {
            ...donation,
            driveName: parties.drive_name,
            organisationName: parties.organisation_name,
          },
          words,
        ),
        amount: words.money(donation.amount_minor, donation.currency),
        locale: parties.donor_locale,
        link: `${deps.appUrl}${TRANSACTIONS_PATH}`,
        testMode: donation.provider === 'test',
        certificate: trees,
        giftLinks,
      }),
      // The certificate is made when the mail is sent (a reference in the queue, not bytes).
      {
        key: `receipt:${donation.id}`,
        ...(trees ? { attachments: [{ kind: CERTIFICATE_ATTACHMENT, id: donation.id }] } : {}),
      },
    );
  }

  /** Applies an event to the donation it is about (matched, or made for an invoice by recurring). */
  async function applyToDonation(
    event: PaymentEvent,
    tx: Tx,
    donation: DonationRow,
  ): Promise<FulfilmentResult> {
    const repo = deps.repo(tx.db);
    const unchanged = (outcome: FulfilmentResult['outcome']): FulfilmentResult => ({
      outcome,
      donationId: donation.id,
      status: donationStatusOf(donation),
      failureReason: donation.failure_reason,
    });
    const wrong = mismatch(donation, event);
    if (wrong) {
      log.error(
        {
          event: event.id,
          type: event.type,
          donation: donation.id,
          expected: { amount: donation.amount_minor, currency: donation.currency },
          received: { amount: event.amount, currency: event.currency },
        },
        `payment event refused: its ${wrong} differs from the donation's`,
      );
      return unchanged('refused');
    }
    if (event.outcome === 'none') return unchanged('ignored');

    const at = clock.now().toISOString();
    let changed: boolean;
    let status: DonationStatus = event.outcome;
    if (event.outcome === 'paid') {
      changed = await repo.transition(donation.id, FROM.paid, {
        status: 'paid',
        paid_at: at,
        updated_at: at,
        failure_reason: null,
        checkout_session_id: donation.checkout_session_id ?? event.sessionId,
        payment_ref: donation.payment_ref ?? event.paymentRef,
      });
      if (changed) {
        // Money received (trees and cash), kept in this transaction (0020 donation_totals).
        await repo.addToTotals(donation.currency, donation.amount_minor, donation.trees, 1);
        // And to its drive's organiser's figures (0032 donation_drive_days).
        await repo.addToDriveDay(donation, at, 1);
        const year = new Date(at).getUTCFullYear();
        const receipt = `CAN-${year}-${String(await repo.nextReceiptSequence(year)).padStart(6, '0')}`;
        await repo.setReceiptNumber(donation.id, receipt);
        // A period of a recurring gift keeps the gift going (issue 22); its donor may have chosen
        // one yearly statement instead of a mail per payment.
        const period =
          donation.subscription_id && deps.recurring
            ? await deps.recurring.periodPaid(tx, donation, event, at)
            : { mailReceipt: true };
        if (period.mailReceipt) await queueReceipt(repo, tx, donation, receipt);
        tx.afterCommit(() => notifyPaid(donation.id, receipt));
      }
    } else if (event.outcome === 'refunded' || event.outcome === 'disputed') {
      // A dispute takes the money out as a refund does; `disputed_at` tells them apart (0051).
      const disputed = event.outcome === 'disputed';
      const wasPaid = await repo.transition(donation.id, ['paid'], {
        status: 'refunded',
        updated_at: at,
        ...(disputed ? { disputed_at: at } : {}),
      });
      if (wasPaid) {
        await repo.addToTotals(donation.currency, -donation.amount_minor, -donation.trees, -1);
        await repo.addToDriveDay(donation, donation.paid_at, -1);
      }
      changed =
        wasPaid ||
        (await repo.transition(donation.id, FROM.refunded, {
          status: 'refunded',
          updated_at: at,
          ...(disputed ? { disputed_at: at } : {}),
        }));
      if (wasPaid) {
        // The donor's notice in their language.
        const t = translator((await repo.donor(donation.donor_id))?.locale, 'notices');
        const receipt = donation.receipt_number;
        const values = { money: t.money(donation.amount_minor, donation.currency), receipt };
        tx.afterCommit(() =>
          deps.notifications.notify(
            donation.donor_id,
            disputed
              ? {
                  kind: 'donation_refunded',
                  title: t('refund.disputedTitle'),
                  body: receipt
                    ? t('refund.disputedBodyReceipt', values)
                    : t('refund.disputedBody', values),
                  link: TRANSACTIONS_PATH,
                }
              : {
                  kind: 'donation_refunded',
                  title: t('refund.refundedTitle'),
                  body: receipt
                    ? t('refund.refundedBodyReceipt', values)
                    : t('refund.refundedBody', values),
                  link: TRANSACTIONS_PATH,
                },
          ),
        );
      }
    } else {
      changed = await repo.transition(donation.id, FROM[event.outcome], {
        status: event.outcome,
        updated_at: at,
        failure_reason: event.failureReason,
      });
    }
    if (!changed) {
      const now = await repo.findById(donation.id);
      status = donationStatusOf(now ?? donation);
      return { ...unchanged('ignored'), status, failureReason: now?.failure_reason ?? null };
    }
    return {
      outcome: 'applied',
      donationId: donation.id,
      status,
      failureReason: status === 'failed' ? event.failureReason : null,
    };
  }

  return async function applyPaymentEvent(event: PaymentEvent, tx: Tx): Promise<FulfilmentResult> {
    // A recurring gift's invoice or status event is answered there (it may make the donation).
    const handled = deps.recurring ? await deps.recurring.handle(event, tx, applyToDonation) : null;
    if (handled) return handled;
    const donation = await match(deps.repo(tx.db), event);
    if (!donation) {
      // An event that asks nothing (a type we do not handle) is simply acknowledged.
      if (event.outcome === 'none')
        return { outcome: 'ignored', donationId: null, status: null, failureReason: null };
      log.warn({ event: event.id, type: event.type }, 'payment event for no known donation');
      return { outcome: 'unmatched', donationId: null, status: null, failureReason: null };
    }
    return applyToDonation(event, tx, donation);
  };
}
export type ApplyPaymentEvent = ReturnType<typeof donationFulfilment>;
