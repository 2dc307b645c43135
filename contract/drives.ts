import { z } from 'zod';
import {
  errorResponseSchema,
  groupedWhole,
  pagedResponseFields,
  pagingQueryFields,
  requiredText,
} from './common';
import { countryLabel } from './countries';
import { GEO_MESSAGES } from './geo';
import { mapBboxField, mapClusterSchema, mapZoomField } from './map-view';
import { DRIVE_DURATIONS, TREE_SIZES, TREE_SPECIES } from './options';

export const DRIVE_LIMITS = {
  nameMax: 120,
  quantityMax: 100_000,
  locationMax: 300,
  descriptionMax: 2000,
  sponsorsMax: 10,
  sponsorMax: 100,
  landDonorsMax: 10,
  /** A drive may be planned at most this many years ahead. */
  yearsAhead: 5,
  /** Saving "now" (the form's default) must still work a little after the clock moved on. */
  pastGraceMinutes: 15,
} as const;

/** The spec's texts ("<field> is required!") and our clear messages for the rules it leaves open. */
export const DRIVE_MESSAGES = {
  nameRequired: 'Drive Name is required!',
  nameTooLong: `Drive Name must be at most ${DRIVE_LIMITS.nameMax} characters.`,
  quantityRequired: 'Tree Quantity is required!',
  quantityInvalid: `Tree Quantity must be a whole number from 1 to ${groupedWhole(DRIVE_LIMITS.quantityMax)}.`,
  dateRequired: 'Drive Date is required!',
  dateInvalid: 'Date input not valid.',
  dateInPast: 'Drive Date must not be in the past.',
  dateTooFar: `Drive Date must be within ${DRIVE_LIMITS.yearsAhead} years.`,
  countryRequired: 'Country is required!',
  countryUnknown: 'Please choose a country from the list.',
  locationRequired: 'Drive Location is required! Please select a location on the map.',
  locationTooLong: `Drive Location must be at most ${DRIVE_LIMITS.locationMax} characters.`,
  descriptionTooLong: `Description must be at most ${DRIVE_LIMITS.descriptionMax} characters.`,
  imageRequired: 'Tree Drive Image is required!',
  sizeRequired: 'Tree Size is required!',
  sizeUnknown: 'Please choose tree sizes from the list.',
  typeRequired: 'Tree Type is required!',
  typeUnknown: 'Please choose tree types from the list.',
  sponsorsInvalid: `Up to ${DRIVE_LIMITS.sponsorsMax} sponsors, each at most ${DRIVE_LIMITS.sponsorMax} characters.`,
  landDonorsInvalid: 'Please choose land donors from the list of corporate members.',
  durationUnknown: 'Please choose a duration from the list.',
  saved: 'New Drive Added!',
  updated: 'Drive updated!',
  saveFailed: 'Error saving drive. Please try again.',
  deleted: 'Drive deleted. Everyone who joined has been told.',
  notFound: 'We could not find that drive.',
  corporateOnly: 'Only corporate accounts can organise tree drives.',
  organiserOnly: 'Only the organiser can change this drive.',
  joined: 'You have joined this drive.',
  left: 'You have left this drive.',
  pastDrive: 'This drive has already taken place, so it can no longer be joined.',
  tooManyParticipationChanges:
    'You have joined or left this drive 10 times in the last hour. Please wait {minutes} minutes and try again.',
  organiserCannotJoin: 'You organise this drive, so you are already part of it.',
} as const;

export const SPECIES_VALUES = TREE_SPECIES.map((s) => String(s.value));
const SIZE_VALUES = TREE_SIZES.map((s) => s.value as string);
const DURATION_VALUES = DRIVE_DURATIONS.map((d) => d.value as string);

/** Multi-valued form fields arrive as repeated fields; one value may arrive as a plain string. */
const list = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    (value === undefined ? [] : Array.isArray(value) ? value : [value])
      .map((v) => v.trim())
      .filter((v) => v !== ''),
  );

const coordinate = (min: number, max: number, rangeMessage: string) =>
  z
    .string({ error: DRIVE_MESSAGES.locationRequired })
    .trim()
    .min(1, DRIVE_MESSAGES.locationRequired)
    .refine((v) => Number.isFinite(Number(v)), DRIVE_MESSAGES.locationRequired)
    .transform(Number)
    .refine((v) => v >= min && v <= max, rangeMessage);

