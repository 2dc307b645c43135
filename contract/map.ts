import { z } from 'zod';

/** The spec's map constants (§9): start zoom, fallback centre, box height, tiles. */
export const MAP_DEFAULTS = {
  zoom: 13,
  center: { lat: 51.505, lng: -0.09 },
  heightPx: 300,
  tileSize: 256,
  maxZoom: 18,
} as const;

/** The default tiles' licence line (OpenStreetMap); the web shows it in the member's language. */
export const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** Where the browser loads map tiles from; the server's TILE_URL decides. */
export const mapConfigResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    tileUrl: z.string(),
    attribution: z.string(),
    tileSize: z.number().int(),
    maxZoom: z.number().int(),
  }),
});
