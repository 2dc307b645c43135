import { z } from 'zod';
import {
  amountField,
  checkGiftSize,
  DONATION_KINDS,
  DONATION_MESSAGES,
  DONATION_STATUSES,
  giftSizeFields,
  moneyMinorSchema,
  treesField,
} from './donations';
import { formatMoney } from './money';

/** Issue 22: monthly and yearly gifts the donor manages. */
export const RECURRING_INTERVALS = ['month', 'year'] as const;
export type RecurringInterval = (typeof RECURRING_INTERVALS)[number];
export const RECURRING_INTERVAL_LABELS: Record<RecurringInterval, string> = {
  month: 'every month',
  year: 'every year',
};

/**
 * incomplete (first payment not made) → active ⇄ paused; active → past_due (a payment failed, the
 * provider retries) → active | cancelled; cancelled is the end.
 */
export const RECURRING_STATUSES = [
  'incomplete',
  'active',
  'paused',
  'past_due',
  'cancelled',
] as const;
export type RecurringStatus = (typeof RECURRING_STATUSES)[number];
export const RECURRING_STATUS_LABELS: Record<RecurringStatus, string> = {
  incomplete: 'Waiting for the first payment',
  active: 'Active',
  paused: 'Paused',
  past_due: 'Payment failed',
  cancelled: 'Cancelled',
};

/** `5 trees every month`, `$25.00 every year`: a recurring gift in words. */
export function recurringGiftText(gift: {
  kind: 'trees' | 'cash';
  trees: number;
  amount: number;
  currency: string;
  interval: RecurringInterval;
}): string {
  const what =
    gift.kind === 'trees'
      ? `${gift.trees.toLocaleString('en-US')} ${gift.trees === 1 ? 'tree' : 'trees'}`
      : formatMoney(gift.amount, gift.currency);
  return `${what} ${RECURRING_INTERVAL_LABELS[gift.interval]}`;
}

/** Days before a yearly renewal that its donor is told. */
export const YEARLY_RENEWAL_NOTICE_DAYS = 7;
/** Checkouts a member (or an address) may start in an hour: card-testing defence. */
export const CHECKOUTS_PER_HOUR = { member: 10, address: 20 } as const;

export const RECURRING_MESSAGES = {
  intervalRequired: 'Please choose how often you give: every month or every year.',
  driveNotAllowed:
    'A recurring gift goes to the general fund or an organisation, not to a single dated drive.',
  organisationUnknown: 'We could not find that organisation. Please choose another one.',
  notFound: 'We could not find that recurring gift.',
  cancelled: 'This recurring gift is cancelled; start a new one to give again.',
  incomplete: 'This recurring gift starts once its first payment is made.',
  firstPaymentExpired:
    'This first payment of a recurring gift has expired. Please start the gift again from Donate.',
  nothingToChange: 'Please choose what to change.',
  oneAction: 'Please change one thing at a time: pause, change, cancel or resume.',
  pauseFuture: 'Please choose a day after today to pause until.',
  pauseTooLong: 'You can pause a recurring gift for at most one year.',
  notPaused: 'This recurring gift is not paused.',
  started: 'Your recurring gift is set up. It starts once the first payment is confirmed.',
  paused: (day: string) => `Paused: nothing is charged until ${day}.`,
  resumed: 'Your recurring gift is running again.',
  changed: 'Changed: the next payment is the new amount.',
  cancelAtPeriodEnd: (day: string) =>
    `Cancelled: your last payment was the one covering until ${day}.`,
  cancelledNow: 'Cancelled: nothing more will be charged.',
  statementChoice: 'Saved.',
  portalTestMode: 'Cards and invoices are managed here in test mode; there is no card on file.',
  providerUnavailable: DONATION_MESSAGES.providerUnavailable,
  checkoutsTooMany:
    'Too many checkouts were started. Please wait {minutes} minutes before trying again.',
  unverified: 'Please verify your email address before giving.',
  yearInvalid: 'Please choose a year from 2000 to 2100.',
} as const;

const onDayPattern = /^\d{4}-\d{2}-\d{2}$/;

// ---- POST /api/donations/recurring

export const createRecurringRequestSchema = z
  .object({
    ...giftSizeFields,
    interval: z.enum(RECURRING_INTERVALS, { error: RECURRING_MESSAGES.intervalRequired }),
    /** A corporate account's id; absent or null: the general fund. */
    organisationId: z.string().min(1).max(64).nullable().optional(),
    anonymous: z.boolean().optional(),
  })
  .strict()
  .superRefine(checkGiftSize);
