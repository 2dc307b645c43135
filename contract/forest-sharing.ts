import { z } from 'zod';
import { GIFT_STATUSES } from './forest';
import { rangeSchema, speciesRefSchema, TREE_STATUSES } from './trees';

/**
 * Sharing a forest (issue 19 §4): a member may make their forest public at `/forest/{handle}`;
 * any paid tree gift has a public page at `/gift/{donationId}`. Both show counts, species, places
 * rounded to about 100 m, photos and impact; never exact coordinates, a claim code, or the donor of
 * an anonymous gift.
 */
export const SHARE_PATHS = {
  forest: (handle: string) => `/forest/${encodeURIComponent(handle)}`,
  gift: (id: string) => `/gift/${encodeURIComponent(id)}`,
  forestCard: (handle: string) => `/api/public/forests/${encodeURIComponent(handle)}/card.png`,
  giftCard: (id: string) => `/api/public/gifts/${encodeURIComponent(id)}/card.png`,
} as const;

export const HANDLE_LIMITS = { min: 3, max: 30 } as const;

/** Handles that would read as the site's own pages. */
export const RESERVED_HANDLES: readonly string[] = [
  'admin',
  'api',
  'app',
  'canopy',
  'forest',
  'gift',
  'help',
  'login',
  'new',
  'public',
  'support',
];

export const SHARING_LIMITS = {
  /** Trees a public page shows (latest planting first). */
  trees: 24,
  /** Species a public page lists (most plants first). */
  species: 12,
} as const;

export const SHARING_MESSAGES = {
  handleRequired: 'Please choose a handle for your public forest.',
  handleLength: `A handle is ${HANDLE_LIMITS.min} to ${HANDLE_LIMITS.max} characters long.`,
  handleCharacters:
    'A handle may use only lower-case letters, digits and single hyphens, and starts and ends with a letter or digit.',
  handleReserved: 'That handle is reserved; please choose another.',
  handleTaken: 'That handle is taken; please choose another.',
  madePublic: 'Your forest is public.',
  madePrivate: 'Your forest is private.',
  forestNotFound: 'There is no public forest at that address.',
  giftNotFound: 'There is no tree gift at that address.',
} as const;

/** A handle as typed: trimmed and lower-cased, then checked. */
export const handleSchema = z
  .string({ error: SHARING_MESSAGES.handleRequired })
  .trim()
  .toLowerCase()
  .min(1, SHARING_MESSAGES.handleRequired)
  .min(HANDLE_LIMITS.min, SHARING_MESSAGES.handleLength)
  .max(HANDLE_LIMITS.max, SHARING_MESSAGES.handleLength)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, SHARING_MESSAGES.handleCharacters)
  .refine((v) => !RESERVED_HANDLES.includes(v), SHARING_MESSAGES.handleReserved);

/** `PUT /api/forest/visibility`: public needs a handle; going private keeps the handle. */
export const forestVisibilityBodySchema = z
  .object({
    public: z.boolean({ error: 'public must be true or false.' }),
    handle: z.union([handleSchema, z.literal('').transform(() => undefined)]).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.public && !value.handle)
      ctx.addIssue({ code: 'custom', path: ['handle'], message: SHARING_MESSAGES.handleRequired });
  });
export type ForestVisibilityInput = z.input<typeof forestVisibilityBodySchema>;
export type ForestVisibilityBody = z.output<typeof forestVisibilityBodySchema>;

/** The caller's sharing settings: `handle` null until one was chosen. */
export const forestVisibilitySchema = z.object({
  public: z.boolean(),
  handle: z.string().nullable(),
  /** The public page's path (`/forest/{handle}`) while public, else null. */
  path: z.string().nullable(),
});
export type ForestVisibility = z.infer<typeof forestVisibilitySchema>;

export const forestVisibilityResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: forestVisibilitySchema,
});

/** A tree as a public page shows it: rounded place, no owner, the plants this forest holds. */
export const publicTreeSchema = z.object({
  id: z.string(),
  species: speciesRefSchema,
  /** Plants of this record the forest (or gift) holds. */
  plants: z.number().int(),
  /** Plants of the whole record, and of those alive at the last check. */
  count: z.number().int(),
  aliveCount: z.number().int(),
  status: z.enum(TREE_STATUSES),
  plantedAt: z.string(),
  /** Rounded to 3 decimals (about 100 m); null on old records. */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** The place's named parts only (area, region, country). */
  location: z.string(),
  driveName: z.string().nullable(),
  photoUrl: z.string(),
  /** CO₂ the forest's share of these plants stores, by the one impact method. */
  co2Kg: rangeSchema,
  basis: z.enum(['measured', 'predicted']),
});
export type PublicTree = z.infer<typeof publicTreeSchema>;

export const publicSpeciesSchema = speciesRefSchema.extend({ plants: z.number().int() });
export type PublicSpecies = z.infer<typeof publicSpeciesSchema>;

/** `GET /api/public/forests/{handle}`. */
export const publicForestSchema = z.object({
  handle: z.string(),
  /** How the member is called (their name, else their username). */
  name: z.string(),
  path: z.string(),
  summary: z.object({
    funded: z.number().int(),
    planted: z.number().int(),
    alive: z.number().int(),
  }),
  species: z.array(publicSpeciesSchema),
  /** The latest plantings, at most `SHARING_LIMITS.trees`. */
  trees: z.array(publicTreeSchema),
  /** CO₂ of the trees shown (`trees` of them), a low–high range. */
  impact: z.object({ co2Kg: rangeSchema, trees: z.number().int() }),
});
export type PublicForest = z.infer<typeof publicForestSchema>;

export const publicForestResponseSchema = z.object({
  success: z.literal(true),
  data: publicForestSchema,
});

export const publicForestParamsSchema = z.object({
  handle: z.string().trim().toLowerCase().min(1).max(HANDLE_LIMITS.max),
});
export const publicGiftParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });

/** `GET /api/public/gifts/{id}`: one paid tree gift (never its claim code). */
export const publicGiftSchema = z.object({
  id: z.string(),
  path: z.string(),
  /** Null when the gift is anonymous (or its donor left). */
  donorName: z.string().nullable(),
  trees: z.number().int(),
  planted: z.number().int(),
  status: z.enum(GIFT_STATUSES),
  driveName: z.string().nullable(),
  /** The drive's planting day (its start) when the gift went to one; null for the general fund. */
  plantingOn: z.string().nullable(),
  paidAt: z.string(),
  species: z.array(publicSpeciesSchema),
  plantings: z.array(publicTreeSchema),
  impact: z.object({ co2Kg: rangeSchema, trees: z.number().int() }),
});
export type PublicGift = z.infer<typeof publicGiftSchema>;

export const publicGiftResponseSchema = z.object({
  success: z.literal(true),
  data: publicGiftSchema,
});
