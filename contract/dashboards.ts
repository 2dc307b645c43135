import { z } from 'zod';
import { replantingTaskSchema, careTaskSchema } from './tree-care';
import { fourNumbersSchema, treesUnconfirmedField } from './tree-figures';
import { rangeSchema } from './trees';

export const DASHBOARD_MESSAGES = {
  corporateOnly: 'Only the organisation itself can see its corporate dashboard and impact report.',
  individualOnly: 'The individual dashboard is for individual accounts.',
  dateInvalid: 'Enter the date as YYYY-MM-DD.',
  periodOrder: 'The period must end on or after the day it starts.',
  periodTooLong: 'A period can cover at most 5 years.',
  periodIncomplete: 'Give both the start and the end of the period.',
  formatInvalid: 'Choose the report format: pdf or csv.',
  careCursor: 'That page of your care list is not available; please reload.',
  careLimit: 'limit must be between 1 and 50.',
} as const;

/** The care list (issue 20): the dashboard answer holds the first tasks, "Show more" pages on. */
export const CARE_LIST = {
  /** Tasks in the dashboard answer. */
  first: 10,
  /** Replanting tasks in the dashboard answer (My trees lists them all). */
  replantingFirst: 5,
  /** Tasks per "Show more" page unless `limit` says otherwise, and at most. */
  pageSize: 20,
  pageMax: 50,
  /** "Due this week": tasks falling due within this many days from now. */
  soonDays: 7,
} as const;

/** The longest period a dashboard or report covers (its monthly chart stays readable). */
export const PERIOD_MAX_DAYS = 5 * 366;
/** How many drives each of the corporate dashboard's upcoming and past lists shows. */
export const DASHBOARD_LIST_MAX = 5;
/** Months in the "over time" charts when no period is chosen. */
export const HISTORY_MONTHS = 12;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day (YYYY-MM-DD) that exists. */
export const dayField = z
  .string({ error: DASHBOARD_MESSAGES.dateInvalid })
  .regex(DAY, DASHBOARD_MESSAGES.dateInvalid)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00.000Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, DASHBOARD_MESSAGES.dateInvalid);

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** The checks a period (from ≤ to, at most PERIOD_MAX_DAYS) must pass; the web's picker uses it too. */
export function periodProblem(from: string, to: string): string | null {
  if (to < from) return DASHBOARD_MESSAGES.periodOrder;
  if (daysBetween(from, to) > PERIOD_MAX_DAYS) return DASHBOARD_MESSAGES.periodTooLong;
  return null;
}

/** `from` and `to` are inclusive days (UTC). */
export const periodSchema = z.object({ from: dayField, to: dayField }).superRefine((p, ctx) => {
  const problem = periodProblem(p.from, p.to);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['to'] });
});
export type Period = z.infer<typeof periodSchema>;

/** GET /api/dashboard/corporate: an optional period (both ends, or neither). */
/** A team member names the organisation to view (teams); by default their own, or their first team's. */
const organisationField = z.string().trim().min(1).max(64).optional();

export const corporateDashboardQuerySchema = z
  .object({ from: dayField.optional(), to: dayField.optional(), organisation: organisationField })
  .strict()
  .superRefine((p, ctx) => {
    if ((p.from === undefined) !== (p.to === undefined)) {
      ctx.addIssue({ code: 'custom', message: DASHBOARD_MESSAGES.periodIncomplete, path: ['to'] });
      return;
    }
    const problem = p.from && p.to ? periodProblem(p.from, p.to) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['to'] });
  });

export const REPORT_FORMATS = ['pdf', 'csv'] as const;
/** GET /api/reports/impact?from=&to=&format=pdf|csv */
export const impactReportQuerySchema = z
  .object({
    from: dayField,
    to: dayField,
    format: z.enum(REPORT_FORMATS, { error: DASHBOARD_MESSAGES.formatInvalid }),
    organisation: organisationField,
  })
  .strict()
  .superRefine((p, ctx) => {
    const problem = periodProblem(p.from, p.to);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['to'] });
  });
export type ImpactReportQuery = z.infer<typeof impactReportQuerySchema>;

/** Money received or given, per currency (paid donations only). */
export const currencyTotalSchema = z.object({
  currency: z.string().length(3),
  /** Integer minor units. */
  amountMinor: z.number().int().nonnegative(),
  /** Trees given in tree donations. */
  trees: z.number().int().nonnegative(),
  donations: z.number().int().nonnegative(),
});
export type CurrencyTotal = z.infer<typeof currencyTotalSchema>;

/** A drive in a dashboard list. */
export const dashboardDriveSchema = z.object({
  id: z.string(),
  name: z.string(),
  startsAt: z.string(),
  durationHours: z.number(),
  location: z.string(),
  country: z.string(),
  /** The drive's IANA time zone (its times are shown in it). */
  timeZone: z.string(),
  participants: z.number().int().nonnegative(),
});
export type DashboardDrive = z.infer<typeof dashboardDriveSchema>;

/** One month (YYYY-MM) of a member's trees: living plants and the CO₂ they stored by its end. */
export const treeHistoryPointSchema = z.object({
  month: z.string(),
  livingPlants: z.number().int().nonnegative(),
  co2Kg: rangeSchema,
});
export type TreeHistoryPoint = z.infer<typeof treeHistoryPointSchema>;

// ---- GET /api/dashboard/individual

