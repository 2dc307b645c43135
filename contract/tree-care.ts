import { z } from 'zod';
import {
  dateField,
  measurementSchema,
  rangeSchema,
  treeSchema,
  TREE_LIMITS,
  TREE_MESSAGES,
  TREE_STATUSES,
} from './trees';
import { CHECKUP_AFTER_MONTHS } from './four-numbers';
import { cursorField, decodeCursor, encodeCursor, isInstant, isRowId } from './cursor';

export const MEASUREMENT_LIMITS = {
  heightMinCm: 1,
  heightMaxCm: 15_000,
  diameterMinCm: 0.1,
  diameterMaxCm: 1000,
  /** Diameter is taken at this height, or at the base while the plant is shorter. */
  breastHeightCm: 130,
  noteMax: 500,
} as const;

export const CARE_MESSAGES = {
  measuredRequired: 'Measurement date is required.',
  measuredInFuture: 'The measurement date must not be in the future.',
  measuredBeforePlanting: 'The measurement date must not be before the tree was planted.',
  heightRequired: 'Height is required.',
  heightRange: 'Height must be between 1 and 15,000 cm.',
  diameterRequired: 'Diameter is required.',
  diameterRange: 'Diameter must be between 0.1 and 1,000 cm.',
  aliveInvalid: 'Alive count must be a whole number from 1 to the number of plants.',
  aliveTooMany: 'Alive count cannot be more than the number of plants in this record.',
  noneAlive: 'If none survived, please report the tree as dead under Health instead.',
  measured: 'Measurement saved.',
  actionRequired: 'Please choose what you did.',
  noteTooLong: `The note must be at most ${MEASUREMENT_LIMITS.noteMax} characters.`,
  careInFuture: 'The care date must not be in the future.',
  careBeforePlanting: 'The care date must not be before the tree was planted.',
  careLogged: 'Care logged.',
  statusRequired: 'Please choose the tree’s health.',
  causeRequired: 'Please say what killed the tree.',
  causeUnknown: 'Please choose a cause from the list.',
  healthSaved: 'Health updated.',
  problemRequired: 'Please say what is wrong with the tree.',
  problemReported:
    'Thanks — the tree is marked as needing care, and the people who care about it are told.',
  deadTree:
    'This tree is recorded as dead. Report it healthy again under Health if that was a mistake.',
  needsCareTree: 'This tree is marked as needing care. Once it has recovered, say so here.',
  settingsSaved: 'Reminder settings saved.',
  careCursor: 'That page of your care list is not available; please reload.',
  replantingCursor: 'That page of your replanting tasks is not available; please reload.',
} as const;

export const CARE_ACTIONS = [
  'watered',
  'mulched',
  'weeded',
  'pruned',
  'fertilised',
  'protected',
] as const;
export type CareAction = (typeof CARE_ACTIONS)[number];

export const DEATH_CAUSES = [
  'drought',
  'pests',
  'disease',
  'grazing',
  'vandalism',
  'construction',
  'unknown',
] as const;
export type DeathCause = (typeof DEATH_CAUSES)[number];

/**
 * Care reminders by age (years since planting): water weekly in the first year and fortnightly in
 * the second, weed and mulch every 3 months for the first two years, measure every 6 months for
 * as long as the tree lives. A logged action (or a measurement) restarts its interval.
 */
export const CARE_TASKS = ['water', 'weed', 'mulch', 'measure', 'checkup'] as const;
export type CareTask = (typeof CARE_TASKS)[number];
export interface CareRule {
  task: CareTask;
  every: { days: number } | { months: number };
  fromYears: number;
  /** Null: for the tree's whole life. */
  toYears: number | null;
}
export const CARE_SCHEDULE: readonly CareRule[] = [
  { task: 'water', every: { days: 7 }, fromYears: 0, toYears: 1 },
  { task: 'water', every: { days: 14 }, fromYears: 1, toYears: 2 },
  { task: 'weed', every: { months: 3 }, fromYears: 0, toYears: 2 },
  { task: 'mulch', every: { months: 3 }, fromYears: 0, toYears: 2 },
  { task: 'measure', every: { months: 6 }, fromYears: 0, toYears: null },
  // Issue 21 §3: 10 months after the tree's last check (registration, measurement, care entry or
  // health report), a check-up (a measurement or a health report with a photo) before the
  // 12-month rule leaves its plants out of "alive at last check".
  { task: 'checkup', every: { months: CHECKUP_AFTER_MONTHS }, fromYears: 0, toYears: null },
];
/** Which logged action clears which task (measuring is a measurement, not a care entry). */
export const ACTION_FOR_TASK: Readonly<
  Record<Exclude<CareTask, 'measure' | 'checkup'>, CareAction>