/**
 * The drive form as it travels (multipart text fields, the spec's names). The web validates its
 * state with this before sending; the server parses the request with it. The image is checked apart.
 */
export const driveFormSchema = z.object({
  driveName: requiredText(DRIVE_MESSAGES.nameRequired).max(
    DRIVE_LIMITS.nameMax,
    DRIVE_MESSAGES.nameTooLong,
  ),
  treeQuantity: requiredText(DRIVE_MESSAGES.quantityRequired)
    .regex(/^\d{1,7}$/, DRIVE_MESSAGES.quantityInvalid)
    .transform(Number)
    .refine((n) => n >= 1 && n <= DRIVE_LIMITS.quantityMax, DRIVE_MESSAGES.quantityInvalid),
  driveDate: requiredText(DRIVE_MESSAGES.dateRequired)
    .refine((v) => !Number.isNaN(Date.parse(v)), DRIVE_MESSAGES.dateInvalid)
    .transform((v) => new Date(v).toISOString()),
  country: requiredText(DRIVE_MESSAGES.countryRequired).refine(
    (v) => countryLabel(v) !== undefined,
    DRIVE_MESSAGES.countryUnknown,
  ),
  driveLocation: z
    .string()
    .trim()
    .max(DRIVE_LIMITS.locationMax, DRIVE_MESSAGES.locationTooLong)
    .optional()
    .default(''),
  driveDesc: z
    .string()
    .trim()
    .max(DRIVE_LIMITS.descriptionMax, DRIVE_MESSAGES.descriptionTooLong)
    .optional()
    .default(''),
  driveLat: coordinate(-90, 90, GEO_MESSAGES.latRange),
  driveLong: coordinate(-180, 180, GEO_MESSAGES.lonRange),
  treeSize: list
    .refine((v) => v.length > 0, DRIVE_MESSAGES.sizeRequired)
    .refine((v) => v.every((s) => SIZE_VALUES.includes(s)), DRIVE_MESSAGES.sizeUnknown)
    .transform((v) => [...new Set(v)] as Array<'packet' | 'potted'>),
  treesType: list
    .refine((v) => v.length > 0, DRIVE_MESSAGES.typeRequired)
    .refine((v) => v.every((s) => SPECIES_VALUES.includes(s)), DRIVE_MESSAGES.typeUnknown)
    .transform((v) => [...new Set(v.map(Number))]),
  treeSponsored: list
    .refine(
      (v) =>
        v.length <= DRIVE_LIMITS.sponsorsMax && v.every((s) => s.length <= DRIVE_LIMITS.sponsorMax),
      DRIVE_MESSAGES.sponsorsInvalid,
    )
    .transform((v) => [...new Set(v)]),
  /** Labels are shown by the client; the server trusts only the ids and names them itself. */
  landDonatedBy: list,
  landDonatedById: list
    .refine((v) => v.length <= DRIVE_LIMITS.landDonorsMax, DRIVE_MESSAGES.landDonorsInvalid)
    .transform((v) => [...new Set(v)]),
  driveDuration: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : '1'))
    .refine((v) => DURATION_VALUES.includes(v), DRIVE_MESSAGES.durationUnknown)
    .transform(Number),
});
export type DriveFormInput = z.input<typeof driveFormSchema>;

/**
 * The date window beyond the schema: a drive starts at most `pastGraceMinutes` in the past and at
 * most `yearsAhead` years ahead. An edit that keeps the drive's date (`unchangedDate`) is fine
 * even once that date has passed. Undefined when the date is fine (or not a date: the schema
 * says so).
 */
export function driveDateProblem(
  driveDate: string,
  now: Date,
  unchangedDate?: string,
): string | undefined {
  const startsAt = Date.parse(driveDate);
  if (Number.isNaN(startsAt)) return undefined;
  if (unchangedDate !== undefined && Date.parse(unchangedDate) === startsAt) return undefined;
  if (startsAt < now.getTime() - DRIVE_LIMITS.pastGraceMinutes * 60_000)
    return DRIVE_MESSAGES.dateInPast;
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + DRIVE_LIMITS.yearsAhead);
  if (startsAt > latest.getTime()) return DRIVE_MESSAGES.dateTooFar;
  return undefined;
}
export type DriveForm = z.output<typeof driveFormSchema>;

