import { z } from 'zod';
import {
  createDonationRequestSchema,
  DONATION_TREE_TILES,
  donationLimitProblem,
  type CreateDonationRequest,
  type DonationOptions,
} from '../../../contract/donations';
import { sendOnProblem } from '../../../contract/gifts';
import { currencyDigits } from '../../../contract/money';
import {
  createRecurringRequestSchema,
  RECURRING_INTERVALS,
  type CreateRecurringRequest,
  type RecurringInterval,
} from '../../../contract/recurring-gifts';
import { giftOfDraft } from './components/gift-recipient-fields';

type DonationKind = CreateDonationRequest['kind'];

/*
 * The Donate Tree form as people fill it in (text in the inputs, the amount in major units), and
 * its one resolver schema: the values become a CreateDonationRequest (amount in minor units),
 * which is checked by the contract's own request schema and `donationLimitProblem` with the
 * server's options. No rule is restated here.
 */

/**
 * The gift chosen from the tiles: `trees:<n>`, `trees:other` (the count typed in `trees`),
 * `cash:<major units>` or `cash:other` (the amount typed in `amount`).
 */
export type DonationChoice = `trees:${number | 'other'}` | `cash:${number | 'other'}`;

/** How often (issue 22): once, or a recurring gift every month or year. */
export type DonateInterval = 'once' | RecurringInterval;
export const DONATE_INTERVALS: readonly DonateInterval[] = ['once', ...RECURRING_INTERVALS];

/** What the form sends: a one-off donation, or a recurring gift (it names its `interval`). */
export type DonateRequest = CreateDonationRequest | CreateRecurringRequest;
export const isRecurringRequest = (request: DonateRequest): request is CreateRecurringRequest =>
  'interval' in request;

const formValuesSchema = z.object({
  choice: z.string(),
  /** "once", "month" or "year". */
  interval: z.string(),
  /** A recurring gift's organisation (a corporate account); empty for the general fund. */
  organisationId: z.string(),
  /** The number of trees typed for "Other number". */
  trees: z.string(),
  /** Major units as typed for "Other amount", e.g. "25" or "25.50". */
  amount: z.string(),
  /** Empty for the general fund. */
  driveId: z.string(),
  /** Empty: the default category (trees "Trees", cash the general fund). */
  category: z.string(),
  message: z.string(),
  /** "Show my name"; unticked means anonymous. */
  showName: z.boolean(),
  /** Issue 19 §5: the trees given to someone (null: not a gift); checked by the contract. */
  gift: z
    .object({
      recipientName: z.string(),
      recipientEmail: z.string(),
      message: z.string(),
      sendOn: z.string(),
    })
    .nullable(),
});
export type DonateFormValues = z.input<typeof formValuesSchema>;

export const EMPTY_DONATE_FORM: DonateFormValues = {
  choice: `trees:${DONATION_TREE_TILES[0]}`,
  interval: 'once',
  organisationId: '',
  trees: '',
  amount: '',
  driveId: '',
  category: '',
  message: '',
  showName: true,
  gift: null,
};

/** What a choice gives: its kind, and the tile's number (null for "other"). */
export function readChoice(choice: string): { kind: DonationKind; tile: number | null } {
  const [kind, value] = choice.split(':');
  return {
    kind: kind === 'cash' ? 'cash' : 'trees',
    tile: value && value !== 'other' && /^\d+$/.test(value) ? Number(value) : null,
  };
}

/** The form field a count or amount problem shows at: the typed field for "other", else the tiles. */
export function giftField(values: Pick<DonateFormValues, 'choice'>): 'choice' | 'trees' | 'amount' {
  const { kind, tile } = readChoice(values.choice);
  return tile !== null ? 'choice' : kind === 'trees' ? 'trees' : 'amount';
}

/** "25.50" → 2550 for USD; blank → undefined; anything else → NaN (outside every limit). */
export function toMinorUnits(text: string, currency: string): number | undefined {
  const clean = text.trim().replace(/,/g, '');
  if (!clean) return undefined;
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(clean)) return Number.NaN;
  return Math.round(Number(clean) * 10 ** currencyDigits(currency));
}

