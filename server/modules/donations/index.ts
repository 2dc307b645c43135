import { AppError } from '../../lib/errors';
import { defineModule } from '../module';
import { paymentProviderFromConfig } from '../payments/payment-provider';
import { CERTIFICATE_ATTACHMENT } from './donation-certificates';
import { GIFT_CERTIFICATE_ATTACHMENT, GIFT_MAIL_JOB } from './donation-gifts';
import { donationGiftsRoutes } from './donation-gifts.routes';
import {
  STATEMENT_ATTACHMENT,
  YEARLY_STATEMENTS_CRON,
  YEARLY_STATEMENTS_JOB,
} from './donation-statements';
import { donationStatementsRoutes } from './donation-statements.routes';
import { donationsStore } from './donations-people';
import { CANCEL_AT_PROVIDER_JOB, recurringFulfilment } from './recurring-fulfilment';
import { recurringGifts, type RecurringGifts } from './recurring-gifts';
import { recurringGiftsRoutes } from './recurring-gifts.routes';
import { donationsRoutes } from './donations.routes';
import { donationsService, type DonationsService } from './donations.service';
import {
  TREE_GIFT_PAID_JOB,
  TREE_GIFT_REFUNDED_JOB,
  treeGiftLedger,
  type TreeGiftLedger,
} from './tree-gift-ledger';

declare module '../module' {
  interface ServiceRegistry {
    donations: DonationsService &
      TreeGiftLedger & {
        recurring: RecurringGifts;
        cancelAtProvider(payload: unknown): Promise<void>;
      };
  }
}