/**
 * A refused drive form: the usual error body plus, when one field is at fault, its name, so the
 * form can show the message beside that field. Readers of errorResponseSchema can ignore `field`.
 */
export const driveFormErrorSchema = errorResponseSchema.extend({
  field: z.string().optional(),
});

export const optionSchema = z.object({ value: z.string(), label: z.string() });
export type Option = z.infer<typeof optionSchema>;

export const personSummarySchema = z.object({
  _id: z.string(),
  id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  /** Avatar address, or empty (the client shows a fallback image). */
  file: z.string(),
});
export type PersonSummary = z.infer<typeof personSummarySchema>;

/** A drive as the API shows it: the form's names, each option with its value and label. */
export const driveSchema = z.object({
  _id: z.string(),
  id: z.string(),
  driveName: z.string(),
  treeQuantity: z.number().int(),
  driveDate: z.string(),
  driveEndDate: z.string(),
  /** IANA time zone of the drive's place (set by the server from its coordinates). */
  timeZone: z.string(),
  driveDuration: optionSchema,
  country: optionSchema,
  driveLocation: z.string(),
  driveLat: z.number(),
  driveLong: z.number(),
  driveDesc: z.string(),
  treeSize: z.array(optionSchema),
  treesType: z.array(optionSchema),
  treeSponsored: z.array(optionSchema),
  landDonatedBy: z.array(optionSchema),
  /** Address of the drive's image, or empty. */
  image: z.string(),
  organizer: personSummarySchema,
  participantCount: z.number().int(),
  /** About the caller: whether they joined it, and whether they organise it. */
  joined: z.boolean(),
  isOrganizer: z.boolean(),
  isPast: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Drive = z.infer<typeof driveSchema>;

/** GET /api/drives/member/:id: a member's drives for their public profile (light, no caller flags). */
export const memberDriveSchema = z.object({
  id: z.string(),
  driveName: z.string(),
  driveDate: z.string(),
  timeZone: z.string(),
  /** The place as shown on the drive's page, and its country's name. */
  place: z.string(),
  isPast: z.boolean(),
});
export type MemberDrive = z.infer<typeof memberDriveSchema>;
export const memberDrivesResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ organised: z.array(memberDriveSchema), joined: z.array(memberDriveSchema) }),
});

/** POST /api/add_drivetreeinfo answers the new drive under data.data, as the spec's client reads it. */
export const driveCreatedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ data: driveSchema }),
});
export type DriveCreatedResponse = z.infer<typeof driveCreatedResponseSchema>;

/** PUT /api/drives/:id answers like the create call (data.data), so one form handler reads both. */
export const driveUpdatedResponseSchema = driveCreatedResponseSchema;

export const driveDetailSchema = driveSchema.extend({ participants: z.array(personSummarySchema) });
export type DriveDetail = z.infer<typeof driveDetailSchema>;

export const driveDetailResponseSchema = z.object({
  success: z.literal(true),
  data: driveDetailSchema,
});
export type DriveDetailResponse = z.infer<typeof driveDetailResponseSchema>;

export const driveParamsSchema = z.object({ id: z.string().min(1).max(64) });

const dateOnly = (message: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), message)
    .optional();

export const DRIVE_PAGE_SIZE = 12;

/**
 * Where the next page of the Plantations list starts: the list (`when`), the page's number and the
 * last drive before it (start, id). Sent as an opaque base64url token (`nextCursor`, `cursor`).
 */
export interface DriveListCursor {
  when: 'upcoming' | 'past';
  page: number;
  startsAt: string;
  id: string;
}

export const DRIVE_CURSOR_MESSAGES = {
  invalid: 'cursor is not valid. Start again from the first page.',
  otherList:
    'cursor belongs to the other list (upcoming or past). Start again from the first page.',
} as const;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const CURSOR_MAX = 200;
/** Far beyond any list; keeps `page + 1` an exact integer. */
const CURSOR_PAGE_MAX = 1_000_000_000;

