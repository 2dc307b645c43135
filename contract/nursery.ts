import { z } from 'zod';
import { groupedWhole, pagedResponseFields, pagingQueryFields } from './common';
import { cursorField, decodeCursor, encodeCursor, isRowId } from './cursor';
import { GEO_MESSAGES } from './geo';
import { TREE_SIZES, TREE_SPECIES, type TreeSizeValue } from './options';

export const NURSERY_LIMITS = {
  quantityMax: 100_000,
  /** Price of one sapling, minor units: up to 10,000.00. */
  priceMax: 1_000_000,
  /** Above 1,000.00 a sapling the nursery confirms the price in the form (issue 25, security 5). */
  priceConfirmAbove: 100_000,
  notesMax: 500,
  locationMax: 300,
  idMax: 64,
  radiusKmMax: 1000,
  /** The first page of a nearest-first search (issue 23). */
  nearPage: 20,
  /** At or below this many saplings a stock line is flagged as running low. */
  lowStock: 10,
  reserveMax: 10_000,
} as const;

export const NURSERY_MESSAGES = {
  nurseryOnly: 'Only partner nursery accounts can manage sapling stock.',
  stockNotFound: 'We could not find that stock.',
  stockNotYours: 'You can only change your own stock.',
  speciesRequired: 'Please choose a species from the list.',
  sizeRequired: 'Please choose a size from the list.',
  quantityInvalid: `Quantity must be a whole number from 0 to ${groupedWhole(NURSERY_LIMITS.quantityMax)}.`,
  priceInvalid: 'Please enter a price per sapling from 0 to 10,000.',
  priceConfirm:
    'A price above 1,000 per sapling is unusual: tick "This price is right" to save it.',
  locationRequired: 'Pickup location is required! Please select a location on the map.',
  locationTooLong: `Pickup location must be at most ${NURSERY_LIMITS.locationMax} characters.`,
  notesTooLong: `Notes must be at most ${NURSERY_LIMITS.notesMax} characters.`,
  nearInvalid: 'near must be "<latitude>,<longitude>", e.g. 12.97,77.59.',
  radiusInvalid: `radiusKm must be between 1 and ${NURSERY_LIMITS.radiusKmMax}.`,
  cursorInvalid: 'after must be the nextCursor of a nearest-first stock search.',
  cursorNeedsNear: 'after goes with near: it continues a nearest-first search.',
  stockHasOpenReservations:
    'This stock has open reservations. Decline them or mark them delivered before deleting it.',
  stockSaved: 'Stock saved.',
  stockDeleted: 'Stock deleted.',
  quantityRequired: `Please reserve from 1 to ${groupedWhole(NURSERY_LIMITS.reserveMax)} saplings.`,
  notEnoughStock: (available: number) =>
    available === 0
      ? 'These saplings are no longer available: the nursery has none left.'
      : `Only ${available.toLocaleString('en-US')} saplings are left in this stock; please reserve fewer.`,
  drivePast:
    'This drive has already taken place; saplings can only be reserved for upcoming drives.',
  organiserOnly:
    "Only the drive's organiser or its team's owners and admins can reserve saplings for it.",
  reservationNotFound: 'We could not find that reservation.',
  reservationNotYours:
    "Only the nursery, the drive's organiser or its team's owners and admins can change this reservation.",
  transitionInvalid: (status: string) =>
    `This reservation is ${status}; that step is not possible now.`,
  reserved: 'Saplings reserved. The nursery will confirm soon.',
  confirmed: 'Reservation confirmed.',
  declined: 'Reservation declined; the saplings are back in stock.',
  delivered: 'Marked as delivered.',
  cancelled: 'Reservation cancelled; the saplings are back in stock.',
  reservationHasDonations:
    'Donors have paid for the trees of this reservation, so it cannot be cancelled; please deliver it.',
  reservationInvalidForTree:
    'Please choose a delivered sapling reservation of the drive this tree was planted at.',
  driveHasReservations:
    'This drive has sapling reservations. Cancel the open ones first; a drive with delivered saplings keeps its record.',
} as const;

