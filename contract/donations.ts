import { z } from 'zod';
import { pagedResponseFields, pagingQueryFields } from './common';
import { GIFT_MESSAGES, giftRequestSchema } from './gifts';
import { formatMoney } from './money';
import { DONATION_CATEGORIES } from './options';

/** Money is always integer minor units (cents) with an ISO 4217 currency code. */
export const moneyMinorSchema = z.number().int().nonnegative();

export const DONATION_KINDS = ['trees', 'cash'] as const;

/**
 * pending → paid | failed | expired | cancelled; paid → refunded | disputed (issue 22: the card
 * holder disputed the charge). Only provider events move it.
 */
export const DONATION_STATUSES = [
  'pending',
  'paid',
  'failed',
  'expired',
  'cancelled',
  'refunded',
  'disputed',
] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];

export const DONATION_STATUS_LABELS: Record<DonationStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  disputed: 'Disputed',
};

export const DONATION_LIMITS = {
  messageMax: 500,
  billingFieldMax: 200,
  taxIdMax: 40,
} as const;

/** Cards the built-in test provider knows; any other number is refused as unknown. */
export const TEST_CARDS = {
  pays: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export const DONATION_MESSAGES = {
  kindRequired: 'Please choose whether you give trees or cash.',
  categoryRequired: 'Please choose a category.',
  categoryUnknown: 'Please choose a category from the list.',
  treesRequired: 'Please enter how many trees you give.',
  treesWhole: 'Please enter a whole number of trees.',
  amountWhole: 'Please enter the amount in whole cents.',
  treesWithAmount: 'A tree donation is priced by Canopy; please do not send an amount with it.',
  amountRequired: 'Please enter the amount you give.',
  amountWithTrees: 'A cash donation has an amount, not a number of trees.',
  treesRange: (max: number) =>
    `You can give from 1 to ${max.toLocaleString('en-US')} trees at once.`,
  amountRange: (min: string, max: string) => `Please give an amount from ${min} to ${max}.`,
  messageTooLong: `Your message must be at most ${DONATION_LIMITS.messageMax} characters.`,
  driveUnknown: 'We could not find that drive. Please choose another one.',
  drivePast:
    'This drive has already taken place; please choose an upcoming drive or the general fund.',
  notFound: 'We could not find that donation.',
  notPending: 'This donation is no longer waiting for payment.',
  notPaid: 'Only a paid donation can be refunded or disputed.',
  receiptNotPaid: 'A receipt is available once the payment is confirmed.',
  certificateTreesOnly:
    'Certificates are for gifts of trees; a cash donation has its receipt instead.',
  certificateNotPaid: 'The certificate is available once the payment is confirmed.',
  certificateRefunded: 'This gift was refunded, so it has no certificate.',
  testModeOff: 'Test payments are not enabled on this server.',
  cardNumberInvalid: 'Please enter a valid card number.',
  expiryInvalid: 'Please enter the expiry date as MM/YY.',
  expiryPast: 'This card has expired.',
  cvcInvalid: 'Please enter the 3 or 4 digit security code.',
  cardDeclined: 'Your card was declined. Nothing was charged.',
  paymentFailed: 'The payment did not go through. Nothing was charged.',
  insufficientFunds: 'Your card has insufficient funds. Nothing was charged.',
  cardUnknown: `This test card is not known. Use ${TEST_CARDS.pays.replace(/(\d{4})(?=\d)/g, '$1 ')} to pay.`,
  paymentStarted: 'Your payment was received and is being confirmed.',
  driveHasDonations: 'This drive has received donations, so it cannot be deleted.',
  billingSaved: 'Billing details saved.',
  providerUnavailable:
    'The payment provider could not be reached. Nothing was charged; please try again.',
  freeSaplings: 'This nursery gives these saplings for free; no donation is needed.',
  cancelled: 'Your donation was cancelled. Nothing was charged.',
  checkoutExpired:
    'This checkout was not paid within 24 hours, so it expired. Nothing was charged.',
} as const;

/** Issue 19 §7: the quick choices of the donate form (trees, and cash in major units). */
export const DONATION_TREE_TILES = [1, 5, 10, 25] as const;
export const DONATION_CASH_TILES = [10, 25, 50, 100] as const;
/** The category a donation without one gets: trees are "Trees", cash goes to the general fund. */
export const DEFAULT_CATEGORY = { trees: 'Trees', cash: 'General fund' } as const;
/** A checkout unpaid this long after it was started becomes `expired`. */
export const CHECKOUT_EXPIRY_HOURS = 24;

// ---- GET /api/donations/options

export const donationOptionsSchema = z.object({
  currency: z.string().length(3),
  /** Price of one tree, minor units. */
  treePrice: moneyMinorSchema,
  /** Cash limits, minor units. */
  minAmount: moneyMinorSchema,
  maxAmount: moneyMinorSchema,
  maxTrees: z.number().int().positive(),
  categories: z.array(z.object({ value: z.string(), label: z.string() })),
  /** True when the built-in test provider takes the payment (no real card is charged). */
  testMode: z.boolean(),
  /**
   * Asked for a drive (`?driveId=`) a partner nursery supplies: `treePrice` is that nursery's
   * sapling price and tree donations are allocated to its reservation.
   */
  nursery: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
});
export type DonationOptions = z.infer<typeof donationOptionsSchema>;
export const donationOptionsResponseSchema = z.object({
  success: z.literal(true),
  data: donationOptionsSchema,
});

export const donationOptionsQuerySchema = z.object({
  driveId: z.string().min(1).max(64).optional(),
});

// ---- POST /api/donations

/** Trees or cash and how much: one-off and recurring gifts alike (issue 22). */
export const treesField = z
  .number({ error: DONATION_MESSAGES.treesRequired })
  .int(DONATION_MESSAGES.treesWhole)
  .positive(DONATION_MESSAGES.treesRequired);
export const amountField = z
  .number({ error: DONATION_MESSAGES.amountRequired })
  .int(DONATION_MESSAGES.amountWhole)
  .positive(DONATION_MESSAGES.amountRequired);
export const giftSizeFields = {
  kind: z.enum(DONATION_KINDS, { error: DONATION_MESSAGES.kindRequired }),
  trees: treesField.optional(),
  amount: amountField.optional(),
};

/** A tree gift has trees and no amount; a cash gift an amount and no trees. */
export function checkGiftSize(
  value: { kind: (typeof DONATION_KINDS)[number]; trees?: number; amount?: number },
  ctx: z.RefinementCtx,
): void {
  const issue = (path: 'trees' | 'amount', message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (value.kind === 'trees') {
    if (value.amount !== undefined) issue('amount', DONATION_MESSAGES.treesWithAmount);
    else if (value.trees === undefined) issue('trees', DONATION_MESSAGES.treesRequired);
  } else if (value.trees !== undefined) issue('trees', DONATION_MESSAGES.amountWithTrees);
  else if (value.amount === undefined) issue('amount', DONATION_MESSAGES.amountRequired);
}

const categoryValues = DONATION_CATEGORIES.map((c) => c.value) as [string, ...string[]];

export const createDonationRequestSchema = z
  .object({
    ...giftSizeFields,
    /** An upcoming drive, or absent/null for the general fund. */
    driveId: z.string().min(1).max(64).nullable().optional(),
    /** Optional: trees default to "Trees", cash to the general fund (DEFAULT_CATEGORY). */
    category: z.enum(categoryValues, { error: DONATION_MESSAGES.categoryUnknown }).optional(),
    message: z
      .string()
      .trim()
      .max(DONATION_LIMITS.messageMax, DONATION_MESSAGES.messageTooLong)
      .optional(),
    /** True: the donor's name is never shown to others. */
    anonymous: z.boolean().optional(),
    /** Issue 19 §5: give the trees to someone (contract/gifts.ts). */
    gift: giftRequestSchema.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.gift && value.kind !== 'trees')
      ctx.addIssue({ code: 'custom', path: ['gift'], message: GIFT_MESSAGES.treesOnly });
    checkGiftSize(value, ctx);
  });
export type CreateDonationRequest = z.infer<typeof createDonationRequestSchema>;

/**
 * The limits the server's options set (price, minimum, maximum): the one check both the server
 * and the donation form use. Null when the request is within them. With `treePrice` (the drive's
 * nursery price or the default), the amount limits apply to a tree gift's total too, and a price
 * of 0 (free saplings) gives no paid donation.
 */
export function donationLimitProblem(
  input: Pick<CreateDonationRequest, 'kind' | 'trees' | 'amount'>,
  options: Pick<DonationOptions, 'currency' | 'minAmount' | 'maxAmount' | 'maxTrees'> &
    Partial<Pick<DonationOptions, 'treePrice'>>,
): { field: 'trees' | 'amount'; message: string } | null {
  const outOfRange = (field: 'trees' | 'amount') => ({
    field,
    message: DONATION_MESSAGES.amountRange(
      formatMoney(options.minAmount, options.currency),
      formatMoney(options.maxAmount, options.currency),
    ),
  });
  const inRange = (amount: number) => amount >= options.minAmount && amount <= options.maxAmount;
  if (input.kind === 'trees') {
    const trees = input.trees ?? 0;
    if (!(trees >= 1 && trees <= options.maxTrees))
      return { field: 'trees', message: DONATION_MESSAGES.treesRange(options.maxTrees) };
    if (options.treePrice === undefined) return null;
    if (options.treePrice === 0) return { field: 'trees', message: DONATION_MESSAGES.freeSaplings };
    return inRange(trees * options.treePrice) ? null : outOfRange('trees');
  }
  return inRange(input.amount ?? 0) ? null : outOfRange('amount');
}

export const donationDriveSchema = z.object({
  id: z.string(),
  name: z.string(),
  startsAt: z.string(),
});

export const donationSchema = z.object({
  id: z.string(),
  _id: z.string(),
  kind: z.enum(DONATION_KINDS),
  /** Trees given (0 for cash). */
  trees: z.number().int().nonnegative(),
  /** What is charged, minor units; for trees, trees × the tree price when the donation was made. */
  amount: moneyMinorSchema,
  currency: z.string().length(3),
  category: z.string(),
  message: z.string().nullable(),
  anonymous: z.boolean(),
  status: z.enum(DONATION_STATUSES),
  /** `CAN-<year>-<6 digits>`, given when the payment is confirmed. */
  receiptNumber: z.string().nullable(),
  /** Null for the general fund. */
  drive: donationDriveSchema.nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Why a payment failed, in words for the donor. */
  failureReason: z.string().nullable(),
  /** The partner nursery that grows the donated trees (a drive's sapling reservation). */
  nursery: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  /** Issue 22: the recurring gift (GET /api/donations/recurring) this donation is a period of. */
  subscriptionId: z.string().nullable().optional(),
  /** Issue 22: the organisation (a corporate account) the gift went to, when not a drive. */
  organisation: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
});
export type Donation = z.infer<typeof donationSchema>;

export const createDonationResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    donation: donationSchema,
    /** Where the browser goes to pay: the provider's page, or the built-in test checkout. */
    checkoutUrl: z.string(),
  }),
});

