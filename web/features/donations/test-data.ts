/* Test-only data for the donations component tests. */
import { DONATION_CATEGORIES } from '../../../contract/options';
import type { Donation, DonationOptions } from '../../../contract/donations';
import type { RecurringGift } from '../../../contract/recurring-gifts';
import type { FetchRoute } from '../../test-support/render';

export const OPTIONS: DonationOptions = {
  currency: 'USD',
  treePrice: 250,
  minAmount: 100,
  maxAmount: 1_000_000,
  maxTrees: 1000,
  categories: DONATION_CATEGORIES.map((c) => ({ ...c })),
  testMode: true,
};

/** A donation as the API shows it, with overrides. */
export function buildDonation(overrides: Partial<Donation> = {}): Donation {
  const id = overrides.id ?? 'don-1';
  return {
    id,
    _id: id,
    kind: 'trees',
    trees: 3,
    amount: 750,
    currency: 'USD',
    category: 'Trees',
    message: null,
    anonymous: false,
    status: 'pending',
    receiptNumber: null,
    drive: { id: 'd-1', name: 'River oaks', startsAt: '2026-03-14T10:00:00.000Z' },
    createdAt: '2026-01-05T09:00:00.000Z',
    paidAt: null,
    failureReason: null,
    ...overrides,
  };
}

export const paidDonation = (overrides: Partial<Donation> = {}) =>
  buildDonation({
    status: 'paid',
    receiptNumber: 'CAN-2026-000042',
    paidAt: '2026-01-05T09:01:00.000Z',
    ...overrides,
  });

/** Answers GET /api/donations/options. */
export const optionsRoute =
  (options: DonationOptions = OPTIONS): FetchRoute =>
  (url, init) =>
    url.pathname === '/api/donations/options' && (init?.method ?? 'GET') === 'GET'
      ? { status: 200, body: { success: true, data: options } }
      : undefined;

/** Answers GET /api/donations/{id} with whatever `current()` says at the time. */
export const donationRoute =
  (current: () => Donation): FetchRoute =>
  (url, init) => {
    const donation = current();
    return url.pathname === `/api/donations/${donation.id}` && (init?.method ?? 'GET') === 'GET'
      ? { status: 200, body: { success: true, data: donation } }
      : undefined;
  };

/** The JSON body a mocked fetch was called with. */
export const sentBody = (init: RequestInit | undefined): unknown =>
  JSON.parse(String(init?.body ?? 'null'));

/** A recurring gift as GET /api/donations/recurring lists it (5 trees a month, active), with overrides. */
export function buildRecurringGift(overrides: Partial<RecurringGift> = {}): RecurringGift {
  return {
    id: 'sub-1',
    status: 'active',
    kind: 'trees',
    trees: 5,
    amount: 1250,
    currency: 'USD',
    interval: 'month',
    nextAt: '2026-02-05T09:00:00.000Z',
    pauseUntil: null,
    cancelAtPeriodEnd: false,
    organisation: null,
    yearlyStatement: false,
    failureReason: null,
    createdAt: '2026-01-05T09:00:00.000Z',
    donations: [
      {
        id: 'don-p1',
        status: 'paid',
        amount: 1250,
        trees: 5,
        receiptNumber: 'CAN-2026-000042',
        createdAt: '2026-01-05T09:00:00.000Z',
        paidAt: '2026-01-05T09:01:00.000Z',
      },
    ],
    ...overrides,
  };
}

/** Answers GET /api/donations/recurring with whatever `current()` says at the time. */
export const recurringListRoute =
  (current: () => RecurringGift[], portal = false): FetchRoute =>
  (url, init) =>
    url.pathname === '/api/donations/recurring' && (init?.method ?? 'GET') === 'GET'
      ? { status: 200, body: { success: true, data: current(), portal } }
      : undefined;
