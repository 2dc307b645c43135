import {
  DEFAULT_CATEGORY,
  DONATION_MESSAGES,
  donationLimitProblem,
} from '../../../contract/donations';
import {
  RECURRING_MESSAGES,
  YEARLY_RENEWAL_NOTICE_DAYS,
  recurringGiftText,
  type CreateRecurringRequest,
  type RecurringGift,
  type UpdateRecurringRequest,
} from '../../../contract/recurring-gifts';
import type { Config } from '../../config';
import type { DonationRow, DonationSubscriptionRow } from '../../db/tables';
import type { Tx, UnitOfWork } from '../../db/unit-of-work';
import type { JobsPort, MailQueue } from '../../jobs/jobs-port';
import type { Clock } from '../../lib/clock';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Log } from '../../lib/log';
import type { SessionUser } from '../auth/auth.service';
import type { PaymentEvent, PaymentProvider } from '../payments/payment-provider';
import type { Person } from '../users/users.service';
import type { CheckoutGuard } from './checkout-guard';
import { donationStatusOf } from './donation-mapper';
import { BILLING_PATH, renewalNoticeMail } from './recurring-emails';
import { addInterval, CANCEL_AT_PROVIDER_JOB } from './recurring-fulfilment';
import { recurringGiftsRepository } from './recurring-gifts.repository';
import { donationsRepository } from './donations.repository';

/** The most gifts Billing lists, and the periods shown of each. */
const GIFTS_MAX = 50;
const PERIODS_SHOWN = 24;
/** Gifts one scheduled pass takes per query, and queries per pass. */
const BATCH = 100;
const BATCHES_PER_RUN = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RecurringGiftsDeps {
  uow: UnitOfWork;
  clock: Clock;
  log: Log;
  provider: PaymentProvider;
  settings: Config['donations'];
  appUrl: string;
  mail: MailQueue;
  jobs: JobsPort;
  person: (id: string, tx?: Tx) => Promise<Person | undefined>;
  people: (ids: Iterable<string>) => Promise<Map<string, Person>>;
}

const providerDown = (log: Log, err: unknown, what: string) => {
  log.error({ err }, what);
  return new AppError(503, 'SERVICE_UNAVAILABLE', RECURRING_MESSAGES.providerUnavailable);
};