// ---- POST /api/donations/{id}/checkout (Pay now), POST /api/donations/{id}/cancel

/**
 * Pay now on a pending donation: the same checkout while it is open, else a new one for the same
 * choices (the answer's donation is then the new pending one).
 */
export const donationCheckoutResponseSchema = createDonationResponseSchema;
export type DonationCheckoutResponse = z.infer<typeof donationCheckoutResponseSchema>;
/** Cancel a pending donation: nothing was charged; it becomes `cancelled`. */
export const cancelDonationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: donationSchema,
});

// ---- GET /api/donations/{id}, GET /api/donations

export const donationParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const donationResponseSchema = z.object({ success: z.literal(true), data: donationSchema });
export type DonationResponse = z.infer<typeof donationResponseSchema>;

export const donationListQuerySchema = z.object({
  ...pagingQueryFields(20),
  status: z.enum(DONATION_STATUSES, { error: 'Please choose a status from the list.' }).optional(),
});
export type DonationListQuery = z.infer<typeof donationListQuerySchema>;
/**
 * A gift donation's recipients in the list (issue 19 §5: the giver sees "claimed" or "not yet
 * claimed" in Transactions): one recipient, or a corporate batch's count. The recipients
 * themselves come from `GET /api/donations/{id}/gifts`.
 */