/** The opaque token for a cursor (base64url of a small JSON array). */
export function encodeDriveCursor(cursor: DriveListCursor): string {
  const json = JSON.stringify([
    cursor.when === 'past' ? 1 : 0,
    cursor.page,
    cursor.startsAt,
    cursor.id,
  ]);
  return btoa(json).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The cursor a token stands for; undefined when it is not one this API made. */
export function decodeDriveCursor(token: string): DriveListCursor | undefined {
  if (token.length > CURSOR_MAX || !/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(atob(token.replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length !== 4) return undefined;
  const [when, page, startsAt, id] = value as unknown[];
  if (when !== 0 && when !== 1) return undefined;
  if (typeof page !== 'number' || !Number.isInteger(page) || page < 2 || page > CURSOR_PAGE_MAX)
    return undefined;
  if (typeof startsAt !== 'string' || !ISO_INSTANT.test(startsAt)) return undefined;
  if (Number.isNaN(Date.parse(startsAt))) return undefined;
  if (typeof id !== 'string' || id.length < 1 || id.length > 64) return undefined;
  return { when: when === 1 ? 'past' : 'upcoming', page, startsAt, id };
}

/** A list's `nextCursor` sent back: decoded, or refused with DRIVE_CURSOR_MESSAGES.invalid. */
const driveCursorField = z
  .string()
  .optional()
  .refine(
    (v) => v === undefined || decodeDriveCursor(v) !== undefined,
    DRIVE_CURSOR_MESSAGES.invalid,
  )
  .transform((v) => (v === undefined ? undefined : decodeDriveCursor(v)));

/**
 * Filters of the Plantations list; `when` picks upcoming (soonest first) or past (latest first).
 * `cursor` (an answer's `nextCursor`) asks for the page after the one that gave it, read by keyset
 * from the last drive shown: it costs the same however deep, and drives added meanwhile neither
 * repeat nor push a drive off the list. With a cursor, `page` is ignored (the cursor knows it).
 * `page` alone still answers page N by position (API clients; the web follows cursors).
 */
/** The Plantations filters, shared by the list and the map. */
const driveFilterFields = {
  when: z
    .enum(['upcoming', 'past'], { error: 'when must be upcoming or past.' })
    .default('upcoming'),
  country: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || countryLabel(v) !== undefined, DRIVE_MESSAGES.countryUnknown),
  from: dateOnly('from must be a date like 2026-12-31.'),
  to: dateOnly('to must be a date like 2026-12-31.'),
  q: z.string().trim().max(100, 'Search text must be at most 100 characters.').optional(),
};
const rangeInOrder: [
  (v: { from?: string | undefined; to?: string | undefined }) => boolean,
  { message: string; path: string[] },
] = [
  (v) => !v.from || !v.to || v.from <= v.to,
  { message: 'The start of the date range must not be after its end.', path: ['to'] },
];

export const driveListQuerySchema = z
  .object({
    ...pagingQueryFields(DRIVE_PAGE_SIZE),
    cursor: driveCursorField,
    ...driveFilterFields,
  })
  .refine(...rangeInOrder)
  .refine((v) => !v.cursor || v.cursor.when === v.when, {
    message: DRIVE_CURSOR_MESSAGES.otherList,
    path: ['cursor'],
  });

export const driveListResponseSchema = z.object({
  ...pagedResponseFields,
  data: z.array(driveSchema),
  /**
   * Ask for the next page with `cursor=<this>`; null on the last page. (Optional in the schema so
   * readers written before cursors still parse; this server always sends it.)
   */
  nextCursor: z.string().nullable().optional(),
});
export type DriveListResponse = z.infer<typeof driveListResponseSchema>;

/** Points for the map view: light, so many drives can be shown and clustered at once. */
export const DRIVE_MAP_MAX = 2000;
export const driveMapPointSchema = z.object({
  id: z.string(),
  driveName: z.string(),
  driveDate: z.string(),
  driveLat: z.number(),
  driveLong: z.number(),
  timeZone: z.string(),
});
/**
 * From this zoom on (a box of a few districts) the map is sent the drives themselves; below it,
 * clusters from the drives' grid (docs/decisions/drives-map-clusters.md).
 */
export const DRIVE_MAP_EXACT_ZOOM = 14;
/** A box wider than this many of a zoom's grid cells (64 px) either way is read a level coarser. */
export const DRIVE_MAP_GRID = 24;
/**
 * GET /api/drives/map: the Plantations filters plus what the map shows. With `zoom` (the web map
 * sends its `bbox` and `zoom` after each move): below DRIVE_MAP_EXACT_ZOOM the grid's cells in the
 * box (a cell with one drive sends the drive in `data`, a fuller one a cluster: its count and mean
 * place), from it the drives in the box one by one. Without `zoom` (API clients before issue 20):
 * the drives themselves (in `bbox` when given), at most DRIVE_MAP_MAX, no clusters.
 */
export const driveMapQuerySchema = z
  .object({
    ...driveFilterFields,
    bbox: mapBboxField,
    zoom: mapZoomField,
    /** Accepted as the list's (checked, then ignored): the map has no pages. */
    cursor: driveCursorField,
  })
  .refine(...rangeInOrder)
  .refine((v) => !v.cursor || v.cursor.when === v.when, {
    message: DRIVE_CURSOR_MESSAGES.otherList,
    path: ['cursor'],
  });
export type DriveMapQuery = z.output<typeof driveMapQuerySchema>;
export const driveMapResponseSchema = z.object({
  success: z.literal(true),
  /** Drives shown one by one (alone in their cell, or every drive from DRIVE_MAP_EXACT_ZOOM on). */
  data: z.array(driveMapPointSchema),
  /** Below DRIVE_MAP_EXACT_ZOOM: the cells holding more than one drive (else empty). */
  clusters: z.array(mapClusterSchema),
  /** True when more drives matched than DRIVE_MAP_MAX: zoom in or filter. */
  truncated: z.boolean(),
});
export type DriveMapResponse = z.infer<typeof driveMapResponseSchema>;
export type DriveMapPoint = z.infer<typeof driveMapPointSchema>;

/** My Plantations: how many drives each list (organised, joined) shows per page. */
export const MY_DRIVES_PAGE = 12;
export const MY_DRIVES_MESSAGES = {
  cursorNeedsPart: 'cursor continues one list: say which with part=organised or part=joined.',
} as const;
/**
 * GET /api/drives/mine: the first page of both lists, or with `part` one of them; `cursor` (that
 * list's `nextCursor`) asks for the page after it, read by keyset like the Plantations list.
 */
export const myDrivesQuerySchema = z
  .object({
    when: z
      .enum(['upcoming', 'past'], { error: 'when must be upcoming or past.' })
      .default('upcoming'),
    part: z
      .enum(['organised', 'joined'], { error: 'part must be organised or joined.' })
      .optional(),
    cursor: driveCursorField,
    limit: pagingQueryFields(MY_DRIVES_PAGE).limit,
  })
  .refine((v) => !v.cursor || v.part, {
    message: MY_DRIVES_MESSAGES.cursorNeedsPart,
    path: ['part'],
  })
  .refine((v) => !v.cursor || v.cursor.when === v.when, {
    message: DRIVE_CURSOR_MESSAGES.otherList,
    path: ['cursor'],
  });
export const myDrivesResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ organised: z.array(driveSchema), joined: z.array(driveSchema) }),
  /**
   * Per list, the token for its next page (`cursor=` with `part=`); null when it has no more or
   * was not asked for. (Optional so readers written before paging still parse.)
   */
  nextCursor: z
    .object({ organised: z.string().nullable(), joined: z.string().nullable() })
    .optional(),
});
export type MyDrivesResponse = z.infer<typeof myDrivesResponseSchema>;