/** YYYY-MM-DD of an instant, UTC. */
const dayOf = (iso: string) => iso.slice(0, 10);
/** "14 March 2027" (UTC day). */
const longDay = (isoOrDay: string) =>
  new Date(`${isoOrDay.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * Issue 22: monthly and yearly gifts. Each period is an ordinary donation paid through the one
 * fulfilment path (recurring-fulfilment.ts); this holds the rules of starting and managing a gift,
 * the test provider's renewals and the yearly renewal notice.
 */
export function recurringGifts(deps: RecurringGiftsDeps) {
  const { uow, clock, log, provider, settings } = deps;
  const repo = recurringGiftsRepository(uow.db);
  const nowIso = () => clock.now().toISOString();

  async function requireOwned(user: SessionUser, id: string) {
    const gift = await repo.findOwned(id, user.id);
    if (!gift) throw notFound(RECURRING_MESSAGES.notFound);
    return gift;
  }

  /** The member's customer at the provider, made once (null for providers without customers). */
  async function customerOf(user: SessionUser): Promise<string | null> {
    if (!provider.createCustomer) return null;
    const known = await repo.customerOf(user.id, provider.name);
    if (known) return known;
    const ref = await provider.createCustomer({
      id: user.id,
      email: user.email,
      name: user.name?.trim() || user.username,
    });
    await repo.saveCustomer(user.id, provider.name, ref, nowIso());
    // Two first gifts at once: the provider's idempotency key made one customer; keep the stored.
    return (await repo.customerOf(user.id, provider.name)) ?? ref;
  }

  async function organisationOf(id: string | null | undefined) {
    if (!id) return null;
    const organisation = await deps.person(id);
    if (!organisation || organisation.deletedAt || organisation.profileType !== 'corporate')
      throw fieldError('organisationId', RECURRING_MESSAGES.organisationUnknown);
    return organisation;
  }

  function toGift(
    gift: DonationSubscriptionRow,
    periods: DonationRow[],
    organisations: Map<string, Person>,
  ): RecurringGift {
    const organisation = gift.organisation_id ? organisations.get(gift.organisation_id) : undefined;
    return {
      id: gift.id,
      status: gift.status,
      kind: gift.kind,
      trees: gift.trees,
      amount: gift.amount_minor,
      currency: gift.currency,
      interval: gift.interval,
      nextAt: gift.status === 'cancelled' || gift.status === 'incomplete' ? null : gift.next_at,
      pauseUntil: gift.pause_until,
      cancelAtPeriodEnd: gift.cancel_at_period_end === 1,
      organisation:
        gift.organisation_id && organisation
          ? {
              id: gift.organisation_id,
              name: organisation.deletedAt
                ? 'Former member'
                : organisation.name?.trim() || organisation.username,
            }
          : null,
      yearlyStatement: gift.yearly_statement === 1,
      failureReason: gift.failure_reason,
      createdAt: gift.created_at,
      donations: periods.map((d) => ({
        id: d.id,
        status: donationStatusOf(d),
        amount: d.amount_minor,
        trees: d.trees,
        receiptNumber: d.receipt_number,
        createdAt: d.created_at,
        paidAt: d.paid_at,
      })),
    };
  }

  /** Gifts as the API shows them: their latest periods and organisations, one query each. */
  async function giftViews(gifts: DonationSubscriptionRow[]): Promise<RecurringGift[]> {
    const [periods, organisations] = await Promise.all([
      repo.periodsOf(
        gifts.map((g) => g.id),
        PERIODS_SHOWN,
      ),
      deps.people(gifts.flatMap((g) => (g.organisation_id ? [g.organisation_id] : []))),
    ]);
    return gifts.map((gift) =>
      toGift(
        gift,
        periods.filter((p) => p.subscription_id === gift.id),
        organisations,
      ),
    );
  }

  /** A change at the provider first (a refusal changes nothing here), then in the database. */
  async function atProvider(gift: DonationSubscriptionRow, change: () => Promise<void>) {
    if (!gift.provider_ref || gift.provider !== provider.name) return;
    try {
      await change();
    } catch (err) {
      throw providerDown(log, err, 'changing the subscription at the provider failed');
    }
  }

  /**
   * When the period starting at `due` ends, counted from the first payment as Stripe counts from
   * its billing anchor, so month ends do not drift (31 Jan → 28 Feb → 31 Mar).
   */
  async function periodAfter(gift: DonationSubscriptionRow, due: string): Promise<string> {
    const first = gift.first_donation_id ? await repo.findDonation(gift.first_donation_id) : null;
    const anchor = first?.paid_at;
    if (!anchor) return addInterval(due, gift.interval);
    const [a, d] = [new Date(anchor), new Date(due)];
    const years = d.getUTCFullYear() - a.getUTCFullYear();
    const periods =
      gift.interval === 'year' ? years : years * 12 + d.getUTCMonth() - a.getUTCMonth();
    return addInterval(anchor, gift.interval, periods + 1);
  }

  return {
    /**
     * A new gift waiting for its first payment, its first period's pending donation and the
     * checkout that pays it (and starts the subscription at the provider).
     */
    async create(user: SessionUser, input: CreateRecurringRequest, guard?: CheckoutGuard) {
      const problem = donationLimitProblem(input, settings);
      if (problem) throw fieldError(problem.field, problem.message);
      const organisation = await organisationOf(input.organisationId);
      await guard?.();
      const trees = input.kind === 'trees' ? input.trees! : 0;
      const amount = input.kind === 'trees' ? trees * settings.treePrice : input.amount!;
      const at = nowIso();
      const id = newId();
      const donationId = newId();
      const category = DEFAULT_CATEGORY[input.kind];
      const anonymous = input.anonymous ? 1 : 0;
      await uow.withTransaction(async (tx) => {
        const txRepo = recurringGiftsRepository(tx.db);
        await txRepo.insert({
          id,
          donor_id: user.id,
          organisation_id: organisation?.id ?? null,
          kind: input.kind,
          trees,
          amount_minor: amount,
          currency: settings.currency,
          category,
          anonymous,
          interval: input.interval,
          status: 'incomplete',
          provider: provider.name,
          first_donation_id: donationId,
          created_at: at,
          updated_at: at,
        });
        await txRepo.insertPeriod({
          id: donationId,
          donor_id: user.id,
          drive_id: null,
          organisation_id: organisation?.id ?? null,
          subscription_id: id,
          kind: input.kind,
          trees,
          amount_minor: amount,
          currency: settings.currency,
          category,
          message: null,
          anonymous,
          status: 'pending',
          provider: provider.name,
          created_at: at,
          updated_at: at,
        });
      });
      const gift = recurringGiftText({ ...input, trees, amount, currency: settings.currency });
      let checkout;
      try {
        checkout = await provider.createSubscriptionCheckout({
          donationId,
          subscriptionId: id,
          interval: input.interval,
          customerRef: await customerOf(user),
          amount,
          currency: settings.currency,
          description: `Canopy: ${gift}${organisation ? ` for ${organisation.name?.trim() || organisation.username}` : ''}`,
          customerEmail: user.email,
          successUrl: `${deps.appUrl}/app/donate-tree/success?donation=${donationId}`,
          cancelUrl: `${deps.appUrl}/app/donate-tree/cancel?donation=${donationId}`,
        });
      } catch (err) {
        const failedAt = nowIso();
        await uow.withTransaction(async (tx) => {
          const txRepo = recurringGiftsRepository(tx.db);
          await txRepo.cancelPending(donationId, failedAt, DONATION_MESSAGES.providerUnavailable);
          await txRepo.update(id, {
            status: 'cancelled',
            cancelled_at: failedAt,
            updated_at: failedAt,
          });
        });
        throw providerDown(log, err, 'creating the subscription checkout failed');
      }
      await donationsRepository(uow.db).setCheckoutSession(
        donationId,
        checkout.sessionId,
        nowIso(),
      );
      return { id, donationId, checkoutUrl: checkout.url };
    },

    /** The member's gifts, newest first, each with its latest periods. */
    async list(user: SessionUser): Promise<RecurringGift[]> {
      return giftViews(await repo.listForDonor(user.id, GIFTS_MAX));
    },

    /** Pause, change, cancel, resume or the statement choice: one at a time. */
    async update(
      user: SessionUser,
      id: string,
      input: UpdateRecurringRequest,
    ): Promise<{ gift: RecurringGift; message: string }> {
      const gift = await requireOwned(user, id);
      const at = nowIso();
      const today = dayOf(at);
      const done = async (message: string) => ({
        gift: (await giftViews([(await repo.find(id))!]))[0]!,
        message,
      });
      if (input.yearlyStatement !== undefined) {
        await repo.update(id, { yearly_statement: input.yearlyStatement ? 1 : 0, updated_at: at });
        return done(RECURRING_MESSAGES.statementChoice);
      }
      if (gift.status === 'cancelled') throw conflict(RECURRING_MESSAGES.cancelled);

      if (input.cancel) {
        // Nothing paid yet, or "now": it ends at once; else when the paid period ends.
        if (input.cancel === 'now' || gift.status === 'incomplete') {
          await atProvider(gift, () => provider.cancelSubscription!(gift.provider_ref!));
          await uow.withTransaction(async (tx) => {
            const txRepo = recurringGiftsRepository(tx.db);
            await txRepo.update(id, {
              status: 'cancelled',
              cancelled_at: at,
              cancel_at_period_end: 0,
              updated_at: at,
            });
            if (gift.first_donation_id)
              await txRepo.cancelPending(gift.first_donation_id, at, DONATION_MESSAGES.cancelled);
          });
          return done(RECURRING_MESSAGES.cancelledNow);
        }
        await atProvider(gift, () =>
          provider.updateSubscription!(gift.provider_ref!, { cancelAtPeriodEnd: true }),
        );
        await repo.update(id, { cancel_at_period_end: 1, updated_at: at });
        return done(RECURRING_MESSAGES.cancelAtPeriodEnd(longDay(gift.next_at ?? at)));
      }

      if (gift.status === 'incomplete') throw conflict(RECURRING_MESSAGES.incomplete);

      if (input.pauseUntil !== undefined) {
        const until = input.pauseUntil;
        if (!(until > today) || Number.isNaN(Date.parse(`${until}T00:00:00Z`)))
          throw fieldError('pauseUntil', RECURRING_MESSAGES.pauseFuture);
        if (until > dayOf(addInterval(at, 'year')))
          throw fieldError('pauseUntil', RECURRING_MESSAGES.pauseTooLong);
        await atProvider(gift, () =>
          provider.updateSubscription!(gift.provider_ref!, {
            pauseUntil: new Date(`${until}T00:00:00Z`),
          }),
        );
        await repo.update(id, { pause_until: until, status: 'paused', updated_at: at });
        return done(RECURRING_MESSAGES.paused(longDay(until)));
      }

      if (input.resume) {
        const paused = gift.status === 'paused' || gift.pause_until !== null;
        if (!paused && gift.cancel_at_period_end !== 1)
          throw conflict(RECURRING_MESSAGES.notPaused);
        await atProvider(gift, () =>
          provider.updateSubscription!(gift.provider_ref!, {
            ...(paused ? { pauseUntil: null } : {}),
            ...(gift.cancel_at_period_end === 1 ? { cancelAtPeriodEnd: false } : {}),
          }),
        );
        await repo.update(id, {
          pause_until: null,
          cancel_at_period_end: 0,
          ...(gift.status === 'paused' ? { status: 'active' as const } : {}),
          updated_at: at,
        });
        return done(RECURRING_MESSAGES.resumed);
      }

      // A new amount or number of trees, from the next period on.
      const change = { kind: gift.kind, trees: input.trees, amount: input.amount };
      if (gift.kind === 'trees' && input.trees === undefined)
        throw fieldError('amount', DONATION_MESSAGES.treesWithAmount);
      if (gift.kind === 'cash' && input.amount === undefined)
        throw fieldError('trees', DONATION_MESSAGES.amountWithTrees);
      const problem = donationLimitProblem(change, settings);
      if (problem) throw fieldError(problem.field, problem.message);
      const trees = gift.kind === 'trees' ? input.trees! : 0;
      const amount = gift.kind === 'trees' ? trees * settings.treePrice : input.amount!;
      await atProvider(gift, () =>
        provider.updateSubscription!(gift.provider_ref!, {
          price: {
            amount,
            currency: gift.currency,
            interval: gift.interval,
            description: `Canopy: ${recurringGiftText({ kind: gift.kind, trees, amount, currency: gift.currency, interval: gift.interval })}`,
          },
        }),
      );
      await repo.update(id, { trees, amount_minor: amount, updated_at: at });
      return done(RECURRING_MESSAGES.changed);
    },

    /**
     * A deleted account gives nothing more: its gifts end in the deleting transaction, and at
     * the provider by a queued job each (never a network call inside the transaction).
     */
    async endAllOf(userId: string, tx: Tx): Promise<void> {
      const txRepo = recurringGiftsRepository(tx.db);
      const at = nowIso();
      for (const gift of await txRepo.listForDonor(userId, 10_000)) {
        if (gift.status === 'cancelled') continue;
        await txRepo.update(gift.id, {
          status: 'cancelled',
          cancelled_at: at,
          cancel_at_period_end: 0,
          next_at: null,
          updated_at: at,
        });
        if (gift.first_donation_id)
          await txRepo.cancelPending(gift.first_donation_id, at, DONATION_MESSAGES.cancelled);
        if (gift.provider_ref)
          await deps.jobs.enqueue(tx, CANCEL_AT_PROVIDER_JOB, { ref: gift.provider_ref });
      }
    },

    /** Stripe's Customer Portal for the member's cards and invoices. */
    async portalUrl(user: SessionUser): Promise<string> {
      if (!provider.portalUrl) throw notFound(RECURRING_MESSAGES.portalTestMode);
      const customer = await repo.customerOf(user.id, provider.name);
      if (!customer) throw notFound(RECURRING_MESSAGES.notFound);
      try {
        return await provider.portalUrl(customer, `${deps.appUrl}${BILLING_PATH}`);
      } catch (err) {
        throw providerDown(log, err, 'opening the customer portal failed');
      }
    },

    /** True when Billing offers the provider's page for cards and invoices. */
    portal: () => Boolean(provider.portalUrl),

    /**
     * The test provider's billing engine (issue 22): each due period of a test-mode gift is
     * answered as Stripe would — skipped while paused, the end of a gift cancelled at period end,
     * else an `invoice.paid` event, which the caller fulfils through the one fulfilment path.
     * Answers the events of one batch; called again until it answers none.
     */
    async dueTestRenewals(): Promise<PaymentEvent[]> {
      const now = nowIso();
      const events: PaymentEvent[] = [];
      for (const gift of await repo.due('test', now, BATCH)) {
        const due = gift.next_at!;
        if (gift.cancel_at_period_end === 1) {
          await repo.update(gift.id, {
            status: 'cancelled',
            cancelled_at: due,
            next_at: null,
            updated_at: now,
          });
          continue;
        }
        if (gift.pause_until && dayOf(due) < gift.pause_until) {
          // Paused: this period is skipped, nothing is charged.
          await repo.update(gift.id, {
            next_at: await periodAfter(gift, due),
            status: 'paused',
            updated_at: now,
          });
          continue;
        }
        if (gift.status === 'paused')
          await repo.update(gift.id, { status: 'active', pause_until: null, updated_at: now });
        const n = gift.periods + 1;
        events.push({
          provider: 'test',
          id: `evt_test_renewal_${gift.id}_${n}`,
          type: 'invoice.paid',
          outcome: 'paid',
          sessionId: null,
          paymentRef: `pi_test_renewal_${gift.id}_${n}`,
          donationId: null,
          amount: gift.amount_minor,
          currency: gift.currency,
          failureReason: null,
          subscription: {
            id: gift.id,
            ref: null,
            invoiceRef: `in_test_${gift.id}_${n}`,
            billingReason: 'subscription_cycle',
            periodEnd: await periodAfter(gift, due),
            status: null,
            cancelAtPeriodEnd: null,
            nextAttemptAt: null,
            customerRef: null,
          },
        });
      }
      return events;
    },

    /** Once a day: the mail 7 days before each yearly renewal, once per renewal. */
    async sendRenewalNotices(signal?: AbortSignal): Promise<number> {
      const now = clock.now();
      const to = new Date(now.getTime() + YEARLY_RENEWAL_NOTICE_DAYS * DAY_MS).toISOString();
      let sent = 0;
      for (const name of ['test', 'stripe']) {
        for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
          if (signal?.aborted) throw new Error('renewal notices stopped');
          const gifts = await repo.renewalsToTell(name, now.toISOString(), to, BATCH);
          for (const gift of gifts) {
            await uow.withTransaction(async (tx) => {
              const donor = await deps.person(gift.donor_id, tx);
              if (donor && !donor.deletedAt)
                await deps.mail.send(
                  tx,
                  renewalNoticeMail({
                    to: donor.email,
                    name: donor.name?.trim() || donor.username,
                    gift,
                    on: gift.next_at!,
                    locale: donor.locale,
                    link: `${deps.appUrl}${BILLING_PATH}`,
                  }),
                  { key: `renewal-notice:${gift.id}:${gift.next_at}` },
                );
              await recurringGiftsRepository(tx.db).update(gift.id, {
                reminded_for: gift.next_at,
              });
            });
            sent += 1;
          }
          if (gifts.length < BATCH) break;
        }
      }
      return sent;
    },
  };
}
export type RecurringGifts = ReturnType<typeof recurringGifts>;
