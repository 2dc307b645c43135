import { z } from 'zod';

/** Longest location search text we pass on; longer text is almost certainly not a place name. */
export const GEO_QUERY_MAX = 200;

/**
 * Every message the geo endpoints send. The 503 messages are lower-case phrases because the web
 * shows them inside "Location search failed: <message>. Please try again later."
 */
export const GEO_MESSAGES = {
  emptyQuery: 'Please enter a location to search.',
  noResults: 'No locations found. Please try a different search term.',
  queryTooLong: `Please shorten the location to at most ${GEO_QUERY_MAX} characters.`,
  latRange: 'Latitude must be between -90 and 90.',
  lonRange: 'Longitude must be between -180 and 180.',
  unavailable: 'the map service is not answering',
  busy: 'the map service is busy',
} as const;

export const geoSearchQuerySchema = z.object({
  q: z
    .string({ error: GEO_MESSAGES.emptyQuery })
    .trim()
    .min(1, GEO_MESSAGES.emptyQuery)
    .max(GEO_QUERY_MAX, GEO_MESSAGES.queryTooLong),
});

export const geoPlaceSchema = z.object({
  lat: z.number(),
  lon: z.number(),
  displayName: z.string(),
});
export type GeoPlace = z.infer<typeof geoPlaceSchema>;

/** `data` is null when nothing matched; the web then shows GEO_MESSAGES.noResults. */
export const geoSearchResponseSchema = z.object({
  success: z.literal(true),
  data: geoPlaceSchema.nullable(),
});

// Query values arrive as text: blank or non-numeric text must fail, not coerce to 0 or NaN.
const coordinate = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .pipe(z.coerce.number<string>({ error: message }).min(min, message).max(max, message));

export const geoReverseQuerySchema = z.object({
  lat: coordinate(-90, 90, GEO_MESSAGES.latRange),
  lon: coordinate(-180, 180, GEO_MESSAGES.lonRange),
});

/** `displayName` is null when the map service knows no name for that point. */
export const geoReverseResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ displayName: z.string().nullable() }),
});

/** The location text used when a point has no name (or reverse lookup failed). */
export function formatLatLng(lat: number, lon: number): string {
  return `Latitude: ${lat.toFixed(6)}, Longitude: ${lon.toFixed(6)}`;
}
