import tzLookup from 'tz-lookup';

/**
 * The IANA time zone at a point (offline lookup with tz-lookup). The server derives a drive's zone
 * from its coordinates and never takes one from the client. Points the data cannot place (out of
 * range) give UTC; open sea gives the nautical zones tz-lookup knows (e.g. "Etc/GMT-3").
 */
export function timeZoneAt(lat: number, lng: number): string {
  try {
    return tzLookup(lat, lng);
  } catch {
    return 'UTC';
  }
}
