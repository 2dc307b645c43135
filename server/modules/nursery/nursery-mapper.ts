import {
  NURSERY_LIMITS,
  OPEN_RESERVATION_STATUSES,
  type Reservation,
  type ReservationAction,
  type Stock,
} from '../../../contract/nursery';
import { speciesByValue } from '../../../contract/options';
import type { ReservationDetail } from './reservations.repository';
import type { BoundingBox, StockWithNursery } from './stock.repository';

/** How a person is named on a stock line or reservation ("Former member" once deleted). */
export const personName = (p: {
  username: string;
  name: string | null;
  deleted_at: string | null;
}) => (p.deleted_at ? 'Former member' : p.name?.trim() || p.username);

/** The nursery of a stock line or reservation, as the API names it. */
const nurseryOf = (row: {
  nursery_id: string;
  nursery_username: string;
  nursery_name: string | null;
  nursery_deleted_at: string | null;
}) => ({
  id: row.nursery_id,
  name: personName({
    username: row.nursery_username,
    name: row.nursery_name,
    deleted_at: row.nursery_deleted_at,
  }),
});

export const speciesRef = (value: number) => ({
  value,
  label: speciesByValue(value)?.label ?? `Species ${value}`,
});

export function toStock(
  row: StockWithNursery,
  callerId: string,
  distanceKm: number | null = null,
): Stock {
  return {
    id: row.id,
    nursery: nurseryOf(row),
    species: speciesRef(row.species_id),
    size: row.size,
    quantityAvailable: row.quantity_available,
    priceMinor: row.price_minor,
    currency: row.currency,
    pickupLat: row.pickup_lat,
    pickupLng: row.pickup_lng,
    pickupLocation: row.pickup_location_text,
    notes: row.notes,
    lowStock: row.quantity_available <= NURSERY_LIMITS.lowStock,
    distanceKm: distanceKm === null ? null : Math.round(distanceKm * 10) / 10,
    isMine: row.nursery_id === callerId,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const isOpen = (status: string) =>
  (OPEN_RESERVATION_STATUSES as readonly string[]).includes(status);

/** What the caller may do to a reservation besides being its nursery. */
export interface ReservationRights {
  /** The caller acts for the drive's organiser (the drives' rule: themselves, or a team owner/admin). */
  drive: boolean;
  /** Why cancelling is refused although the caller is a party (donors paid), or null. */
  cancelRefusal: string | null;
}
const NO_RIGHTS: ReservationRights = { drive: false, cancelRefusal: null };

/**
 * The steps the caller may take: the nursery confirms, declines, delivers; either side (the
 * nursery, or whoever acts for the drive's organiser) cancels an open one.
 */
export function reservationActions(
  row: Pick<ReservationDetail, 'status' | 'nursery_id'>,
  callerId: string,
  drive: boolean,
): ReservationAction[] {
  const actions: ReservationAction[] = [];
  if (row.nursery_id === callerId) {
    if (row.status === 'requested') actions.push('confirm', 'decline');
    if (row.status === 'confirmed') actions.push('deliver');
  }
  if ((row.nursery_id === callerId || drive) && isOpen(row.status)) actions.push('cancel');
  return actions;
}

export function toReservation(
  row: ReservationDetail,
  callerId: string,
  rights: ReservationRights = NO_RIGHTS,
): Reservation {
  const steps = reservationActions(row, callerId, rights.drive);
  const cancelRefusal = steps.includes('cancel') ? rights.cancelRefusal : null;
  const actions = cancelRefusal ? steps.filter((a) => a !== 'cancel') : steps;
  return {
    id: row.id,
    status: row.status,
    quantity: row.quantity,
    unitPriceMinor: row.unit_price_minor,
    currency: row.currency,
    drive: { id: row.drive_id, name: row.drive_name, startsAt: row.drive_starts_at },
    nursery: nurseryOf(row),
    organiser: {
      id: row.organiser_id,
      name: personName({
        username: row.organiser_username,
        name: row.organiser_name,
        deleted_at: row.organiser_deleted_at,
      }),
    },
    stock: {
      id: row.stock_id,
      species: speciesRef(row.species_id),
      size: row.size,
      pickupLocation: row.pickup_location_text,
    },
    actions,
    canCancel: actions.includes('cancel'),
    cancelRefusal,
    createdAt: row.created_at,
    deliveredAt: row.delivered_at,
  };
}

const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function haversineKm(
  a: { lat: number; lng: number },
  b: { lat: number; lng: number },
): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A latitude/longitude box that holds every point within `radiusKm` of `center` (a prefilter
 * the database can answer on both dialects; the exact distance is computed afterwards).
 */
export function boundingBox(center: { lat: number; lng: number }, radiusKm: number): BoundingBox {
  const dLat = radiusKm / KM_PER_DEGREE;
  const minLat = Math.max(-90, center.lat - dLat);
  const maxLat = Math.min(90, center.lat + dLat);
  // Near a pole (or a radius that spans the globe) every longitude can be in reach.
  const cos = Math.cos(rad(Math.max(Math.abs(minLat), Math.abs(maxLat))));
  const dLng = cos > 1e-6 ? radiusKm / (KM_PER_DEGREE * cos) : 360;
  if (maxLat >= 90 || minLat <= -90 || dLng >= 180) return { minLat, maxLat, lngRanges: [] };
  const lo = center.lng - dLng;
  const hi = center.lng + dLng;
  if (lo < -180)
    return {
      minLat,
      maxLat,
      lngRanges: [
        [-180, hi],
        [lo + 360, 180],
      ],
    };
  if (hi > 180)
    return {
      minLat,
      maxLat,
      lngRanges: [
        [lo, 180],
        [-180, hi - 360],
      ],
    };
  return { minLat, maxLat, lngRanges: [[lo, hi]] };
}