/** Gifts of trees and money, receipts, billing details; owns every money figure. */
export const donationsModule = defineModule({
  name: 'donations',
  needs: ['notifications', 'nursery', 'drives', 'users'],
  tables: [
    'donations',
    'receipt_counters',
    'billing_profiles',
    'donation_totals',
    'donation_donor_totals',
    'donation_gifts',
    'donation_drive_days',
    'donation_organiser_periods',
    'donation_subscriptions',
    'payment_customers',
  ],
  figures: [
    'totals',
    'paidTotalsOf',
    'hasPaidDonation',
    'receivedForOrganiser',
    'treesFundedForDrive',
  ],
  create: (
    { uow, clock, config, mail, jobs, log, hooks },
    { notifications, nursery, drives, users },
  ) => {
    const provider = paymentProviderFromConfig(config);
    // Issue 22: monthly and yearly gifts, each period a donation through the same fulfilment.
    const recurring = recurringGifts({
      uow,
      clock,
      log,
      provider,
      settings: config.donations,
      appUrl: config.appUrl,
      mail,
      jobs,
      person: (id, tx) => users.person(id, tx),
      people: (ids) => users.people(ids),
    });
    const service = donationsService({
      recurring: recurringFulfilment({
        clock,
        log,
        notifications,
        mail,
        jobs,
        appUrl: config.appUrl,
        person: (id, tx) => users.person(id, tx),
        portal: Boolean(provider.portalUrl),
      }),
      uow,
      repo: donationsStore({ users, drives, nursery }),
      clock,
      settings: config.donations,
      provider,
      notifications,
      mail,
      appUrl: config.appUrl,
      log,
      jobs,
      giftSecret: config.sessionSecret!,
      receipts: config.receipts,
      giftClaimed: async (tx, claim) => {
        for (const moved of hooks.all('onGiftClaimed')) await moved(tx, claim);
      },
      saplingPricing: (driveId) => nursery.drivePricing(driveId),
      certificates: {
        person: (id) => users.person(id),
        async drive(driveId, viewerId) {
          const drive = await drives.detail(viewerId, driveId).catch((err: unknown) => {
            if (err instanceof AppError && err.status === 404) return null;
            throw err;
          });
          if (!drive) return null;
          return {
            name: drive.driveName,
            startsAt: drive.driveDate,
            timeZone: drive.timeZone,
            place: [drive.driveLocation, drive.country.label]
              .map((part) => part.trim())
              .filter((part, i, all) => part && all.indexOf(part) === i)
              .join(', '),
            species: drive.treesType.flatMap((t) => (t.label ? [t.label] : [])),
          };
        },
        plantings: () => hooks.all('giftPlantings'),
      },
    });
    return {
      ...service,
      recurring,
      /** A subscription ended at the provider after its final failed payment (a queued job). */
      async cancelAtProvider(payload: unknown) {
        const { ref } = payload as { ref: string };
        await provider.cancelSubscription?.(ref);
      },
      // Paid tree gifts waiting for plants and their planted counts (issue 19 §1, for trees).
      ...treeGiftLedger(uow.db),
      // A tree gift made paid or refunded tells whoever allocates gifts to trees, by a job in
      // the same transaction (a gift paid after its trees were registered takes free plants).
      async applyPaymentEvent(...args: Parameters<DonationsService['applyPaymentEvent']>) {
        const result = await service.applyPaymentEvent(...args);
        if (result.outcome === 'applied' && result.donationId) {
          const job =
            result.status === 'paid'
              ? TREE_GIFT_PAID_JOB
              : result.status === 'refunded' || result.status === 'disputed'
                ? TREE_GIFT_REFUNDED_JOB
                : null;
          if (job) await jobs.enqueue(args[1], job, { donationId: result.donationId });
        }
        return result;
      },
    };
  },
  routes: [donationsRoutes, donationGiftsRoutes, recurringGiftsRoutes, donationStatementsRoutes],
  // Once a day (00:05 UTC): the mails of gifts given for a later day whose day has come.
  jobs: (donations) => [
    { name: 'gift mails due', cron: '5 0 * * *', run: () => donations.gifts.sendDueGifts() },
    // Checkouts unpaid after 24 hours expire (issue 19 §7), in batches, on the injected clock.
    // Daily (07:10 UTC): the mail 7 days before each yearly renewal (issue 22).
    {
      name: 'yearly renewal notices',
      cron: '10 7 * * *',
      run: (signal) => donations.recurring.sendRenewalNotices(signal),
    },
    {
      name: 'expire unpaid checkouts',
      cron: '*/15 * * * *',
      run: () => donations.expireStaleCheckouts(),
    },
    // Each January (2nd, 06:00 UTC): last year's statement to every donor who gave (issue 22).
    {
      name: YEARLY_STATEMENTS_JOB,
      cron: YEARLY_STATEMENTS_CRON,
      run: (signal) => donations.statements.mailYearlyStatements(signal),
    },
  ],
  tasks: (donations) => ({
    [CANCEL_AT_PROVIDER_JOB]: (payload) => donations.cancelAtProvider(payload),
    [GIFT_MAIL_JOB]: (payload) => donations.gifts.sendGiftMail(payload),
  }),
  hooks: (donations) => ({
    // Billing details go; recurring gifts end here and at the provider (issue 22).
    onAccountDeleted: async (userId, tx) => {
      await donations.onAccountDeleted(userId, tx);
      await donations.recurring.endAllOf(userId, tx);
    },
    guardDriveDeletion: donations.refuseDriveDeletion,
    reservationDonors: async (reservationId, driveId) =>
      reservationId
        ? donations.reservationDonors(reservationId)
        : driveId
          ? (await donations.driveDonations(driveId)).donors.map(({ userId, name }) => ({
              userId,
              name,
            }))
          : [],
    reservationHasGifts: donations.hasAllocatedDonations,
    mailAttachments: {
      [CERTIFICATE_ATTACHMENT]: donations.certificateAttachment,
      [GIFT_CERTIFICATE_ATTACHMENT]: donations.gifts.giftAttachment,
      [STATEMENT_ATTACHMENT]: donations.statements.statementAttachment,
    },
  }),
});
