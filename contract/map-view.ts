import { z } from 'zod';

/**
 * What a map shows, as the server-clustered maps ask for it (the trees map, the drives map):
 * `bbox=minLng,minLat,maxLng,maxLat` (west may exceed east across the antimeridian) and `zoom`
 * (0–20, tiles of 256 px).
 */
export const MAP_VIEW_MESSAGES = {
  bboxShape: 'bbox must be minLng,minLat,maxLng,maxLat.',
  bboxRange: 'bbox must be minLng,minLat,maxLng,maxLat within -180..180 and -90..90.',
  zoom: 'zoom must be a whole number from 0 to 20.',
} as const;

/** [west, south, east, north] in degrees. */
export type MapBox = [number, number, number, number];

export const mapBboxField = z
  .string()
  .trim()
  .regex(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?,-?\d+(\.\d+)?,-?\d+(\.\d+)?$/, MAP_VIEW_MESSAGES.bboxShape)
  .transform((v) => v.split(',').map(Number) as MapBox)
  .refine(
    ([w, s, e, n]) => s <= n && s >= -90 && n <= 90 && [w, e].every((x) => x >= -180 && x <= 180),
    MAP_VIEW_MESSAGES.bboxRange,
  )
  .optional();

export const mapZoomField = z.coerce
  .number({ error: MAP_VIEW_MESSAGES.zoom })
  .int(MAP_VIEW_MESSAGES.zoom)
  .min(0, MAP_VIEW_MESSAGES.zoom)
  .max(20, MAP_VIEW_MESSAGES.zoom)
  .optional();

/** Several items the server grouped into one cell of its grid: how many and their mean place. */
export const mapClusterSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  count: z.number().int(),
});
export type MapClusterItem = z.infer<typeof mapClusterSchema>;