/**
 * The dashboard's care list: the first CARE_LIST.first tasks due now, by due date (most overdue
 * first), then tree and task, with totals; `nextCursor` asks GET /api/dashboard/care-due for
 * the tasks after them (null when these are all).
 */
export const careListSchema = z.object({
  tasks: z.array(careTaskSchema),
  /** Tasks due now (the whole list, these included). */
  total: z.number().int().nonnegative(),
  /** Of those, due a day or more ago. */
  overdue: z.number().int().nonnegative(),
  /** Not due yet, falling due within CARE_LIST.soonDays days. */
  dueThisWeek: z.number().int().nonnegative(),
  nextCursor: z.string().nullable(),
});
export type CareList = z.infer<typeof careListSchema>;

/** GET /api/dashboard/care-due?after=&limit=: the care list's tasks after a cursor. */
export const careDuePageQuerySchema = z
  .object({
    after: z.string().min(1, DASHBOARD_MESSAGES.careCursor).max(300, DASHBOARD_MESSAGES.careCursor),
    limit: z.coerce
      .number({ error: DASHBOARD_MESSAGES.careLimit })
      .int(DASHBOARD_MESSAGES.careLimit)
      .min(1, DASHBOARD_MESSAGES.careLimit)
      .max(CARE_LIST.pageMax, DASHBOARD_MESSAGES.careLimit)
      .default(CARE_LIST.pageSize),
  })
  .strict();
export type CareDuePageQuery = z.infer<typeof careDuePageQuerySchema>;
export const careDuePageSchema = z.object({
  tasks: z.array(careTaskSchema),
  nextCursor: z.string().nullable(),
});
export type CareDuePage = z.infer<typeof careDuePageSchema>;
export const careDuePageResponseSchema = z.object({
  success: z.literal(true),
  data: careDuePageSchema,
});

export const individualDashboardSchema = z.object({
  trees: z.object({
    /** Plants alive in the member's living tree records. */
    livingPlants: z.number().int().nonnegative(),
    /** Tree records that are not dead. */
    livingRecords: z.number().int().nonnegative(),
    /** Every record, dead ones included. */
    records: z.number().int().nonnegative(),
  }),
  /**
   * CO₂ stored by the member's plants alive at last check (issue 21 §3), by the one impact method,
   * with its low–high range.
   */
  co2Kg: rangeSchema,
  /** O₂ released for that CO₂. */
  o2Kg: rangeSchema,
  /** The member's living plants left out of `co2Kg`: their last check is 12 months old or more. */
  treesUnconfirmed: treesUnconfirmedField,
  /** Funded: trees the member's paid gifts paid for; the rest of the member's own trees. */
  fourNumbers: fourNumbersSchema,
  careDue: careListSchema,
  upcomingDrives: z.object({
    total: z.number().int().nonnegative(),
    drives: z.array(dashboardDriveSchema),
  }),
  donations: z.array(currencyTotalSchema),
  history: z.array(treeHistoryPointSchema),
  /** The latest CARE_LIST.replantingFirst replanting tasks, most recent death first. */
  replanting: z.array(replantingTaskSchema),
  /** Every open replanting task (these included). */
  replantingTotal: z.number().int().nonnegative(),
  computedAt: z.string(),
});
export type IndividualDashboard = z.infer<typeof individualDashboardSchema>;
export const individualDashboardResponseSchema = z.object({
  success: z.literal(true),
  data: individualDashboardSchema,
});

// ---- GET /api/dashboard/corporate

export const corporateMonthSchema = z.object({
  month: z.string(),
  drives: z.number().int().nonnegative(),
  participants: z.number().int().nonnegative(),
  trees: z.number().int().nonnegative(),
  donations: z.array(currencyTotalSchema),
});
export type CorporateMonth = z.infer<typeof corporateMonthSchema>;

export const corporateDashboardSchema = z.object({
  organisation: z.object({ id: z.string(), name: z.string() }),
  /** Null: all time. */
  period: z.object({ from: z.string(), to: z.string() }).nullable(),
  drives: z.object({
    upcoming: z.number().int().nonnegative(),
    past: z.number().int().nonnegative(),
    /** The next DASHBOARD_LIST_MAX upcoming drives, soonest first. */
    upcomingList: z.array(dashboardDriveSchema),
    /** The latest DASHBOARD_LIST_MAX past drives, most recent first. */
    pastList: z.array(dashboardDriveSchema),
  }),
  /** Sign-ups across the drives (a person at two drives counts twice). */
  participants: z.number().int().nonnegative(),
  /** Drives that started: the organiser's hours plus each participant's. */
  volunteerHours: z.number().nonnegative(),
  trees: z.object({
    planted: z.number().int().nonnegative(),
    alive: z.number().int().nonnegative(),
    dead: z.number().int().nonnegative(),
    /** Percentages of `planted`, one decimal; null when nothing was planted. */
    alivePercent: z.number().nullable(),
    deadPercent: z.number().nullable(),
  }),
  /**
   * The four honest numbers of every drive of the organisation's, as they stand now whatever the
   * period (issue 21 §3): trees paid for at them, planted at them, alive at last check, verified.
   */
  fourNumbers: fourNumbersSchema,
  donations: z.array(currencyTotalSchema),
  months: z.array(corporateMonthSchema),
  computedAt: z.string(),
});
export type CorporateDashboard = z.infer<typeof corporateDashboardSchema>;
export const corporateDashboardResponseSchema = z.object({
  success: z.literal(true),
  data: corporateDashboardSchema,
});