> = {
  water: 'watered',
  weed: 'weeded',
  mulch: 'mulched',
};

/** A number typed into a form (string) or sent as JSON (number). */
const numberField = (requiredMessage: string, rangeMessage: string, min: number, max: number) =>
  z
    .union([z.number(), z.string().trim().min(1, requiredMessage)], { error: requiredMessage })
    .transform(Number)
    .refine((n) => Number.isFinite(n) && n >= min && n <= max, rangeMessage);

const optionalInt = (message: string) =>
  z
    .union([z.number(), z.string().trim()], { error: message })
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : Number(v)))
    .refine((n) => n === undefined || (Number.isInteger(n) && n >= 0 && n <= 1000), message);

/**
 * POST /api/trees/{id}/measurements, as JSON or as multipart with a photo under `photo`. The date
 * rules that need the clock and the tree (not in the future, not before planting, alive count at
 * most the plant count) are checked by the server with the same messages.
 */
export const measurementFormSchema = z.object({
  measuredAt: dateField(CARE_MESSAGES.measuredRequired),
  heightCm: numberField(
    CARE_MESSAGES.heightRequired,
    CARE_MESSAGES.heightRange,
    MEASUREMENT_LIMITS.heightMinCm,
    MEASUREMENT_LIMITS.heightMaxCm,
  ),
  diameterCm: numberField(
    CARE_MESSAGES.diameterRequired,
    CARE_MESSAGES.diameterRange,
    MEASUREMENT_LIMITS.diameterMinCm,
    MEASUREMENT_LIMITS.diameterMaxCm,
  ),
  aliveCount: optionalInt(CARE_MESSAGES.aliveInvalid).refine(
    (n) => n === undefined || n >= 1,
    CARE_MESSAGES.noneAlive,
  ),
});
export type MeasurementForm = z.output<typeof measurementFormSchema>;
export const MEASUREMENT_PHOTO_FIELD = 'photo';

export const measurementResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ tree: treeSchema, measurement: measurementSchema }),
});

const note = z
  .string()
  .trim()
  .max(MEASUREMENT_LIMITS.noteMax, CARE_MESSAGES.noteTooLong)
  .optional()
  .transform((v) => (v ? v : null));

/** POST /api/trees/{id}/care. `at` defaults to now. */
export const careRequestSchema = z.object({
  action: z.enum(CARE_ACTIONS, { error: CARE_MESSAGES.actionRequired }),
  note,
  at: dateField(TREE_MESSAGES.dateInvalid).optional(),
});
export type CareRequest = z.input<typeof careRequestSchema>;
export type CareForm = z.output<typeof careRequestSchema>;
export const careEntrySchema = z.object({
  id: z.string(),
  action: z.enum(CARE_ACTIONS),
  note: z.string().nullable(),
  at: z.string(),
});
export type CareEntry = z.infer<typeof careEntrySchema>;
export const careResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ entry: careEntrySchema }),
});

/** GET /api/trees/{id}/care: the tree's care log, newest first (the latest CARE_LOG_MAX). */
export const CARE_LOG_MAX = 100;
export const careLogResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(careEntrySchema),
});

