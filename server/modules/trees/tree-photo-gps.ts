import exifr from 'exifr';

/** Where a photo says it was taken (from its EXIF GPS), or null when it does not say. */
export interface PhotoPlace {
  lat: number;
  lng: number;
}

/**
 * The photo's EXIF GPS, read from the uploaded bytes before the image pipeline re-encodes them
 * (which drops every metadata block). The coordinates live only in this call's caller long
 * enough to measure a distance: nothing stores or logs them. Unreadable metadata is no GPS.
 */
export async function photoPlace(bytes: Buffer): Promise<PhotoPlace | null> {
  try {
    const gps = (await exifr.gps(bytes)) as { latitude?: unknown; longitude?: unknown } | undefined;
    const lat = gps?.latitude;
    const lng = gps?.longitude;
    if (typeof lat !== 'number' || typeof lng !== 'number') return null;
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
    return { lat, lng };
  } catch {
    return null;
  }
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in whole metres (haversine). */
export function distanceM(a: PhotoPlace, b: PhotoPlace): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h))));
}

/** How far the photo was taken from the tree's registered point; null without both places. */
export function photoDistance(
  photo: PhotoPlace | null,
  tree: { lat: number | null; lng: number | null },
): number | null {
  if (!photo || tree.lat === null || tree.lng === null) return null;
  return distanceM(photo, { lat: tree.lat, lng: tree.lng });
}
