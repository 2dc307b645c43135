import { z } from 'zod';
import {
  createDonationRequestSchema,
  DONATION_KINDS,
  DONATION_MESSAGES,
  donationLimitProblem,
  type CreateDonationRequest,
  type DonationOptions,
} from '../../../contract/donations';
import { currencyDigits } from '../../../contract/money';

/*
 * The Donate Tree form as people fill it in (text in the inputs, the amount in major units), and
 * its one resolver schema: the values become a CreateDonationRequest (amount in minor units),
 * which is checked by the contract's own request schema and `donationLimitProblem` with the
 * server's options. No rule is restated here.
 */

const formValuesSchema = z.object({
  kind: z.enum(DONATION_KINDS),
  trees: z.string(),
  /** Major units as typed, e.g. "25" or "25.50". */
  amount: z.string(),
  /** Empty for the general fund. */
  driveId: z.string(),
  category: z.string(),
  message: z.string(),
  /** "Show my name"; unticked means anonymous. */
  showName: z.boolean(),
});
export type DonateFormValues = z.input<typeof formValuesSchema>;

export const EMPTY_DONATE_FORM: DonateFormValues = {
  kind: 'trees',
  trees: '1',
  amount: '',
  driveId: '',
  category: '',
  message: '',
  showName: true,
};

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

/** The request the values stand for (not yet checked). */
export function toDonationRequest(
  values: DonateFormValues,
  currency: string,
): CreateDonationRequest {
  const message = values.message.trim();
  const trees = toTreeCount(values.trees);
  const amount = toMinorUnits(values.amount, currency);
  return {
    kind: values.kind,
    ...(values.kind === 'trees'
      ? trees === undefined
        ? {}
        : { trees }
      : amount === undefined
        ? {}
        : { amount }),
    driveId: values.driveId || null,
    category: values.category,
    ...(message ? { message } : {}),
    anonymous: !values.showName,
  };
}

/** The form's resolver schema for these server options; its output is the request to send. */
export function donateFormSchema(options: DonationOptions) {
  return formValuesSchema.transform((values, ctx): CreateDonationRequest => {
    const request = toDonationRequest(values, options.currency);
    const given = request.kind === 'trees' ? request.trees : request.amount;
    const limit = given === undefined ? null : donationLimitProblem(request, options);
    const problems = new Map<string, string>();
    if (limit) problems.set(limit.field, limit.message);
    const parsed = createDonationRequestSchema.safeParse(request);
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = String(issue.path[0] ?? 'root');
      if (problems.has(field)) continue;
      problems.set(
        field,
        field === 'category' && !values.category
          ? DONATION_MESSAGES.categoryRequired
          : issue.message,
      );
    }
    for (const [field, message] of problems)
      ctx.addIssue({ code: 'custom', path: [field], message });
    return parsed.success && !problems.size ? parsed.data : z.NEVER;
  });
}
