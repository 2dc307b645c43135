import {
  DONATION_STATUS_LABELS,
  type DonatedTree,
  type Donation,
  type DonationListItem,
} from '../../../contract/donations';
import { majorAmountText } from '../../../contract/money';
import type { DonationRow } from '../../db/tables';
import { csvFile, csvLine } from '../../lib/csv';
import { translator, type Translator } from '../../lib/i18n';
import type { DonationRowWithGift } from './donations.repository';

/** A donation row with the drive it went to (left-joined, so null for the general fund). */
export type DonationWithDrive = DonationRow & {
  drive_name: string | null;
  drive_starts_at: string | null;
  nursery_id?: string | null;
  nursery_username?: string | null;
  nursery_name?: string | null;
  nursery_deleted_at?: string | null;
  /** Issue 22: the organisation's shown name (null when gone or none). */
  organisation_name?: string | null;
};

/** The partner nursery growing a tree donation's trees, when it is allocated to a reservation. */
export const nurseryOf = (row: DonationWithDrive) =>
  row.nursery_id && row.nursery_username
    ? {
        id: row.nursery_id,
        name: row.nursery_deleted_at
          ? 'Former member'
          : row.nursery_name?.trim() || row.nursery_username,
      }
    : null;

/** The status the donor reads: a disputed payment is stored `refunded` with `disputed_at` (0051). */
export const donationStatusOf = (row: Pick<DonationRow, 'status' | 'disputed_at'>) =>
  row.status === 'refunded' && row.disputed_at ? ('disputed' as const) : row.status;

const driveOf = (row: DonationWithDrive) =>
  row.drive_id && row.drive_name !== null && row.drive_starts_at !== null
    ? { id: row.drive_id, name: row.drive_name, startsAt: row.drive_starts_at }
    : null;

export function toDonation(row: DonationWithDrive): Donation {
  return {
    id: row.id,
    _id: row.id,
    kind: row.kind,
    trees: row.trees,
    amount: row.amount_minor,
    currency: row.currency,
    category: row.category,
    message: row.message,
    anonymous: row.anonymous === 1,
    status: donationStatusOf(row),
    receiptNumber: row.receipt_number,
    drive: driveOf(row),
    createdAt: row.created_at,
    paidAt: row.paid_at,
    failureReason: row.failure_reason,
    nursery: nurseryOf(row),
    subscriptionId: row.subscription_id,
    organisation:
      row.organisation_id && row.organisation_name
        ? { id: row.organisation_id, name: row.organisation_name }
        : null,
  };
}

/** A donation of the list, with its gift summary (null when it is no gift to someone). */
export function toDonationListItem(row: DonationWithDrive & DonationRowWithGift): DonationListItem {
  return {
    ...toDonation(row),
    gift:
      row.gift_count > 0 && row.gift_recipient_name !== null
        ? {
            recipients: row.gift_count,
            claimed: row.gift_claimed,
            recipientName: row.gift_recipient_name,
            recipientEmailed: row.gift_recipient_emailed,
          }
        : null,
  };
}

export function toDonatedTree(row: DonationWithDrive): DonatedTree {
  return {
    id: row.id,
    _id: row.id,
    trees: row.trees,
    drive: driveOf(row),
    date: row.paid_at ?? row.created_at,
    amount: row.amount_minor,
    currency: row.currency,
    receiptNumber: row.receipt_number ?? '',
  };
}

/** `1 tree`, `1,000 trees`. */
/** Words about gifts, in a recipient's language (English unless a translator is given). */
export type GiftWords = Translator<'mail-donations'>;
const english = (): GiftWords => translator(null, 'mail-donations');

export const treesText = (trees: number, t: GiftWords = english()) =>
  t('gift.trees', { count: trees });

/** What was given, in words: `12 trees for "Riverbank planting"` or `Cash donation for the general fund`. */
export function describeGift(
  donation: {
    kind: 'trees' | 'cash';
    trees: number;
    driveName: string | null;
    /** The partner nursery that grows the trees, when there is one. */
    nurseryName?: string | null;
    /** Issue 22: the organisation (corporate account) the gift goes to, when not a drive. */
    organisationName?: string | null;
  },
  t: GiftWords = english(),
): string {
  const what = donation.kind === 'trees' ? treesText(donation.trees, t) : t('gift.cash');
  const gift = donation.driveName
    ? t('gift.forDrive', { what, drive: donation.driveName })
    : donation.organisationName
      ? t('gift.forOrganisation', { what, organisation: donation.organisationName })
      : t('gift.forGeneralFund', { what });
  return donation.nurseryName ? t('gift.grownBy', { gift, nursery: donation.nurseryName }) : gift;
}

const CSV_COLUMNS = [
  'date',
  'receipt_number',
  'kind',
  'trees',
  'amount',
  'currency',
  'status',
  'drive',
  'category',
  'message',
] as const;

/** The download's header line. */
export const DONATIONS_CSV_HEADER = csvLine(CSV_COLUMNS);

/** One donation as a line of the download, its amount in major units. */
export function donationCsvLine(row: DonationWithDrive): string {
  return csvLine([
    row.paid_at ?? row.created_at,
    row.receipt_number,
    row.kind,
    row.trees,
    majorAmountText(row.amount_minor, row.currency),
    row.currency,
    DONATION_STATUS_LABELS[donationStatusOf(row)],
    row.drive_name,
    row.category,
    row.message,
  ]);
}

/** The Transactions page download whole: one row per donation (the stream writes the same bytes). */
export function donationsCsv(rows: DonationWithDrive[]): string {
  return csvFile([DONATIONS_CSV_HEADER, ...rows.map(donationCsvLine)]);
}
