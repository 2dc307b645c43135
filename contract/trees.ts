import { z } from 'zod';
import { groupedWhole, pagedResponseFields, pagingQueryFields, requiredText } from './common';
import { cursorField, decodeCursor, encodeCursor, isInstant, isRowId } from './cursor';
import { GEO_MESSAGES } from './geo';
import { TREE_SIZES, TREE_SPECIES, type TreeSizeValue } from './options';
import { treeVerificationSchema } from './tree-verification';

export const TREE_LIMITS = {
  countMax: 1000,
  nameMax: 60,
  locationMax: 300,
  idMax: 64,
  /** Planting dates are dates people pick in their own time zone: allow up to UTC+14. */
  futureGraceHours: 14,
  earliestPlanting: '1900-01-01',
  /** Decimals of the coordinates shown to anyone but the owner (~110 m). */
  publicDecimals: 3,
} as const;

export const TREE_MESSAGES = {
  typeRequired: 'Tree Type is required!',
  typeUnknown: 'Please choose a tree type from the list.',
  countRequired: 'Tree Count is required!',
  countInvalid: `Tree Count must be a whole number from 1 to ${groupedWhole(TREE_LIMITS.countMax)}.`,
  sizeRequired: 'Tree Size is required!',
  sizeUnknown: 'Please choose a tree size from the list.',
  plantedRequired: 'Planting Date is required!',
  dateInvalid: 'Date input not valid.',
  plantedInFuture: 'Planting Date must not be in the future.',
  plantedTooEarly: 'Planting Date must be after 1900.',
  locationRequired: 'Tree Location is required! Please select a location on the map.',
  locationTooLong: `Tree Location must be at most ${TREE_LIMITS.locationMax} characters.`,
  nameTooLong: `Nickname must be at most ${TREE_LIMITS.nameMax} characters.`,
  idInvalid: 'That reference is not valid.',
  driveNotYours: 'Please choose a drive you joined or organised.',
  replacesInvalid: 'Please choose one of your trees that died and has not been replanted yet.',
  reservationInvalid:
    'Please choose a delivered sapling reservation of the drive this tree was planted at.',
  plantedAfterMeasurement: 'Planting Date must be before the tree’s first measurement.',
  saved: 'Tree registered!',
  updated: 'Tree updated!',
  deleted: 'Tree deleted.',
  notFound: 'We could not find that tree.',
  ownerOnly: 'Only the person who registered this tree can change it.',
  saveFailed: 'Error saving tree. Please try again.',
  giftsPlantedHere: "Donors' gifts are planted here; mark the tree dead instead.",
} as const;

export const TREE_STATUSES = ['healthy', 'needs-care', 'dead'] as const;
export type TreeStatus = (typeof TREE_STATUSES)[number];

/** In-app paths the web implements for trees (notification links use them). */
export const TREE_PATHS = {
  tree: (id: string) => `/app/trees/${id}`,
  care: '/app/trees/care',
  replanting: '/app/trees/replanting',
} as const;

/** The multipart field that carries a tree's photo. */
export const TREE_IMAGE_FIELD = 'treeImage';

const SIZE_VALUES: readonly string[] = TREE_SIZES.map((s) => s.value);
const SPECIES_VALUES = new Set(TREE_SPECIES.map((s) => String(s.value)));

/** A date (`2026-05-01`) or date and time, as an ISO timestamp; the future is checked with the clock. */
export const dateField = (requiredMessage: string) =>
  requiredText(requiredMessage)
    .refine((v) => !Number.isNaN(Date.parse(v)), TREE_MESSAGES.dateInvalid)
    .transform((v) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v).toISOString());

/** Whether a date is too far ahead of `now` for something that already happened. */
export const isInFuture = (iso: string, now: Date) =>
  Date.parse(iso) > now.getTime() + TREE_LIMITS.futureGraceHours * 3_600_000;

const coordinate = (min: number, max: number, rangeMessage: string) =>
  z
    .string({ error: TREE_MESSAGES.locationRequired })
    .trim()
    .min(1, TREE_MESSAGES.locationRequired)
    .refine((v) => Number.isFinite(Number(v)), TREE_MESSAGES.locationRequired)
    .transform(Number)
    .refine((v) => v >= min && v <= max, rangeMessage);

/** Optional text: trimmed; empty means "none" (null). */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : null));

const optionalId = optionalText(TREE_LIMITS.idMax, TREE_MESSAGES.idInvalid);

/**
 * The tree registration form as it travels (multipart text fields; the photo goes under
 * `treeImage` and is checked apart). The web validates with this; the server parses with it, then
 * checks what needs the clock or the database (planting date not in the future, the drive, the
 * replaced tree).
 */
