import { z } from 'zod';
import { donationLimitProblem, type DonationOptions } from '../../../contract/donations';
import {
  updateRecurringRequestSchema,
  type RecurringGift,
  type UpdateRecurringRequest,
} from '../../../contract/recurring-gifts';
import { toMinorUnits, toTreeCount } from './donate-form-schema';

/*
 * The dialogs that manage a recurring gift (issue 22), as people fill them in, and their resolver
 * schemas: the values become the PATCH body, checked by the contract's own
 * updateRecurringRequestSchema (and, for a new amount, `donationLimitProblem` with the server's
 * options). The rules about the day (after today, at most a year) are the server's; its refusal
 * shows beside the field.
 */

/** Each problem at the field named by its path (the body's fields are the form's). */
function reportIssues(ctx: z.RefinementCtx, issues: readonly z.core.$ZodIssue[], fallback: string) {
  const seen = new Set<string>();
  for (const issue of issues) {
    const field = String(issue.path[0] ?? fallback);
    if (seen.has(field)) continue;
    seen.add(field);
    ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
  }
}

export interface PauseValues {
  /** YYYY-MM-DD from the date input. */
  pauseUntil: string;
}
export const pauseFormSchema = z
  .object({ pauseUntil: z.string() })
  .transform((values, ctx): UpdateRecurringRequest => {
    const parsed = updateRecurringRequestSchema.safeParse({ pauseUntil: values.pauseUntil });
    if (parsed.success) return parsed.data;
    reportIssues(ctx, parsed.error.issues, 'pauseUntil');
    return z.NEVER;
  });

export interface ChangeValues {
  /** Whole trees as typed (a tree gift). */
  trees: string;
  /** Major units as typed (a cash gift). */
  amount: string;
}

/** The form's first values: what the gift gives now. */
export function changeDefaults(
  gift: Pick<RecurringGift, 'kind' | 'trees' | 'amount'>,
  digits: number,
) {
  return {
    trees: gift.kind === 'trees' ? String(gift.trees) : '',
    amount: gift.kind === 'cash' ? (gift.amount / 10 ** digits).toFixed(digits) : '',
  };
}

/** A new number of trees or amount from the next period, within the server's limits. */
export function changeFormSchema(
  gift: Pick<RecurringGift, 'kind'>,
  options: Pick<DonationOptions, 'currency' | 'minAmount' | 'maxAmount' | 'maxTrees' | 'treePrice'>,
) {
  return z
    .object({ trees: z.string(), amount: z.string() })
    .transform((values, ctx): UpdateRecurringRequest => {
      const body =
        gift.kind === 'trees'
          ? { trees: toTreeCount(values.trees) }
          : { amount: toMinorUnits(values.amount, options.currency) };
      const parsed = updateRecurringRequestSchema.safeParse(
        // Blank: the contract says what is missing ("Please enter how many trees you give.").
        gift.kind === 'trees'
          ? { trees: body.trees ?? Number.NaN }
          : { amount: body.amount ?? Number.NaN },
      );
      const field = gift.kind === 'trees' ? 'trees' : 'amount';
      if (!parsed.success) {
        reportIssues(ctx, parsed.error.issues, field);
        return z.NEVER;
      }
      const limit = donationLimitProblem({ kind: gift.kind, ...body }, options);
      if (limit) {
        ctx.addIssue({ code: 'custom', path: [field], message: limit.message });
        return z.NEVER;
      }
      return parsed.data;
    });
}

export interface CancelValues {
  cancel: 'period_end' | 'now';
}
export const cancelFormSchema = z
  .object({ cancel: z.string() })
  .transform((values, ctx): UpdateRecurringRequest => {
    const parsed = updateRecurringRequestSchema.safeParse({ cancel: values.cancel });
    if (parsed.success) return parsed.data;
    reportIssues(ctx, parsed.error.issues, 'cancel');
    return z.NEVER;
  });

/** `YYYY-MM-DD` of the day `days` days and `months` months from `from`, in the browser's zone. */
export function dayFrom(from: Date, { days = 0, months = 0, years = 0 } = {}): string {
  const d = new Date(from.getFullYear() + years, from.getMonth() + months, from.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