export const donationGiftSummarySchema = z.object({
  /** How many people the trees were given to (1, or a corporate batch's size). */
  recipients: z.number().int().positive(),
  /** How many of them claimed their trees. */
  claimed: z.number().int().nonnegative(),
  /** The first (for a single gift, the only) recipient's name. */
  recipientName: z.string(),
  /** True when that recipient has an email: their mail can be sent again. */
  recipientEmailed: z.boolean(),
});
export type DonationGiftSummary = z.infer<typeof donationGiftSummarySchema>;
/** A donation in the list: with its gift summary (null when it is no gift to someone). */
export const donationListItemSchema = donationSchema.extend({
  gift: donationGiftSummarySchema.nullable(),
});
export type DonationListItem = z.infer<typeof donationListItemSchema>;
export const donationListResponseSchema = z.object({
  ...pagedResponseFields,
  data: z.array(donationListItemSchema),
});

// ---- GET /api/trees/donatedtrees (the spec's path): the caller's paid tree donations

export const donatedTreeSchema = z.object({
  id: z.string(),
  _id: z.string(),
  trees: z.number().int().positive(),
  drive: donationDriveSchema.nullable(),
  date: z.string(),
  amount: moneyMinorSchema,
  currency: z.string().length(3),
  receiptNumber: z.string(),
});
export type DonatedTree = z.infer<typeof donatedTreeSchema>;
/** Optional paging; without it, the newest 100. */
export const donatedTreesQuerySchema = z.object(pagingQueryFields(100));
export const donatedTreesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(donatedTreeSchema),
});