export const treeFormSchema = z.object({
  treesType: requiredText(TREE_MESSAGES.typeRequired)
    .refine((v) => SPECIES_VALUES.has(v), TREE_MESSAGES.typeUnknown)
    .transform(Number),
  treeCount: requiredText(TREE_MESSAGES.countRequired)
    .regex(/^\d{1,4}$/, TREE_MESSAGES.countInvalid)
    .transform(Number)
    .refine((n) => n >= 1 && n <= TREE_LIMITS.countMax, TREE_MESSAGES.countInvalid),
  treeSize: requiredText(TREE_MESSAGES.sizeRequired)
    .refine((v) => SIZE_VALUES.includes(v), TREE_MESSAGES.sizeUnknown)
    .transform((v) => v as TreeSizeValue),
  plantedAt: dateField(TREE_MESSAGES.plantedRequired).refine(
    (v) => v >= `${TREE_LIMITS.earliestPlanting}T00:00:00.000Z`,
    TREE_MESSAGES.plantedTooEarly,
  ),
  treeLat: coordinate(-90, 90, GEO_MESSAGES.latRange),
  treeLong: coordinate(-180, 180, GEO_MESSAGES.lonRange),
  treeLocation: optionalText(TREE_LIMITS.locationMax, TREE_MESSAGES.locationTooLong),
  treeName: optionalText(TREE_LIMITS.nameMax, TREE_MESSAGES.nameTooLong),
  driveId: optionalId,
  replacesTreeId: optionalId,
  /** The drive's delivered sapling reservation the tree came from (the chain of custody). */
  reservationId: optionalId.optional(),
});
export type TreeFormInput = z.input<typeof treeFormSchema>;
export type TreeForm = z.output<typeof treeFormSchema>;

/**
 * PATCH /api/trees/{id}: the same fields, each optional; a field left out stays as it is, an
 * empty `treeName`, `treeLocation` or `driveId` clears it. The replaced tree cannot change.
 */
export const treeUpdateFormSchema = treeFormSchema
  .omit({ replacesTreeId: true, reservationId: true })
  .partial();
export type TreeUpdateForm = z.output<typeof treeUpdateFormSchema>;

export const speciesRefSchema = z.object({
  value: z.number().int(),
  label: z.string(),
  scientificName: z.string(),
});

export const rangeSchema = z.object({ low: z.number(), mid: z.number(), high: z.number() });
export const treeImpactSchema = z.object({
  basis: z.enum(['measured', 'predicted']),
  co2Kg: rangeSchema,
  o2Kg: rangeSchema,
  co2KgPerYear: rangeSchema,
});

export const measurementSchema = z.object({
  id: z.string(),
  measuredAt: z.string(),
  heightCm: z.number(),
  diameterCm: z.number(),
  aliveCount: z.number().int().nullable(),
  /** Address of the measurement's photo, or empty. */
  photoUrl: z.string(),
});
export type Measurement = z.infer<typeof measurementSchema>;

/** A registered tree (one species at one spot, `count` plants) as the API shows it. */
export const treeSchema = z.object({
  id: z.string(),
  _id: z.string(),
  species: speciesRefSchema,
  count: z.number().int(),
  aliveCount: z.number().int(),
  size: z.enum(['packet', 'potted']),
  plantedAt: z.string(),
  /** Exact for the owner; rounded to 3 decimals for everyone else. Null only on old records. */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  location: z.string(),
  name: z.string().nullable(),
  /** Address of the tree's photo, or empty. */
  photoUrl: z.string(),
  status: z.enum(TREE_STATUSES),
  /** Why it needs care or died, when reported. */
  cause: z.string().nullable(),
  /** What is wrong, in the reporter's words, and its photo, while the tree needs care. */
  problem: z.object({ note: z.string().nullable(), photoUrl: z.string() }).nullable(),
  statusChangedAt: z.string().nullable(),
  driveId: z.string().nullable(),
  replacesTreeId: z.string().nullable(),
  replacedByTreeId: z.string().nullable(),
  /** The sapling reservation the tree came from, when it was named at registration. */
  reservationId: z.string().nullable().optional(),
  owner: z.object({ id: z.string(), name: z.string() }),
  isOwner: z.boolean(),
  lastMeasurement: measurementSchema
    .omit({ id: true, photoUrl: true, aliveCount: true })
    .nullable(),
  impact: treeImpactSchema,
  createdAt: z.string(),
  /** Issue 21 §2: whether someone vouched for the tree (contract/tree-verification.ts). */
  verification: treeVerificationSchema,
});
export type Tree = z.infer<typeof treeSchema>;

