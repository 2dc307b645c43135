import {
  DEFAULT_CATEGORY,
  DONATION_MESSAGES,
  donationLimitProblem,
  type BillingProfile,
  type CreateDonationRequest,
  type DonatedTree,
  type Donation,
  type DonationListQuery,
  type DonationOptions,
  type DriveDonations,
} from '../../../contract/donations';
import type { DriveSaplingPricing } from '../../../contract/nursery';
import { DONATION_CATEGORIES } from '../../../contract/options';
import type { Config, ReceiptIssuer } from '../../config';
import type { Executor, Tx, UnitOfWork } from '../../db/unit-of-work';
import type { Readable } from 'node:stream';
import type { Clock } from '../../lib/clock';
import { CSV_BOM } from '../../lib/csv';
import { keysetStream } from '../../lib/keyset-stream';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors';
import { translator } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import type { MailQueue } from '../../jobs/jobs-port';
import type { Log } from '../../lib/log';
import type { SessionUser } from '../auth/auth.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PaymentProvider } from '../payments/payment-provider';
import { sendOnProblem, type BatchGiftRequest } from '../../../contract/gifts';
import type { JobsPort } from '../../jobs/jobs-port';
import { donationCheckouts } from './donation-checkouts';
import { recurringGiftsRepository } from './recurring-gifts.repository';
import { donationCertificates, type CertificatePorts } from './donation-certificates';
import { donationGifts, type DonationGiftsDeps, type NewGiftRecipient } from './donation-gifts';
import { donationFulfilment, type RecurringFulfilment } from './donation-fulfilment';
import { donationSummaries } from './donation-summaries';
import { donationStatements } from './donation-statements';
import {
  describeGift,
  DONATIONS_CSV_HEADER,
  donationCsvLine,
  nurseryOf,
  toDonatedTree,
  toDonation,
  toDonationListItem,
  type DonationWithDrive,
} from './donation-mapper';
import type { CheckoutGuard } from './checkout-guard';
import type { DonationsStore } from './donations-people';
import { renderReceiptPdf } from './receipt-pdf';

export interface DonationsServiceDeps {
  uow: UnitOfWork;
  /** The donations repository on an executor, with what it names (donations-people.ts). */
  repo: (db: Executor) => DonationsStore;
  clock: Clock;
  /** Prices and limits (DONATION_CURRENCY, TREE_PRICE, …): the only source of an amount. */
  settings: Config['donations'];
  provider: PaymentProvider;
  notifications: NotificationsService;
  /** Receipts are queued in the transaction that makes the donation paid. */
  mail: MailQueue;
  appUrl: string;
  log: Log;
  /** A drive's partner-nursery sapling price and reservation (nursery module); none until wired. */
  saplingPricing?: (driveId: string) => Promise<DriveSaplingPricing | null>;
  /** What gift certificates print of the donor, the drive and the planting (other modules). */
  certificates: CertificatePorts;
  /** Issue 19 §5: a gift's mail is a job on its day; claim codes derive from the session secret. */
  jobs: JobsPort;
  giftSecret: string;
  /** A gift claimed whole: its trees move into the claimer's forest (the allocating module). */
  giftClaimed: DonationGiftsDeps['giftClaimed'];
  /** Who issues receipts and statements (ORG_LEGAL_NAME …; issue 22). */
  receipts: ReceiptIssuer;
  /** Issue 22: what recurring gifts add to fulfilment (recurring-fulfilment.ts). */
  recurring?: RecurringFulfilment;
}

/** Named donors shown on a drive (anonymous gifts are one nameless line besides). */
const DRIVE_DONORS_MAX = 100;
/** The most rows one CSV download holds. */
const EXPORT_MAX = 10_000;
/**
 * Donations read per statement while exporting. Each one costs a scattered row read and its drive
 * at scale (asha's 401 donations in one batch of 500 held the loop up to 175 ms at a million
 * trees, issue 20): 100 keep a batch well within 50 ms.
 */