export const RESERVATION_STATUSES = [
  'requested',
  'confirmed',
  'declined',
  'delivered',
  'cancelled',
] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
export const RESERVATION_STATUS_LABELS: Record<ReservationStatus, string> = {
  requested: 'Requested',
  confirmed: 'Confirmed',
  declined: 'Declined',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
/** Reservations that hold saplings out of stock. */
export const OPEN_RESERVATION_STATUSES = ['requested', 'confirmed'] as const;
/** Reservations that price a drive's tree donations. */
export const PRICING_RESERVATION_STATUSES = ['confirmed', 'delivered'] as const;

export const NURSERY_PATHS = {
  stock: '/app/nursery-stock',
  dashboard: '/app/nursery-dashboard',
} as const;

const SIZE_VALUES: readonly string[] = TREE_SIZES.map((s) => s.value);
const SPECIES_VALUES = new Set(TREE_SPECIES.map((s) => s.value));

const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

// ---- POST /api/nursery/stock, PATCH /api/nursery/stock/{id}

const stockFields = z
  .object({
    speciesId: z
      .number({ error: NURSERY_MESSAGES.speciesRequired })
      .int(NURSERY_MESSAGES.speciesRequired)
      .refine((v) => SPECIES_VALUES.has(v), NURSERY_MESSAGES.speciesRequired),
    size: z
      .string({ error: NURSERY_MESSAGES.sizeRequired })
      .refine((v) => SIZE_VALUES.includes(v), NURSERY_MESSAGES.sizeRequired)
      .transform((v) => v as TreeSizeValue),
    quantityAvailable: wholeNumber(NURSERY_MESSAGES.quantityInvalid, 0, NURSERY_LIMITS.quantityMax),
    priceMinor: wholeNumber(NURSERY_MESSAGES.priceInvalid, 0, NURSERY_LIMITS.priceMax),
    pickupLat: z
      .number({ error: NURSERY_MESSAGES.locationRequired })
      .min(-90, GEO_MESSAGES.latRange)
      .max(90, GEO_MESSAGES.latRange),
    pickupLng: z
      .number({ error: NURSERY_MESSAGES.locationRequired })
      .min(-180, GEO_MESSAGES.lonRange)
      .max(180, GEO_MESSAGES.lonRange),
    pickupLocation: z
      .string({ error: NURSERY_MESSAGES.locationRequired })
      .trim()
      .min(1, NURSERY_MESSAGES.locationRequired)
      .max(NURSERY_LIMITS.locationMax, NURSERY_MESSAGES.locationTooLong),
    notes: z
      .string()
      .trim()
      .max(NURSERY_LIMITS.notesMax, NURSERY_MESSAGES.notesTooLong)
      .optional()
      .default(''),
    /** The nursery confirmed a price above `priceConfirmAbove`; never stored. */
    priceConfirmed: z.boolean().optional(),
  })
  .strict();

/** A price above 1,000.00 a sapling needs `priceConfirmed` (a typo there prices donors' trees). */
function checkPriceConfirmed(
  stock: { priceMinor?: number; priceConfirmed?: boolean },
  ctx: z.RefinementCtx,
): void {
  if (
    stock.priceMinor !== undefined &&
    stock.priceMinor > NURSERY_LIMITS.priceConfirmAbove &&
    stock.priceConfirmed !== true
  )
    ctx.addIssue({
      code: 'custom',
      path: ['priceConfirmed'],
      message: NURSERY_MESSAGES.priceConfirm,
    });
}

export const stockRequestSchema = stockFields.superRefine(checkPriceConfirmed);
export type StockRequest = z.output<typeof stockRequestSchema>;
export const stockUpdateRequestSchema = stockFields
  .partial()
  .strict()
  .superRefine(checkPriceConfirmed);
export type StockUpdateRequest = z.output<typeof stockUpdateRequestSchema>;

export const stockSchema = z.object({
  id: z.string(),
  nursery: z.object({ id: z.string(), name: z.string() }),
  species: z.object({ value: z.number().int(), label: z.string() }),
  size: z.enum(['packet', 'potted']),
  quantityAvailable: z.number().int(),
  priceMinor: z.number().int(),
  currency: z.string().length(3),
  pickupLat: z.number(),
  pickupLng: z.number(),
  pickupLocation: z.string(),
  notes: z.string(),
  lowStock: z.boolean(),
  /** Kilometres from `near`, when the list was asked with it. */
  distanceKm: z.number().nullable(),
  isMine: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Stock = z.infer<typeof stockSchema>;

export const stockParamsSchema = z.object({ id: z.string().min(1).max(NURSERY_LIMITS.idMax) });
export const stockResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: stockSchema,
});

// ---- GET /api/nursery/stock

/** `<lat>,<lng>`: blank or malformed text fails with one message. */
const nearSchema = z
  .string()
  .trim()
  .regex(/^-?\d{1,3}(\.\d+)?,\s*-?\d{1,3}(\.\d+)?$/, NURSERY_MESSAGES.nearInvalid)
  .transform((v) => {
    const [lat, lng] = v.split(',').map((p) => Number(p.trim())) as [number, number];
    return { lat, lng };
  })
  .refine((p) => Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180, NURSERY_MESSAGES.nearInvalid);

/** Where a nearest-first search goes on: the last line shown (its exact distance and id). */
export interface StockCursor {
  km: number;
  id: string;
}
export const encodeStockCursor = (c: StockCursor) => encodeCursor([c.km, c.id]);
/** The position a stock cursor stands for; undefined when it is not one this API made. */
export function decodeStockCursor(token: string): StockCursor | undefined {
  const v = decodeCursor(token);
  if (v?.length !== 2 || typeof v[0] !== 'number' || !Number.isFinite(v[0]) || v[0] < 0)
    return undefined;
  if (!isRowId(v[1])) return undefined;
  return { km: v[0], id: v[1] };
}

/**
 * GET /api/nursery/stock. With `near`: every findable line nearest first, whatever the distance
 * (issue 23), each with its `distanceKm`; `radiusKm` narrows it to a circle; `after` (an answer's
 * `nextCursor`) goes on from the last line shown (keyset), `page` still works. Without `near`:
 * newest first; `scope=mine`: the caller's own lines.
 */
export const stockListQuerySchema = z.object({
  ...pagingQueryFields(NURSERY_LIMITS.nearPage),
  species: z.coerce
    .number({ error: NURSERY_MESSAGES.speciesRequired })
    .int(NURSERY_MESSAGES.speciesRequired)
    .refine((v) => SPECIES_VALUES.has(v), NURSERY_MESSAGES.speciesRequired)
    .optional(),
  near: nearSchema.optional(),
  radiusKm: z.coerce
    .number({ error: NURSERY_MESSAGES.radiusInvalid })
    .min(1, NURSERY_MESSAGES.radiusInvalid)
    .max(NURSERY_LIMITS.radiusKmMax, NURSERY_MESSAGES.radiusInvalid)
    .optional(),
  /** `mine`: only the caller's own stock (the nursery's manager), with what is sold out. */
  scope: z.enum(['all', 'mine']).optional().default('all'),
  after: cursorField(decodeStockCursor, NURSERY_MESSAGES.cursorInvalid).optional(),
});
export type StockListQuery = z.output<typeof stockListQuerySchema>;
export const stockListResponseSchema = z.object({
  ...pagedResponseFields,
  data: z.array(stockSchema),
  /** With `near`: ask for the lines after these with `after=<this>`; null when these are the last. */
  nextCursor: z.string().nullable().optional(),
});

// ---- Reservations

export const createReservationRequestSchema = z
  .object({
    stockId: z.string({ error: NURSERY_MESSAGES.stockNotFound }).min(1).max(NURSERY_LIMITS.idMax),
    quantity: wholeNumber(NURSERY_MESSAGES.quantityRequired, 1, NURSERY_LIMITS.reserveMax),
  })
  .strict();
export type CreateReservationRequest = z.infer<typeof createReservationRequestSchema>;

export const reservationSchema = z.object({
  id: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  quantity: z.number().int(),
  unitPriceMinor: z.number().int(),
  currency: z.string().length(3),
  drive: z.object({ id: z.string(), name: z.string(), startsAt: z.string() }),
  nursery: z.object({ id: z.string(), name: z.string() }),
  organiser: z.object({ id: z.string(), name: z.string() }),
  stock: z.object({
    id: z.string(),
    species: z.object({ value: z.number().int(), label: z.string() }),
    size: z.enum(['packet', 'potted']),
    pickupLocation: z.string(),
  }),
  /** What the caller may do next. */
  actions: z.array(z.enum(['confirm', 'decline', 'deliver', 'cancel'])),
  /** Whether the caller may cancel it now (the same rule the cancel request is refused by). */
  canCancel: z.boolean(),
  /** Why a party cannot cancel it (donors paid for its saplings), or null. */
  cancelRefusal: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type Reservation = z.infer<typeof reservationSchema>;
export type ReservationAction = Reservation['actions'][number];

export const reservationParamsSchema = z.object({
  id: z.string().min(1).max(NURSERY_LIMITS.idMax),
});
export const reservationActionParamsSchema = reservationParamsSchema.extend({
  action: z.enum(['confirm', 'decline', 'deliver', 'cancel'], {
    error: 'Unknown step: use confirm, decline, deliver or cancel.',
  }),
});
export const reservationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: reservationSchema,
});
export const reservationListQuerySchema = z.object({
  ...pagingQueryFields(50),
  status: z
    .enum([...RESERVATION_STATUSES, 'open'], { error: 'Please choose a status from the list.' })
    .optional(),
});
export type ReservationListQuery = z.output<typeof reservationListQuerySchema>;
export const reservationListResponseSchema = z.object({
  ...pagedResponseFields,
  data: z.array(reservationSchema),
});

// ---- GET /api/drives/{id}/chain: reserved → delivered → planted → alive today

export const driveChainSchema = z.object({
  reserved: z.number().int(),
  delivered: z.number().int(),
  planted: z.number().int(),
  alive: z.number().int(),
  nurseries: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type DriveChain = z.infer<typeof driveChainSchema>;
export const driveChainResponseSchema = z.object({
  success: z.literal(true),
  data: driveChainSchema,
});

// ---- GET /api/trees/{id}/provenance

export const treeProvenanceSchema = z.object({
  nursery: z.object({ id: z.string(), name: z.string() }).nullable(),
  reservationId: z.string().nullable(),
  drive: z.object({ id: z.string(), name: z.string(), startsAt: z.string() }).nullable(),
  /** Named donors of the saplings (or of the drive); anonymous gifts are one nameless count. */
  donors: z.array(z.object({ userId: z.string().nullable(), name: z.string().nullable() })),
  planter: z.object({ id: z.string(), name: z.string() }),
});
export type TreeProvenance = z.infer<typeof treeProvenanceSchema>;
export const treeProvenanceResponseSchema = z.object({
  success: z.literal(true),
  data: treeProvenanceSchema,
});

// ---- GET /api/dashboard/nursery

export const nurseryDashboardSchema = z.object({
  currency: z.string().length(3),
  lowStockAt: z.number().int(),
  species: z.array(
    z.object({
      species: z.object({ value: z.number().int(), label: z.string() }),
      quantityAvailable: z.number().int(),
      lines: z.number().int(),
      lowStock: z.boolean(),
    }),
  ),
  openReservations: z.array(reservationSchema),
  saplingsDelivered: z.number().int(),
  drivesSupplied: z.number().int(),
  /** Saplings reserved and delivered per month (`YYYY-MM`), the last 12 months, oldest first. */
  months: z.array(
    z.object({ month: z.string(), reserved: z.number().int(), delivered: z.number().int() }),
  ),
});
export type NurseryDashboard = z.infer<typeof nurseryDashboardSchema>;
export const nurseryDashboardResponseSchema = z.object({
  success: z.literal(true),
  data: nurseryDashboardSchema,
});

/** The pricing a drive's tree donations take from its nursery (null: the general tree price). */
export interface DriveSaplingPricing {
  reservationId: string;
  nurseryId: string;
  nurseryName: string;
  unitPriceMinor: number;
  currency: string;
}