export const treeParamsSchema = z.object({ id: z.string().min(1).max(TREE_LIMITS.idMax) });

/** GET /api/trees/member/:id: a member's trees for their public profile; no coordinates at all. */
export const memberTreeSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  species: z.string(),
  count: z.number().int(),
  status: z.enum(TREE_STATUSES),
  plantedAt: z.string(),
});
export type MemberTree = z.infer<typeof memberTreeSchema>;
export const memberTreesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(memberTreeSchema),
  total: z.number().int(),
});

/** POST /api/trees (201), GET/PATCH /api/trees/{id}. */
export const treeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({ tree: treeSchema }),
});
export type TreeResponse = z.infer<typeof treeResponseSchema>;

/** The species and status filters of tree lists and the map, as query fields. */
const treeFilterFields = {
  species: z.coerce
    .number({ error: TREE_MESSAGES.typeUnknown })
    .int(TREE_MESSAGES.typeUnknown)
    .refine((v) => SPECIES_VALUES.has(String(v)), TREE_MESSAGES.typeUnknown)
    .optional(),
  status: z
    .enum(TREE_STATUSES, { error: 'status must be healthy, needs-care or dead.' })
    .optional(),
};

export const TREES_PAGE_SIZE = 100;
/** Cards My trees shows at first and adds per "Load more" (issue 20: few cards at once). */
export const MY_TREES_PAGE = 24;

/**
 * Where the next page of My trees starts: its page number, the filters it was read with and the
 * last tree shown (registration time, id). Sent as an opaque token (`nextCursor`, `cursor`).
 */
export interface TreeListCursor {
  page: number;
  species: number | null;
  status: TreeStatus | null;
  createdAt: string;
  id: string;
}
export const TREE_CURSOR_MESSAGES = {
  invalid: 'cursor is not valid. Start again from the first page.',
  otherFilters: 'cursor belongs to other filters. Start again from the first page.',
} as const;
export const encodeTreeListCursor = (c: TreeListCursor) =>
  encodeCursor([c.page, c.species, c.status, c.createdAt, c.id]);
export function decodeTreeListCursor(token: string): TreeListCursor | undefined {
  const v = decodeCursor(token);
  if (v?.length !== 5) return undefined;
  const [page, species, status, createdAt, id] = v;
  if (typeof page !== 'number' || !Number.isInteger(page) || page < 2 || page > 1_000_000_000)
    return undefined;
  if (species !== null && !SPECIES_VALUES.has(String(species))) return undefined;
  if (status !== null && !TREE_STATUSES.some((s) => s === status)) return undefined;
  if (!isInstant(createdAt) || !isRowId(id)) return undefined;
  return {
    page,
    species: species as number | null,
    status: status as TreeStatus | null,
    createdAt,
    id,
  };
}

/**
 * GET /api/trees/registeredtree: the caller's trees, newest registration first, optionally of one
 * species and status. `cursor` (an answer's `nextCursor`) asks for the page after the one that
 * gave it, read by keyset from its last tree (the same cost however deep; `page` is then
 * ignored). `page` alone still answers page N by position, for API clients that jump.
 */
export const registeredTreesQuerySchema = z
  .object({
    ...pagingQueryFields(TREES_PAGE_SIZE),
    cursor: cursorField(decodeTreeListCursor, TREE_CURSOR_MESSAGES.invalid),
    ...treeFilterFields,
  })
  .refine(
    (v) =>
      !v.cursor ||
      (v.cursor.species === (v.species ?? null) && v.cursor.status === (v.status ?? null)),
    { message: TREE_CURSOR_MESSAGES.otherFilters, path: ['cursor'] },
  );
export type RegisteredTreesQuery = z.output<typeof registeredTreesQuerySchema>;

/** GET /api/trees/registeredtree: the caller's trees, newest first (`data` as the spec's client reads it). */
export const registeredTreesResponseSchema = z.object({
  ...pagedResponseFields,
  data: z.array(treeSchema),
  /**
   * Ask for the next page with `cursor=<this>`; null on the last page. (Optional in the schema so
   * readers written before cursors still parse; this server always sends it.)
   */
  nextCursor: z.string().nullable().optional(),
});
export type RegisteredTreesResponse = z.infer<typeof registeredTreesResponseSchema>;