// ---- POST /api/payments/test/confirm (built-in test provider only)

export const testPaymentRequestSchema = z
  .object({
    donationId: z.string().min(1).max(64),
    cardNumber: z
      .string({ error: DONATION_MESSAGES.cardNumberInvalid })
      .transform((v) => v.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, DONATION_MESSAGES.cardNumberInvalid)),
    expiry: z
      .string({ error: DONATION_MESSAGES.expiryInvalid })
      .trim()
      .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, DONATION_MESSAGES.expiryInvalid),
    cvc: z
      .string({ error: DONATION_MESSAGES.cvcInvalid })
      .trim()
      .regex(/^\d{3,4}$/, DONATION_MESSAGES.cvcInvalid),
  })
  .strict();
export type TestPaymentRequest = z.infer<typeof testPaymentRequestSchema>;
/**
 * Test mode's refund or dispute of a paid donation (what Stripe's `charge.refunded` and
 * `charge.dispute.created` do), for trying the whole path without a card.
 */
export const testReversalRequestSchema = z
  .object({
    donationId: z.string().min(1).max(64),
    reason: z.enum(['refund', 'dispute'], { error: 'Please choose refund or dispute.' }),
  })
  .strict();
export type TestReversalRequest = z.infer<typeof testReversalRequestSchema>;

export const testPaymentResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ status: z.enum(DONATION_STATUSES) }),
});

// ---- Drive totals (GET /api/drives/{id}/donations): what a drive received, paid only

export const driveDonationsSchema = z.object({
  /** Trees given in paid tree donations. */
  trees: z.number().int().nonnegative(),
  /** Cash given in paid cash donations, minor units (tree donations count in `trees` only). */
  amount: moneyMinorSchema,
  currency: z.string().length(3),
  donors: z.array(
    z.object({
      /** Null when the donor chose to stay anonymous. */
      name: z.string().nullable(),
      userId: z.string().nullable(),
      trees: z.number().int().nonnegative(),
      amount: moneyMinorSchema,
    }),
  ),
});
export type DriveDonations = z.infer<typeof driveDonationsSchema>;
export const driveDonationsResponseSchema = z.object({
  success: z.literal(true),
  data: driveDonationsSchema,
});

// ---- Billing details used on receipts (GET/PUT /api/donations/billing)

const billingText = (max: number = DONATION_LIMITS.billingFieldMax) =>
  z.string().trim().max(max, `At most ${max} characters.`);
export const billingProfileSchema = z
  .object({
    billingName: billingText(),
    addressLine1: billingText(),
    addressLine2: billingText(),
    city: billingText(),
    postalCode: billingText(20),
    country: billingText(80),
    taxId: billingText(DONATION_LIMITS.taxIdMax),
  })
  .strict();
export type BillingProfile = z.infer<typeof billingProfileSchema>;
export const billingProfileResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: billingProfileSchema,
});