export const participationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ joined: z.boolean(), participantCount: z.number().int() }),
});

/** GET /api/users/coporateuser: corporate members for Land Donated By. */
export const corporateUsersResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(optionSchema),
});

/** The calendar: my drives (organised or joined) in a date range, at most 100 days. */
export const calendarQuerySchema = z
  .object({
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'from must be a date like 2026-12-01.'),
    to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'to must be a date like 2026-12-31.'),
  })
  .refine((v) => v.from <= v.to, { message: 'from must not be after to.', path: ['to'] })
  .refine((v) => Date.parse(v.to) - Date.parse(v.from) <= 100 * 86_400_000, {
    message: 'The calendar range can be at most 100 days.',
    path: ['to'],
  });
export const CALENDAR_THEMES = ['BLUE', 'GREEN', 'PURPLE', 'ORANGE', 'PINK'] as const;
export const calendarEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  theme: z.enum(CALENDAR_THEMES),
  startTime: z.string(),
  endTime: z.string(),
  /** IANA time zone of the drive's place. */
  timeZone: z.string(),
  role: z.enum(['organiser', 'participant']),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;
export const calendarResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(calendarEventSchema),
});

/** The personal iCal feed: a secret address a calendar app can subscribe to; revocable. */
export const calendarFeedResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string() }),
});