/** POST /api/trees/{id}/health. A dead tree needs a cause; `aliveCount` is for partial losses. */
/** The photo of a "needs care" report, in multipart bodies. */
export const HEALTH_PHOTO_FIELD = 'photo';
/** A health report's fields; "needs care" may say what is wrong (`note`) and carry a photo. */
export const healthFieldsSchema = z.object({
  status: z.enum(TREE_STATUSES, { error: CARE_MESSAGES.statusRequired }),
  cause: z.enum(DEATH_CAUSES, { error: CARE_MESSAGES.causeUnknown }).optional(),
  aliveCount: optionalInt(CARE_MESSAGES.aliveInvalid),
  note: z
    .string()
    .trim()
    .max(MEASUREMENT_LIMITS.noteMax, CARE_MESSAGES.noteTooLong)
    .transform((v) => v || undefined)
    .optional(),
});
export const healthRequestSchema = healthFieldsSchema.superRefine((v, ctx) => {
  if (v.status === 'dead' && !v.cause)
    ctx.addIssue({ code: 'custom', path: ['cause'], message: CARE_MESSAGES.causeRequired });
  if (v.status !== 'dead' && v.aliveCount === 0)
    ctx.addIssue({ code: 'custom', path: ['aliveCount'], message: CARE_MESSAGES.noneAlive });
});
export type HealthRequest = z.input<typeof healthRequestSchema>;
export type HealthForm = z.output<typeof healthRequestSchema>;
export const healthResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ tree: treeSchema }),
});

/** A task due now, as the care lists (My trees, the tree page, the dashboard) show it. */
export const careTaskSchema = z.object({
  treeId: z.string(),
  treeName: z.string(),
  task: z.enum(CARE_TASKS),
  dueAt: z.string(),
  overdueDays: z.number().int(),
  lastDoneAt: z.string().nullable(),
});
export type CareTaskDue = z.infer<typeof careTaskSchema>;

/** Where a care list goes on: the last task shown, by (due date, tree, rule of the schedule). */
export interface CareCursor {
  dueAt: string;
  treeId: string;
  rule: number;
}
export const encodeCareCursor = (c: CareCursor) => encodeCursor([c.dueAt, c.treeId, c.rule]);
/** The position a care cursor stands for; undefined when it is not one this API made. */
export function decodeCareCursor(token: string): CareCursor | undefined {
  const v = decodeCursor(token);
  if (v?.length !== 3 || !isInstant(v[0]) || !isRowId(v[1]) || !Number.isInteger(v[2]))
    return undefined;
  return { dueAt: v[0], treeId: v[1], rule: v[2] as number };
}

/** Sizes of GET /api/trees/care-due (issue 20): its first answer, and at most per page. */
export const CARE_DUE_PAGE = { size: 10, max: 50, soonDays: 7 } as const;
const careLimitMessage = `limit must be between 1 and ${CARE_DUE_PAGE.max}.`;
const pageLimit = (size: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).default(size);

/**
 * GET /api/trees/care-due?after=&limit=&treeId=: the caller's tasks due now, most overdue first
 * (due date, then tree, then the schedule's order), `limit` at a time. `after` (an answer's
 * `nextCursor`) goes on from there; `treeId` keeps only that tree's tasks (the tree page).
 */
export const careDueQuerySchema = z.object({
  after: cursorField(decodeCareCursor, CARE_MESSAGES.careCursor),
  limit: pageLimit(CARE_DUE_PAGE.size, CARE_DUE_PAGE.max, careLimitMessage),
  treeId: z.string().min(1).max(TREE_LIMITS.idMax).optional(),
});
export type CareDueQuery = z.output<typeof careDueQuerySchema>;
/**
 * `data` holds this page's tasks (the spec's clients read the list there); the totals count the
 * whole list (of the tree, with `treeId`) at the same moment.
 */
export const careDueResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(careTaskSchema),
  /** Tasks due now in the whole list (these included). */
  total: z.number().int().nonnegative(),
  /** Of those, due a day or more ago. */
  overdue: z.number().int().nonnegative(),
  /** Not due yet, falling due within CARE_DUE_PAGE.soonDays days. */
  dueThisWeek: z.number().int().nonnegative(),
  /** Ask for the tasks after these with `after=<this>`; null when these are the last. */
  nextCursor: z.string().nullable(),
});
export type CareDueResponse = z.infer<typeof careDueResponseSchema>;

