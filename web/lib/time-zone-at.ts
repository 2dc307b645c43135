import tzLookup from 'tz-lookup';

/**
 * The IANA zone at a point, the same offline lookup the server uses (tz-lookup), so the drive form
 * can take the time in the zone the server will store. Kept apart from lib/dates so only the
 * drive form's chunk carries its data (~29 KB gzip). UTC when the point cannot be placed.
 */
export function timeZoneAt(lat: number, lng: number): string {
  try {
    return tzLookup(lat, lng);
  } catch {
    return 'UTC';
  }
}