/**
 * GET /api/trees/map: every member's trees in a box, light and rounded. Below
 * TREE_MAP_EXACT_ZOOM the server answers from a grid fixed to the world (cells of
 * TREE_MAP_CELL_PX pixels at that zoom, coarser when the box is wider than TREE_MAP_GRID cells
 * either way; a cell at the box's edge counts its trees just outside too): a cell with one tree
 * record sends the tree in `data`, a fuller cell a cluster (its count and mean place), so an
 * answer is a few hundred items (under ~50 KB) whatever the number of trees. From
 * TREE_MAP_EXACT_ZOOM on (a box of a few streets), filtered from zoom 13 on, or without a zoom,
 * the trees themselves, newest first, capped; at zoom 16 a view holding more than
 * TREE_MAP_VIEW_POINTS trees is clustered on the finest grid level (docs/decisions/tree-map-grid.md).
 */
export const TREE_MAP_MAX = 2000;
/**
 * A street-zoom view (zoom 16, unfiltered) with more trees than this is answered with the grid's
 * finest clusters instead of every tree, so a dense few streets stay a small answer.
 */
export const TREE_MAP_VIEW_POINTS = 100;
export const TREE_MAP_EXACT_ZOOM = 16;
export const TREE_MAP_CELL_PX = 64;
export const TREE_MAP_GRID = 24;
const bbox = z
  .string()
  .trim()
  .regex(
    /^-?\d+(\.\d+)?,-?\d+(\.\d+)?,-?\d+(\.\d+)?,-?\d+(\.\d+)?$/,
    'bbox must be minLng,minLat,maxLng,maxLat.',
  )
  .transform((v) => v.split(',').map(Number) as [number, number, number, number])
  .refine(
    ([w, s, e, n]) => s <= n && s >= -90 && n <= 90 && [w, e].every((x) => x >= -180 && x <= 180),
    'bbox must be minLng,minLat,maxLng,maxLat within -180..180 and -90..90.',
  )
  .optional();
export const treeMapQuerySchema = z.object({
  ...treeFilterFields,
  /** Only trees inside this box (west may exceed east across the antimeridian); the world when left out. */
  bbox,
  /**
   * The map's zoom (0–20, tiles of 256 px), which sets the grid's cell. Left out (clients before
   * issue 20): no clusters, the trees themselves, newest first, capped at TREE_MAP_MAX.
   */
  zoom: z.coerce
    .number({ error: 'zoom must be a whole number from 0 to 20.' })
    .int('zoom must be a whole number from 0 to 20.')
    .min(0, 'zoom must be a whole number from 0 to 20.')
    .max(20, 'zoom must be a whole number from 0 to 20.')
    .optional(),
});
export const treeMapPointSchema = z.object({
  id: z.string(),
  lat: z.number(),
  lng: z.number(),
  species: z.number().int(),
  count: z.number().int(),
  aliveCount: z.number().int(),
  status: z.enum(TREE_STATUSES),
});
export type TreeMapPoint = z.infer<typeof treeMapPointSchema>;
/** Several tree records in one grid cell: how many and their mean (rounded) place. */
export const treeMapClusterSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  count: z.number().int(),
});
export type TreeMapCluster = z.infer<typeof treeMapClusterSchema>;
export const treeMapResponseSchema = z.object({
  success: z.literal(true),
  /** Trees shown one by one (alone in their cell, or every tree from TREE_MAP_EXACT_ZOOM on). */
  data: z.array(treeMapPointSchema),
  /**
   * Below TREE_MAP_EXACT_ZOOM, or a dense view at it: the cells holding more than one tree record
   * (else empty).
   */
  clusters: z.array(treeMapClusterSchema),
  /** True when more trees matched than TREE_MAP_MAX at an exact zoom: zoom in or filter. */
  truncated: z.boolean(),
});

/** GET /api/trees/export?format=csv|geojson: the caller's trees as a file. */
export const TREE_EXPORT_MAX = 10_000;
export const treeExportQuerySchema = z.object({
  format: z.enum(['csv', 'geojson'], { error: 'format must be csv or geojson.' }).default('csv'),
});

/** `?format=geojson`: the trees as an RFC 7946 FeatureCollection of points [lng, lat] (WGS 84). */
export const treeGeoJsonSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.string(),
      geometry: z
        .object({
          type: z.literal('Point'),
          coordinates: z.array(z.number()).length(2).describe('[longitude, latitude]'),
        })
        .nullable()
        .describe('null when the tree has no location'),
      properties: z.object({
        name: z.string(),
        species: z.string(),
        scientificName: z.string(),
        count: z.number().int(),
        aliveCount: z.number().int(),
        status: z.string(),
        plantedAt: z.string(),
        co2Kg: z.number(),
      }),
    }),
  ),
});