/**
 * A dead tree of the caller that no new registration replaced yet: what the lists show of it (its
 * title and links), not the whole record (issue 20: ten full trees were 9 KB of a 10 KB answer).
 */
export const replantingTaskSchema = z.object({
  tree: treeSchema.pick({ id: true, name: true, species: true, count: true }),
  cause: z.string().nullable(),
  diedAt: z.string().nullable(),
});
export type ReplantingTask = z.infer<typeof replantingTaskSchema>;

/** Where the replanting list goes on: the last task shown (its death, null when unknown, and id). */
export interface ReplantingCursor {
  diedAt: string | null;
  id: string;
}
export const encodeReplantingCursor = (c: ReplantingCursor) => encodeCursor([c.diedAt, c.id]);
export function decodeReplantingCursor(token: string): ReplantingCursor | undefined {
  const v = decodeCursor(token);
  if (v?.length !== 2 || !(v[0] === null || isInstant(v[0])) || !isRowId(v[1])) return undefined;
  return { diedAt: v[0], id: v[1] };
}

export const REPLANTING_PAGE = { size: 10, max: 50 } as const;
const replantingLimitMessage = `limit must be between 1 and ${REPLANTING_PAGE.max}.`;
/**
 * GET /api/trees/replanting?after=&limit=: the caller's dead trees not yet replaced by a new
 * registration, latest death first, `limit` at a time; `after` (an answer's `nextCursor`) goes on.
 */
export const replantingQuerySchema = z.object({
  after: cursorField(decodeReplantingCursor, CARE_MESSAGES.replantingCursor),
  limit: pageLimit(REPLANTING_PAGE.size, REPLANTING_PAGE.max, replantingLimitMessage),
});
export type ReplantingQuery = z.output<typeof replantingQuerySchema>;
export const replantingResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(replantingTaskSchema),
  /** Every open replanting task (these included). */
  total: z.number().int().nonnegative(),
  /** Ask for the tasks after these with `after=<this>`; null when these are the last. */
  nextCursor: z.string().nullable(),
});
export type ReplantingResponse = z.infer<typeof replantingResponseSchema>;

/** GET/PUT /api/trees/care-settings: the weekly email digest of due care is opt-in. */
export const careSettingsSchema = z.object({ weeklyDigest: z.boolean() });
export type CareSettings = z.infer<typeof careSettingsSchema>;
export const careSettingsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: careSettingsSchema,
});

/** GET /api/trees/{id}/growth: measured points and a yearly prediction for the next 10 years. */
export const GROWTH_YEARS_AHEAD = 10;
export const growthResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    treeId: z.string(),
    basis: z.enum(['measured', 'predicted']),
    measured: z.array(measurementSchema.extend({ ageYears: z.number() })),
    predicted: z.array(
      z.object({
        date: z.string(),
        yearsFromNow: z.number().int(),
        ageYears: z.number(),
        heightCm: z.number(),
        diameterCm: z.number(),
        co2Kg: rangeSchema,
      }),
    ),
  }),
});
export type GrowthResponse = z.infer<typeof growthResponseSchema>;

/** GET /api/trees/species: every species with its growth parameters and the method's sources. */
const curveSchema = z.object({ max: z.number(), k: z.number(), p: z.number() });
export const speciesResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    species: z.array(
      z.object({
        value: z.number().int(),
        label: z.string(),
        localName: z.string(),
        englishName: z.string(),
        scientificName: z.string(),
        form: z.string(),
        woodDensity: z.number(),
        height: curveSchema.describe('Chapman–Richards: max in m'),
        diameter: curveSchema.describe('Chapman–Richards: max in cm'),
      }),
    ),
    nurseryAgeYears: z.object({ packet: z.number(), potted: z.number() }),
    sources: z.array(z.string()),
  }),
});
export type SpeciesResponse = z.infer<typeof speciesResponseSchema>;
