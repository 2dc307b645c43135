import type { Log } from '../../lib/log';
import { z } from 'zod';
import { GEO_MESSAGES, type GeoPlace } from '../../../contract/geo';
import { AppError } from '../../lib/errors';

export interface NominatimOptions {
  baseUrl: string;
  /** Public address of this app; Nominatim's usage policy asks for an identifying User-Agent. */
  appUrl: string;
  timeoutMs?: number;
  log: Log;
}

// Nominatim sends coordinates as strings; anything that does not parse is treated as a failure.
const coordinate = z
  .union([z.string(), z.number()])
  .pipe(z.coerce.number<string | number>().finite());

const searchAnswer = z.array(
  z.object({ lat: coordinate, lon: coordinate, display_name: z.string() }),
);

const reverseAnswer = z.union([
  z.object({ display_name: z.string() }),
  // "Unable to geocode": nothing named at that point (open sea, for example).
  z.object({ error: z.union([z.string(), z.record(z.string(), z.unknown())]) }),
]);

// The named parts of a place at neighbourhood level (zoom 14, addressdetails=1).
const areaAnswer = z.union([
  z.object({
    display_name: z.string(),
    address: z.record(z.string(), z.unknown()).optional(),
  }),
  z.object({ error: z.union([z.string(), z.record(z.string(), z.unknown())]) }),
]);

/** Address keys, most local first: one of each group makes the public name. */
const AREA_PARTS: readonly (readonly string[])[] = [
  ['neighbourhood', 'suburb', 'quarter', 'city_district', 'hamlet'],
  ['village', 'town', 'city', 'municipality'],
  ['county', 'state_district'],
  ['state', 'region', 'province'],
  ['country'],
];
// Any digit in any script (Arabic-Indic, full-width…): never part of a public area name.
const ANY_DIGIT = /\p{Nd}/u;

/**
 * The area's public name from a neighbourhood-level answer: neighbourhood, town, region and
 * country, without streets, house names, numbers or postcodes (issue 25, security 1).
 */
export function areaNameOf(address: Record<string, unknown>): string | null {
  const nameIn = (keys: readonly string[]) => {
    const value = keys.map((k) => address[k]).find((v) => typeof v === 'string' && v.trim());
    const name = typeof value === 'string' ? value.trim() : '';
    return name && !ANY_DIGIT.test(name) ? name : null;
  };
  const [local, town, county, region, country] = AREA_PARTS.map(nameIn);
  // "Triana, Seville, Spain": the most local name, the town (else the region), the country.
  const names = [local, town ?? region ?? county, country].filter(
    (name, i, all): name is string => !!name && all.indexOf(name) === i,
  );
  return names.length > 0 ? names.join(', ') : null;
}

export const unavailable = () => new AppError(503, 'SERVICE_UNAVAILABLE', GEO_MESSAGES.unavailable);
export const busy = () => new AppError(503, 'SERVICE_UNAVAILABLE', GEO_MESSAGES.busy);

/** Calls Nominatim's /search and /reverse; every failure becomes a 503 with a clear message. */
export function nominatimClient(options: NominatimOptions) {
  const userAgent = `Canopy/1.0 (+${options.appUrl})`;
  const timeoutMs = options.timeoutMs ?? 5000;

  async function getJson(path: 'search' | 'reverse', params: Record<string, string>) {
    const url = `${options.baseUrl}/${path}?${new URLSearchParams(params).toString()}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        headers: { 'user-agent': userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (err) {
      options.log.warn({ err, path }, 'geocoder request failed');
      throw unavailable();
    }
    if (!response.ok) {
      // The upstream body is never passed on: it may be an HTML error page or internal detail.
      options.log.warn({ path, status: response.status }, 'geocoder answered with an error');
      throw response.status === 429 ? busy() : unavailable();
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (err) {
      options.log.warn({ err, path }, 'geocoder answered with malformed JSON');
      throw unavailable();
    }
  }

  function parse<T>(schema: z.ZodType<T>, value: unknown, path: string): T {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    options.log.warn({ path, issues: parsed.error.issues }, 'geocoder answer has the wrong shape');
    throw unavailable();
  }

  return {
    /** The best match for the text, or null when nothing matched. */
    async search(q: string): Promise<GeoPlace | null> {
      const body = await getJson('search', { q, format: 'json', limit: '1' });
      const [first] = parse(searchAnswer, body, 'search');
      return first ? { lat: first.lat, lon: first.lon, displayName: first.display_name } : null;
    },
    /** The name of the place at that point, or null when there is none. */
    async reverse(lat: number, lon: number): Promise<string | null> {
      const body = await getJson('reverse', {
        lat: String(lat),
        lon: String(lon),
        format: 'json',
        zoom: '18',
      });
      const answer = parse(reverseAnswer, body, 'reverse');
      return 'display_name' in answer ? answer.display_name : null;
    },
    /** The public name of the area around a point (neighbourhood level), or null. */
    async areaName(lat: number, lon: number): Promise<string | null> {
      const body = await getJson('reverse', {
        lat: String(lat),
        lon: String(lon),
        format: 'json',
        zoom: '14',
        addressdetails: '1',
      });
      const answer = parse(areaAnswer, body, 'reverse');
      return 'address' in answer && answer.address ? areaNameOf(answer.address) : null;
    },
  };
}
export type NominatimClient = ReturnType<typeof nominatimClient>;