/** Whole trees; blank → undefined; anything else → NaN (outside every limit). */
export function toTreeCount(text: string): number | undefined {
  const clean = text.trim();
  if (!clean) return undefined;
  return /^\d+$/.test(clean) ? Number(clean) : Number.NaN;
}

/** The recurring interval chosen, or null for a one-off gift. */
export function recurringIntervalOf(values: Pick<DonateFormValues, 'interval'>) {
  return (RECURRING_INTERVALS as readonly string[]).includes(values.interval)
    ? (values.interval as RecurringInterval)
    : null;
}

/**
 * The recurring gift the values stand for (not yet checked): no drive, category, message or gift
 * to someone (a recurring gift goes to the general fund or an organisation).
 */
export function toRecurringRequest(
  values: DonateFormValues,
  currency: string,
  interval: RecurringInterval,
): CreateRecurringRequest {
  const { kind, trees, amount } = toDonationRequest(values, currency);
  return {
    kind,
    ...(trees === undefined ? {} : { trees }),
    ...(amount === undefined ? {} : { amount }),
    interval,
    organisationId: values.organisationId || null,
    anonymous: !values.showName,
  };
}

/** The request the values stand for (not yet checked). */
export function toDonationRequest(
  values: DonateFormValues,
  currency: string,
): CreateDonationRequest {
  const message = values.message.trim();
  const { kind, tile } = readChoice(values.choice);
  const trees = tile !== null ? tile : toTreeCount(values.trees);
  const amount =
    tile !== null ? toMinorUnits(String(tile), currency) : toMinorUnits(values.amount, currency);
  return {
    kind,
    ...(kind === 'trees'
      ? trees === undefined
        ? {}
        : { trees }
      : amount === undefined
        ? {}
        : { amount }),
    driveId: values.driveId || null,
    ...(values.category ? { category: values.category } : {}),
    ...(message ? { message } : {}),
    anonymous: !values.showName,
    ...(kind === 'trees' && values.gift ? { gift: giftOfDraft(values.gift) } : {}),
  };
}

/**
 * The form's resolver schema for these server options (with `treePrice`, the chosen drive's
 * price: a tree gift's total is held to the amount limits); its output is the request to send:
 * a one-off donation, or with "every month" / "every year" a recurring gift, checked by its own
 * contract schema and the same limits.
 */
export function donateFormSchema(options: DonationOptions) {
  return formValuesSchema.transform((values, ctx): DonateRequest => {
    const interval = recurringIntervalOf(values);
    const request = interval
      ? toRecurringRequest(values, options.currency, interval)
      : toDonationRequest(values, options.currency);
    const given = request.kind === 'trees' ? request.trees : request.amount;
    const limit = given === undefined ? null : donationLimitProblem(request, options);
    const problems = new Map<string, string>();
    const at = (field: string) =>
      field === 'trees' || field === 'amount' ? giftField(values) : field;
    if (limit) problems.set(at(limit.field), limit.message);
    const parsed = isRecurringRequest(request)
      ? createRecurringRequestSchema.safeParse(request)
      : createDonationRequestSchema.safeParse(request);
    const sendOn =
      !isRecurringRequest(request) && request.gift
        ? sendOnProblem(request.gift.sendOn, new Date())
        : null;
    if (sendOn) problems.set('gift.sendOn', sendOn);
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      // A gift's problems show at its own fields (gift.recipientName, …).
      const field =
        issue.path[0] === 'gift' && issue.path[1] !== undefined
          ? `gift.${String(issue.path[1])}`
          : at(String(issue.path[0] ?? 'root'));
      if (!problems.has(field)) problems.set(field, issue.message);
    }
    for (const [field, message] of problems)
      ctx.addIssue({ code: 'custom', path: [field], message });
    return parsed.success && !problems.size ? parsed.data : z.NEVER;
  });
}
