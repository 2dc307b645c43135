import { formatCalendarDay, formatDate } from '../../lib/dates';
import { plural } from '../../lib/numbers';
import {
  DONATION_STATUS_LABELS,
  type CreateDonationRequest,
  type Donation,
  type DonationStatus,
} from '../../../contract/donations';
import { formatMoney } from '../../../contract/money';
import { DONATION_CATEGORIES } from '../../../contract/options';
import {
  RECURRING_INTERVAL_LABELS,
  RECURRING_STATUS_LABELS,
  type RecurringGift,
  type RecurringStatus,
} from '../../../contract/recurring-gifts';

export const DONATE_PATH = '/app/donate-tree';
export const TRANSACTIONS_PATH = '/app/transactions';
export const GENERAL_FUND = 'General fund';

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
    `/app/checkout/${enc(recipientName(donation))}/${donation.kind}/${enc(donation.category)}`,
    donation.id,
  );

/** Who receives it: the drive's name, the organisation's (issue 22), or "General fund". */
export const recipientName = (donation: Pick<Donation, 'drive' | 'organisation'>) =>
  donation.drive?.name ?? donation.organisation?.name ?? GENERAL_FUND;

/** What was given: "3 trees" or "$25.00". */
export const giftText = (donation: Pick<Donation, 'kind' | 'trees' | 'amount' | 'currency'>) =>
  donation.kind === 'trees'
    ? plural(donation.trees, 'tree')
    : formatMoney(donation.amount, donation.currency);

export const amountText = (donation: Pick<Donation, 'amount' | 'currency'>) =>
  formatMoney(donation.amount, donation.currency);

/** "14 Mar 2026" (in the browser's locale and zone). */
export const formatDay = (iso: string): string => formatDate(iso);

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
export const statusLabel = (status: DonationStatus) => DONATION_STATUS_LABELS[status];

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

/** "14 Mar 2026" for a calendar day `YYYY-MM-DD` (a pause's end), never shifted by the zone. */
export const formatCalendarDate = (day: string): string => formatCalendarDay(`${day}T00:00:00Z`);

/** What each period gives: "5 trees" or "$25.00". */
export const recurringGiftText = (
  gift: Pick<RecurringGift, 'kind' | 'trees' | 'amount' | 'currency'>,
) => (gift.kind === 'trees' ? plural(gift.trees, 'tree') : formatMoney(gift.amount, gift.currency));

/** "5 trees every month", "$25.00 every year". */
export const recurringTitle = (
  gift: Pick<RecurringGift, 'kind' | 'trees' | 'amount' | 'currency' | 'interval'>,
) => `${recurringGiftText(gift)} ${RECURRING_INTERVAL_LABELS[gift.interval]}`;

export const RECURRING_BADGE: Record<RecurringStatus, string> = {
  incomplete: 'badge-warning',
  active: 'badge-success',
  paused: 'badge-info',
  past_due: 'badge-error',
  cancelled: 'badge-neutral',
};
export const recurringStatusLabel = (status: RecurringStatus) => RECURRING_STATUS_LABELS[status];