const EXPORT_BATCH = 100;
/** Where the next export batch starts: the last donation written (newest first). */
interface DonationExportKey {
  createdAt: string;
  id: string;
}

const EMPTY_BILLING: BillingProfile = {
  billingName: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  postalCode: '',
  country: '',
  taxId: '',
};

export function donationsService(deps: DonationsServiceDeps) {
  const { uow, clock, settings, provider, log } = deps;
  const repo = deps.repo(uow.db);
  const nowIso = () => clock.now().toISOString();
  const certificates = donationCertificates({
    repo,
    ports: deps.certificates,
    appUrl: deps.appUrl,
    claimedGift: (donationId, userId) => gifts.claimedGift(donationId, userId),
  });
  /** Trees given to someone (issue 19 §5, donation-gifts.ts). */
  const gifts = donationGifts({
    uow,
    clock,
    jobs: deps.jobs,
    mail: deps.mail,
    appUrl: deps.appUrl,
    secret: deps.giftSecret,
    person: deps.certificates.person,
    drive: deps.certificates.drive,
    requireOwned: (user, id) => requireOwned(user, id),
    certificate: (donationId, gift) => certificates.giftCertificateAttachment(donationId, gift),
    giftClaimed: deps.giftClaimed,
  });
  const applyPaymentEvent = donationFulfilment({
    ...deps,
    db: uow.db,
    giftsPaid: (tx, donationId) => gifts.onPaid(tx, donationId),
  });

  async function requireOwned(user: SessionUser, id: string): Promise<DonationWithDrive> {
    const row = await repo.findOwned(id, user.id);
    if (!row) throw notFound(DONATION_MESSAGES.notFound);
    return row;
  }

  async function billingOf(userId: string): Promise<BillingProfile> {
    const row = await repo.findBilling(userId);
    if (!row) return { ...EMPTY_BILLING };
    return {
      billingName: row.billing_name,
      addressLine1: row.address_line1,
      addressLine2: row.address_line2,
      city: row.city,
      postalCode: row.postal_code,
      country: row.country,
      taxId: row.tax_id,
    };
  }

  const options = (): DonationOptions => ({
    currency: settings.currency,
    treePrice: settings.treePrice,
    minAmount: settings.minAmount,
    maxAmount: settings.maxAmount,
    maxTrees: settings.maxTrees,
    categories: DONATION_CATEGORIES.map((c) => ({ value: c.value, label: c.label })),
    testMode: provider.testMode,
  });

  /** The nursery pricing that applies to a drive's tree donations (same currency only). */
  async function pricingOf(driveId: string | null | undefined) {
    if (!driveId || !deps.saplingPricing) return null;
    const pricing = await deps.saplingPricing(driveId);
    return pricing && pricing.currency === settings.currency ? pricing : null;
  }

  const service = {
    options,

    /** The options for giving to one drive: its nursery's sapling price when one supplies it. */
    async optionsFor(driveId: string | undefined): Promise<DonationOptions> {
      const pricing = await pricingOf(driveId);
      return pricing
        ? {
            ...options(),
            treePrice: pricing.unitPriceMinor,
            nursery: { id: pricing.nurseryId, name: pricing.nurseryName },
          }
        : { ...options(), nursery: null };
    },

    /**
     * A pending donation priced by the server, and the provider's checkout for it. If the provider
     * cannot be reached the donation is cancelled (nothing was charged) and the caller gets a 503.
     */
    async create(
      user: SessionUser,
      input: CreateDonationRequest,
      /** A corporate gift (issue 19 §5): `input.trees` is treesEach × the recipients. */
      batch?: { treesEach: number; recipients: NewGiftRecipient[] },
      /** The card-testing defence (checkout-guard.ts): every route passes it; scripts need not. */
      guard?: CheckoutGuard,
    ): Promise<{ donation: Donation; checkoutUrl: string }> {
      const giftRecipients: NewGiftRecipient[] =
        batch?.recipients ??
        (input.gift
          ? [
              {
                name: input.gift.recipientName,
                email: input.gift.recipientEmail,
                message: input.gift.message,
                sendOn: input.gift.sendOn,
              },
            ]
          : []);
      const sendOn = sendOnProblem(giftRecipients[0]?.sendOn, clock.now());
      if (sendOn) throw fieldError(batch ? 'sendOn' : 'gift.sendOn', sendOn);
      /** The donation and its gift rows, in one transaction. */
      const insertDonation = (row: Parameters<typeof repo.insert>[0]) =>
        uow.withTransaction(async (tx) => {
          await deps.repo(tx.db).insert(row);
          if (giftRecipients.length)
            await gifts.insertGifts(tx, row.id, batch?.treesEach ?? row.trees ?? 0, giftRecipients);
        });
      const countProblem = donationLimitProblem(input, settings);
      if (countProblem) throw fieldError(countProblem.field, countProblem.message);
      const drive = input.driveId ? await repo.findDrive(input.driveId) : null;
      if (input.driveId && !drive) throw fieldError('driveId', DONATION_MESSAGES.driveUnknown);
      if (drive && Date.parse(drive.starts_at) <= clock.now().getTime())
        throw fieldError('driveId', DONATION_MESSAGES.drivePast);

      const trees = input.kind === 'trees' ? input.trees! : 0;
      // Trees for a drive a nursery supplies are its saplings, at its price.
      const pricing = input.kind === 'trees' ? await pricingOf(drive?.id) : null;
      const treePrice = pricing ? pricing.unitPriceMinor : settings.treePrice;
      // The amount limits apply to a tree gift's total; free saplings take no paid donation.
      const problem = donationLimitProblem(input, { ...settings, treePrice });
      if (problem) throw fieldError(problem.field, problem.message);
      const amount = input.kind === 'trees' ? trees * treePrice : input.amount!;
      // Valid and about to be created: only now does it count against the hour's checkouts.
      await guard?.();
      const at = nowIso();
      const id = newId();
      await insertDonation({
        id,
        donor_id: user.id,
        drive_id: drive?.id ?? null,
        kind: input.kind,
        trees,
        amount_minor: amount,
        currency: settings.currency,
        category: input.category ?? DEFAULT_CATEGORY[input.kind],
        message: input.message ? input.message : null,
        anonymous: input.anonymous ? 1 : 0,
        status: 'pending',
        provider: provider.name,
        reservation_id: pricing?.reservationId ?? null,
        created_at: at,
        updated_at: at,
      });

      let checkout;
      try {
        checkout = await provider.createCheckout({
          donationId: id,
          amount,
          currency: settings.currency,
          description: `Canopy: ${describeGift({ kind: input.kind, trees, driveName: drive?.name ?? null, nurseryName: pricing?.nurseryName ?? null })}`,
          customerEmail: user.email,
          successUrl: `${deps.appUrl}/app/donate-tree/success?donation=${id}`,
          cancelUrl: `${deps.appUrl}/app/donate-tree/cancel?donation=${id}`,
        });
      } catch (err) {
        log.error({ err, donation: id }, 'creating the checkout failed');
        await repo.transition(id, ['pending'], {
          status: 'cancelled',
          failure_reason: DONATION_MESSAGES.providerUnavailable,
          updated_at: nowIso(),
        });
        throw new AppError(503, 'SERVICE_UNAVAILABLE', DONATION_MESSAGES.providerUnavailable);
      }
      await repo.setCheckoutSession(id, checkout.sessionId, nowIso());
      return { donation: toDonation(await requireOwned(user, id)), checkoutUrl: checkout.url };
    },

    async get(user: SessionUser, id: string): Promise<Donation> {
      return toDonation(await requireOwned(user, id));
    },

    /** The caller's own donation row (404 for anyone else's): what a test payment pays. */
    requireOwned,

    async list(user: SessionUser, query: DonationListQuery) {
      const { page, limit, status } = query;
      const [rows, total] = await Promise.all([
        repo.listWithGiftsForDonor(user.id, status, limit, (page - 1) * limit),
        repo.countForDonor(user.id, status),
      ]);
      return { data: rows.map(toDonationListItem), page, limit, total };
    },

    async donatedTrees(user: SessionUser, page: number, limit: number): Promise<DonatedTree[]> {
      const rows = await repo.paidTreesForDonor(user.id, limit, (page - 1) * limit);
      return rows.map(toDonatedTree);
    },

    /** What a drive received (paid only): trees, cash, and who gave unless they chose not to be named. */
    async driveDonations(driveId: string): Promise<DriveDonations> {
      if (!(await repo.findDrive(driveId))) throw notFound(DONATION_MESSAGES.driveUnknown);
      const [totals, donors] = await Promise.all([
        repo.driveTotals(driveId, settings.currency),
        repo.driveDonors(driveId, settings.currency, DRIVE_DONORS_MAX),
      ]);
      return {
        ...totals,
        currency: settings.currency,
        donors: [
          ...donors.named.map((d) => ({
            name: d.name?.trim() || d.username,
            userId: d.user_id,
            trees: d.trees,
            amount: d.amount,
          })),
          ...(donors.hidden.n > 0
            ? [
                {
                  name: null,
                  userId: null,
                  trees: donors.hidden.trees,
                  amount: donors.hidden.amount,
                },
              ]
            : []),
        ],
      };
    },

    /** The PDF receipt of one of the caller's paid donations. */
    async receipt(user: SessionUser, id: string): Promise<{ filename: string; pdf: Buffer }> {
      const row = await requireOwned(user, id);
      if (row.status !== 'paid' || !row.receipt_number || !row.paid_at)
        throw conflict(DONATION_MESSAGES.receiptNotPaid);
      const pdf = await renderReceiptPdf({
        receiptNumber: row.receipt_number,
        paidAt: row.paid_at,
        donorName: user.name?.trim() || user.username,
        donorEmail: user.email,
        billing: await billingOf(user.id),
        gift: describeGift(
          {
            ...row,
            driveName: row.drive_name,
            nurseryName: nurseryOf(row)?.name ?? null,
            organisationName: row.organisation_id
              ? ((await repo.paymentParties(row.id))?.organisation_name ?? null)
              : null,
          },
          translator(user.locale, 'mail-donations'),
        ),
        category: row.category,
        amountMinor: row.amount_minor,
        currency: row.currency,
        testMode: row.provider === 'test',
        issuer: deps.receipts,
        locale: user.locale,
      });
      return { filename: `canopy-receipt-${row.receipt_number}.pdf`, pdf };
    },

    /** Yearly statements (issue 22): the download and the January mail (donation-statements.ts). */
    statements: donationStatements({ ...deps, store: repo, billingOf, issuer: deps.receipts }),

    /** Gift certificates: mayViewCertificate, certificate (PDF), certificateAttachment (mail). */
    ...certificates,

    /** Trees given to someone: preview, claim, the giver's list and resend, the mail job. */
    gifts,

    /** A corporate gift: the same trees to each of up to 500 recipients, in one payment. */
    async createGiftBatch(user: SessionUser, input: BatchGiftRequest, guard?: CheckoutGuard) {
      return this.create(
        user,
        {
          kind: 'trees',
          trees: input.treesEach * input.recipients.length,
          driveId: input.driveId ?? null,
          category: 'Trees',
          anonymous: input.anonymous,
        },
        {
          treesEach: input.treesEach,
          recipients: input.recipients.map((r) => ({
            name: r.name,
            email: r.email,
            message: input.message,
            sendOn: input.sendOn,
          })),
        },
        guard,
      );
    },

    /** The caller's donations, newest first, as CSV for the Transactions page. */
    /**
     * The member's donations as CSV, newest first (at most EXPORT_MAX): a stream of keyset batches
     * (lib/keyset-stream.ts), each with its drives, written as it is read.
     */
    exportCsv(user: SessionUser): Promise<Readable> {
      return keysetStream({
        read: (after: DonationExportKey | null, limit: number) =>
          repo.donorDonationsAfter(user.id, after, limit),
        keyOf: (row): DonationExportKey => ({ createdAt: row.created_at, id: row.id }),
        head: `${CSV_BOM}${DONATIONS_CSV_HEADER}\r\n`,
        batch: (rows) => rows.map((row) => `${donationCsvLine(row)}\r\n`).join(''),
        tail: '',
        batchSize: EXPORT_BATCH,
        max: EXPORT_MAX,
      });
    },

    billing: (user: SessionUser) => billingOf(user.id),

    async saveBilling(user: SessionUser, input: BillingProfile): Promise<BillingProfile> {
      await repo.saveBilling({
        user_id: user.id,
        billing_name: input.billingName,
        address_line1: input.addressLine1,
        address_line2: input.addressLine2,
        city: input.city,
        postal_code: input.postalCode,
        country: input.country,
        tax_id: input.taxId,
        updated_at: nowIso(),
      });
      return billingOf(user.id);
    },

    /** True when donations paid for (or are paying for) a sapling reservation's trees. */
    hasAllocatedDonations: async (reservationId: string, executor?: Executor) =>
      (await (executor ? deps.repo(executor) : repo).countAllocated(reservationId)) > 0,

    /** Who paid for a sapling reservation's trees: named donors, and one nameless entry for the rest. */
    async reservationDonors(
      reservationId: string,
    ): Promise<Array<{ userId: string | null; name: string | null }>> {
      const rows = await repo.reservationDonors(reservationId);
      const named = new Map<string, string>();
      let hidden = false;
      for (const r of rows) {
        if (r.anonymous === 1 || r.deleted_at) hidden = true;
        else named.set(r.user_id, r.name?.trim() || r.username);
      }
      return [
        ...[...named].map(([userId, name]) => ({ userId, name })),
        ...(hidden ? [{ userId: null, name: null }] : []),
      ];
    },

    /** Who gave to a drive (paid gifts, anonymous ones too): field updates tell each of them. */
    driveDonorIds: (driveId: string): Promise<string[]> => repo.paidDonorIds(driveId),
    /** The drives a member gave money to (trees or cash): their forest timeline shows their updates. */
    donorDriveIds: (donorId: string, limit: number): Promise<string[]> =>
      repo.paidDriveIds(donorId, limit),

    /** True when a drive received money (paid, or paid and refunded): it must not be deleted. */
    hasPaidDonations: (driveId: string, executor?: Executor) =>
      (executor ? deps.repo(executor) : repo).hasPaidDonations(driveId),

    /** A drives delete guard: a drive that received money keeps its records (409). */
    async refuseDriveDeletion(driveId: string, tx: Tx): Promise<string | null> {
      return (await deps.repo(tx.db).hasPaidDonations(driveId))
        ? DONATION_MESSAGES.driveHasDonations
        : null;
    },

    /** Dashboards' read-only figures (donation-summaries.ts). */
    ...donationSummaries(uow, settings.currency),

    /** The fulfilment of provider events, inside the transaction that recorded the event. */
    applyPaymentEvent,

    /** True when a donation was paid by this provider payment (a webhook's refund names it). */
    knowsPayment: async (paymentRef: string) => Boolean(await repo.findByPaymentRef(paymentRef)),

    /** Donations stay (they are financial records; users anonymises the donor); billing details go. */
    async onAccountDeleted(userId: string, tx: Tx): Promise<void> {
      await deps.repo(tx.db).deleteBilling(userId);
    },
  };
  return {
    ...service,
    /** Pay now, Cancel and the expiry of unpaid checkouts (issue 19 §7). */
    ...donationCheckouts({
      repo,
      gifts: recurringGiftsRepository(uow.db),
      clock,
      provider,
      log,
      requireOwned,
      create: service.create,
      giftRecipients: (donationId) => gifts.recipientsOf(donationId),
    }),
  };
}
export type DonationsService = ReturnType<typeof donationsService>;
