import type { CreateDonationRequest, Donation, DonationStatus } from '../../../contract/donations';
import { DONATION_CATEGORIES } from '../../../contract/options';
import type { RecurringStatus } from '../../../contract/recurring-gifts';

// Words people read come from words.ts (locales/<lang>/donations.json); this file has addresses.

export const DONATE_PATH = '/app/donate-tree';
export const TRANSACTIONS_PATH = '/app/transactions';
/** The checkout address names the general fund in English, as the spec's addresses do. */
const GENERAL_FUND_SEGMENT = 'General fund';

const enc = encodeURIComponent;
const withDonation = (path: string, id: string) => `${path}?donation=${enc(id)}`;

/** Donate Tree, with a drive chosen already when given. */
export const donatePath = (driveId?: string | null) =>
  driveId ? `${DONATE_PATH}?drive=${enc(driveId)}` : DONATE_PATH;
export const successPath = (id: string) => withDonation(`${DONATE_PATH}/success`, id);
export const cancelPath = (id: string) => withDonation(`${DONATE_PATH}/cancel`, id);
export const driveDetailPath = (id: string) => `/app/delive-detail/${enc(id)}`;
export const profilePath = (id: string) => `/app/user-profile/${enc(id)}`;

/**
 * The spec's summary address `/app/checkout/{driveEvenName}/{treeCash}/{donationDesc}`: the
 * drive's name (or "General fund"), "trees" or "cash", and the category. The page itself reads
 * the pending donation named by `?donation=`; the path only tells people what it is about.
 */
export const checkoutPath = (donation: Pick<Donation, 'id' | 'drive' | 'kind' | 'category'>) =>
  withDonation(
    `/app/checkout/${enc(donation.drive?.name ?? GENERAL_FUND_SEGMENT)}/${donation.kind}/${enc(donation.category)}`,
    donation.id,
  );

/** The theme colour of each status chip. */
export const STATUS_BADGE: Record<DonationStatus, string> = {
  pending: 'badge-warning',
  paid: 'badge-success',
  failed: 'badge-error',
  expired: 'badge-neutral',
  cancelled: 'badge-neutral',
  refunded: 'badge-info',
  disputed: 'badge-error',
};

/** The same choices as an earlier donation, for "Try again" after a failed or cancelled one. */
export function repeatRequest(donation: Donation): CreateDonationRequest {
  return {
    kind: donation.kind,
    ...(donation.kind === 'trees' ? { trees: donation.trees } : { amount: donation.amount }),
    driveId: donation.drive?.id ?? null,
    // A default category ("General fund") is not one of the list: the server gives it again.
    ...(DONATION_CATEGORIES.some((c) => c.value === donation.category)
      ? { category: donation.category }
      : {}),
    ...(donation.message ? { message: donation.message } : {}),
    anonymous: donation.anonymous,
  };
}

// ---- Recurring gifts (issue 22)

export const BILLING_PATH = '/app/settings-billing';

export const RECURRING_BADGE: Record<RecurringStatus, string> = {
  incomplete: 'badge-warning',
  active: 'badge-success',
  paused: 'badge-info',
  past_due: 'badge-error',
  cancelled: 'badge-neutral',
};