export type CreateRecurringRequest = z.infer<typeof createRecurringRequestSchema>;

export const createRecurringResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    /** The recurring gift. */
    id: z.string(),
    /** Its first period's pending donation (what the checkout pays). */
    donationId: z.string(),
    checkoutUrl: z.string(),
  }),
});
export type CreateRecurringResponse = z.infer<typeof createRecurringResponseSchema>;

// ---- GET /api/donations/recurring

/** A period of a recurring gift: one donation. */
export const recurringPeriodSchema = z.object({
  id: z.string(),
  status: z.enum(DONATION_STATUSES),
  amount: moneyMinorSchema,
  trees: z.number().int().nonnegative(),
  receiptNumber: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type RecurringPeriod = z.infer<typeof recurringPeriodSchema>;

export const recurringGiftSchema = z.object({
  id: z.string(),
  status: z.enum(RECURRING_STATUSES),
  kind: z.enum(DONATION_KINDS),
  /** Trees each period (0 for cash). */
  trees: z.number().int().nonnegative(),
  /** Charged each period, minor units. */
  amount: moneyMinorSchema,
  currency: z.string().length(3),
  interval: z.enum(RECURRING_INTERVALS),
  /** When the next period is charged; null when none is due (incomplete, cancelled). */
  nextAt: z.string().nullable(),
  /** YYYY-MM-DD: nothing is charged before this day. */
  pauseUntil: z.string().nullable(),
  /** True: cancelled at the end of the period that is paid (`nextAt` is when it ends). */
  cancelAtPeriodEnd: z.boolean(),
  organisation: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** True: one yearly statement instead of a mail per payment. */
  yearlyStatement: z.boolean(),
  /** Why the last payment failed, in words for the donor. */
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  /** Its periods, newest first (at most 24). */
  donations: z.array(recurringPeriodSchema),
});
export type RecurringGift = z.infer<typeof recurringGiftSchema>;

export const recurringListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(recurringGiftSchema),
  /** True when the provider's Customer Portal manages cards and invoices (Stripe). */
  portal: z.boolean(),
});
export type RecurringListResponse = z.infer<typeof recurringListResponseSchema>;

// ---- PATCH /api/donations/recurring/{id}

export const recurringParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const updateRecurringRequestSchema = z
  .object({
    /** YYYY-MM-DD after today: no period is charged before it. */
    pauseUntil: z
      .string({ error: RECURRING_MESSAGES.pauseFuture })
      .regex(onDayPattern, RECURRING_MESSAGES.pauseFuture)
      .optional(),
    /** From the next period. */
    trees: treesField.optional(),
    amount: amountField.optional(),
    cancel: z.enum(['now', 'period_end']).optional(),
    resume: z.literal(true).optional(),
    /** A monthly donor's choice: one yearly statement instead of a mail per payment. */
    yearlyStatement: z.boolean().optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const actions = [
      value.pauseUntil !== undefined,
      value.trees !== undefined || value.amount !== undefined,
      value.cancel !== undefined,
      value.resume !== undefined,
      value.yearlyStatement !== undefined,
    ].filter(Boolean).length;
    if (actions === 0)
      ctx.addIssue({ code: 'custom', path: [], message: RECURRING_MESSAGES.nothingToChange });
    if (actions > 1)
      ctx.addIssue({ code: 'custom', path: [], message: RECURRING_MESSAGES.oneAction });
    if (value.trees !== undefined && value.amount !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: DONATION_MESSAGES.treesWithAmount,
      });
  });
export type UpdateRecurringRequest = z.infer<typeof updateRecurringRequestSchema>;

export const updateRecurringResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: recurringGiftSchema,
});

// ---- POST /api/donations/recurring/portal (Stripe's Customer Portal)

export const recurringPortalResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string() }),
});

// ---- GET /api/donations/statement?year=2026 (PDF)

export const statementQuerySchema = z.object({
  year: z.coerce
    .number({ error: RECURRING_MESSAGES.yearInvalid })
    .int(RECURRING_MESSAGES.yearInvalid)
    .min(2000, RECURRING_MESSAGES.yearInvalid)
    .max(2100, RECURRING_MESSAGES.yearInvalid),
});
export type StatementQuery = z.infer<typeof statementQuerySchema>;
