import { z } from 'zod';

/**
 * What the public landing page shows of the community's life (issue 23): the newest drives with
 * their pictures and places, and where trees grow as a coarse grid of counts. Neither names a
 * person; both are bounded answers whatever the size of the community.
 */

/** How many drives the landing page shows. */
export const SHOWCASE_DRIVES = 6;

/** A drive as a visitor sees it on the landing page: no organiser, no participants' names. */
export const showcaseDriveSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Where, as the organiser wrote it, and the country's name. */
  place: z.string(),
  country: z.string(),
  /** The country's ISO code (empty when none), so a page names it in its own language. */
  countryCode: z.string(),
  startsAt: z.string(),
  timeZone: z.string(),
  /** The drive's picture address, or empty (the page draws one). */
  image: z.string(),
  treeQuantity: z.number().int(),
  participantCount: z.number().int(),
  isPast: z.boolean(),
});
export type ShowcaseDrive = z.infer<typeof showcaseDriveSchema>;

/** GET /api/drives/newest (public): the next upcoming drives, then the most recent past ones. */
export const showcaseDrivesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(showcaseDriveSchema),
});

/**
 * GET /api/trees/public-map (public): trees as counts in grid cells, never a tree. The zoom is
 * capped at PUBLIC_MAP_MAX_ZOOM (cells of ~40 km and more) and places are rounded to
 * PUBLIC_MAP_DECIMALS decimals, so no answer points at a member's garden.
 */
export const PUBLIC_MAP_MAX_ZOOM = 8;
export const PUBLIC_MAP_DECIMALS = 1;
const zoomMessage = 'zoom must be a whole number from 0 to 20.';
export const publicTreeMapQuerySchema = z.object({
  bbox: z
    .string()
    .trim()
    .regex(
      /^-?\d{1,3}(\.\d{1,8})?,-?\d{1,2}(\.\d{1,8})?,-?\d{1,3}(\.\d{1,8})?,-?\d{1,2}(\.\d{1,8})?$/,
      'bbox must be minLng,minLat,maxLng,maxLat.',
    )
    .transform((v) => v.split(',').map(Number) as [number, number, number, number])
    .refine(
      ([w, s, e, n]) =>
        [w, e].every((x) => x >= -180 && x <= 180) &&
        [s, n].every((y) => y >= -90 && y <= 90) &&
        s <= n,
      'bbox must be minLng,minLat,maxLng,maxLat.',
    )
    .optional(),
  zoom: z.coerce
    .number({ error: zoomMessage })
    .int(zoomMessage)
    .min(0, zoomMessage)
    .max(20, zoomMessage)
    .default(1),
});
export type PublicTreeMapQuery = z.input<typeof publicTreeMapQuerySchema>;

export const publicTreeClusterSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  /** Plants in the cell. */
  count: z.number().int(),
});
export type PublicTreeCluster = z.infer<typeof publicTreeClusterSchema>;
export const publicTreeMapResponseSchema = z.object({
  success: z.literal(true),
  clusters: z.array(publicTreeClusterSchema),
  /** All plants with a place (the map's caption). */
  total: z.number().int(),
});
