import {
  CHECKOUT_EXPIRY_HOURS,
  DONATION_MESSAGES,
  type CreateDonationRequest,
  type Donation,
} from '../../../contract/donations';
import { DONATION_CATEGORIES } from '../../../contract/options';
import { RECURRING_MESSAGES } from '../../../contract/recurring-gifts';
import type { Clock } from '../../lib/clock';
import { AppError, conflict } from '../../lib/errors';
import type { Log } from '../../lib/log';
import type { SessionUser } from '../auth/auth.service';
import type { PaymentProvider } from '../payments/payment-provider';
import { toDonation, type DonationWithDrive } from './donation-mapper';
import type { CheckoutGuard } from './checkout-guard';
import type { NewGiftRecipient } from './donation-gifts';
import type { DonationsStore } from './donations-people';
import type { RecurringGiftsRepository } from './recurring-gifts.repository';

/** How many stale checkouts one expiry query takes, and how many batches one tick runs. */
export const EXPIRY_BATCH = 500;
const EXPIRY_BATCHES_PER_RUN = 20;
const EXPIRY_MS = CHECKOUT_EXPIRY_HOURS * 60 * 60 * 1000;

export interface DonationCheckoutsDeps {
  repo: DonationsStore;
  /** Issue 22: a recurring gift whose first payment is cancelled or expires ends with it. */
  gifts: RecurringGiftsRepository;
  clock: Clock;
  provider: PaymentProvider;
  log: Log;
  requireOwned: (user: SessionUser, id: string) => Promise<DonationWithDrive>;
  create: (
    user: SessionUser,
    input: CreateDonationRequest,
    gifts?: { treesEach: number; recipients: NewGiftRecipient[] },
    guard?: CheckoutGuard,
  ) => Promise<{ donation: Donation; checkoutUrl: string }>;
  /** The donation's gift recipients as chosen (donation-gifts.ts), null when it is no gift. */
  giftRecipients: (
    donationId: string,
  ) => Promise<{ treesEach: number; recipients: NewGiftRecipient[] } | null>;
}

/** The same choices as an earlier donation (a default category is given again by create). */
export function repeatOf(row: DonationWithDrive): CreateDonationRequest {
  return {
    kind: row.kind,
    ...(row.kind === 'trees' ? { trees: row.trees } : { amount: row.amount_minor }),
    driveId: row.drive_id,
    ...(DONATION_CATEGORIES.some((c) => c.value === row.category)
      ? { category: row.category }
      : {}),
    ...(row.message ? { message: row.message } : {}),
    anonymous: row.anonymous === 1,
  };
}

/**
 * Issue 19 §7: a pending donation's Pay now and Cancel, and the expiry of checkouts left unpaid
 * for CHECKOUT_EXPIRY_HOURS. None of these can lose money: fulfilment takes a payment for an
 * expired or cancelled donation all the same (donation-fulfilment.ts, FROM.paid).
 */
export function donationCheckouts(deps: DonationCheckoutsDeps) {
  const { repo, clock, provider, log } = deps;
  const nowIso = () => clock.now().toISOString();

  async function pending(user: SessionUser, id: string) {
    const row = await deps.requireOwned(user, id);
    if (row.status !== 'pending') throw conflict(DONATION_MESSAGES.notPending);
    return row;
  }

  return {
    /**
     * Pay now: the same checkout while the provider still has it open; else a new donation with the
     * same choices (its gift recipients too) and its checkout, and this one expires (after the new one exists, so a refusal
     * — the drive has taken place since — leaves it as it was). Only a new checkout passes `guard`
     * (the card-testing defence): giving the open one again counts nothing.
     */
    async checkout(
      user: SessionUser,
      id: string,
      guard?: CheckoutGuard,
    ): Promise<{ donation: Donation; checkoutUrl: string }> {
      const row = await pending(user, id);
      const open = Date.parse(row.created_at) > clock.now().getTime() - EXPIRY_MS;
      if (open && row.checkout_session_id && row.provider === provider.name) {
        let url: string | null;
        try {
          url = await provider.openCheckoutUrl(row.checkout_session_id, row.id);
        } catch (err) {
          log.error({ err, donation: row.id }, 'reading the checkout failed');
          throw new AppError(503, 'SERVICE_UNAVAILABLE', DONATION_MESSAGES.providerUnavailable);
        }
        if (url) return { donation: toDonation(row), checkoutUrl: url };
      }
      // A recurring gift's first payment is never repeated as a one-off gift: it starts again.
      if (row.subscription_id) throw conflict(RECURRING_MESSAGES.firstPaymentExpired);
      // The gift goes with it: the same recipients (new rows, so new claim codes).
      const gifts = await deps.giftRecipients(row.id);
      const started = await deps.create(user, repeatOf(row), gifts ?? undefined, guard);
      await repo.transition(row.id, ['pending'], {
        status: 'expired',
        failure_reason: DONATION_MESSAGES.checkoutExpired,
        updated_at: nowIso(),
      });
      return started;
    },

    /** Cancel: a pending donation becomes cancelled (nothing was charged). */
    async cancel(user: SessionUser, id: string): Promise<Donation> {
      const row = await pending(user, id);
      const changed = await repo.transition(row.id, ['pending'], {
        status: 'cancelled',
        updated_at: nowIso(),
      });
      if (!changed) throw conflict(DONATION_MESSAGES.notPending);
      if (row.subscription_id) await deps.gifts.endIncomplete([row.id], nowIso());
      return toDonation(await deps.requireOwned(user, id));
    },

    /**
     * The scheduled job: checkouts unpaid CHECKOUT_EXPIRY_HOURS after they started become
     * expired, oldest first, in batches on the (status, created_at) index. Answers how many.
     */
    async expireStaleCheckouts(): Promise<number> {
      const before = new Date(clock.now().getTime() - EXPIRY_MS).toISOString();
      let expired = 0;
      for (let batch = 0; batch < EXPIRY_BATCHES_PER_RUN; batch++) {
        const ids = await repo.stalePendingIds(before, EXPIRY_BATCH);
        expired += await repo.expirePending(ids, nowIso(), DONATION_MESSAGES.checkoutExpired);
        // Recurring gifts whose first payment expired end with it.
        await deps.gifts.endIncomplete(ids, nowIso());
        if (ids.length < EXPIRY_BATCH) break;
      }
      if (expired) log.info({ expired }, 'unpaid checkouts expired');
      return expired;
    },
  };
}
