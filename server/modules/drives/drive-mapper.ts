import { formatLatLng } from '../../../contract/geo';
import { countryLabel } from '../../../contract/countries';
import type { Drive, DriveForm, Option, PersonSummary } from '../../../contract/drives';
import { fileUrl } from '../../../contract/files';
import { DRIVE_DURATIONS, speciesByValue, TREE_SIZES } from '../../../contract/options';
import { timeZoneAt } from '../../lib/time-zone';
import type { DriveWithOrganizer } from './drive-queries';

const HOUR_MS = 3_600_000;

/** Where the app shows a drive (notification links, calendar entries). */
export const driveLink = (id: string) => `/app/delive-detail/${id}`;

/** Stored JSON arrays; a damaged value shows as empty rather than failing the whole list. */
export function parseJsonList<T>(text: string): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export function toPersonSummary(user: {
  id: string;
  username: string;
  name: string | null;
  avatar_file_id: string | null;
}): PersonSummary {
  return {
    _id: user.id,
    id: user.id,
    username: user.username,
    name: user.name,
    file: user.avatar_file_id ? fileUrl(user.avatar_file_id) : '',
  };
}

/** How a member is named in option lists and notifications. */
export const displayName = (user: { username: string; name: string | null }) =>
  user.name?.trim() || user.username;

const sizeLabel = new Map<string, string>(TREE_SIZES.map((s) => [s.value, s.label]));
const durationLabel = new Map<string, string>(DRIVE_DURATIONS.map((d) => [d.value, d.label]));

export const driveEnd = (startsAt: string, durationHours: number) =>
  new Date(Date.parse(startsAt) + durationHours * HOUR_MS).toISOString();

/** The land donor ids a drive stores (for looking up their current names). */
export const landDonorIds = (row: Pick<DriveWithOrganizer, 'land_donors'>) =>
  parseJsonList<string>(row.land_donors);

export interface DriveViewContext {
  now: Date;
  callerId: string;
  participantCount: number;
  joined: boolean;
  /** Current names of land donor accounts; ids missing here (deleted accounts) are left out. */
  donorNames: ReadonlyMap<string, string>;
}

/** A stored drive as the API shows it: the form's names, option values with their labels. */
export function toDrive(row: DriveWithOrganizer, view: DriveViewContext): Drive {
  const duration = String(row.duration_hours);
  const option = (value: string, label: string | undefined): Option => ({
    value,
    label: label ?? value,
  });
  return {
    _id: row.id,
    id: row.id,
    driveName: row.name,
    treeQuantity: row.tree_quantity,
    driveDate: row.starts_at,
    driveEndDate: driveEnd(row.starts_at, row.duration_hours),
    timeZone: row.time_zone,
    driveDuration: option(duration, durationLabel.get(duration)),
    country: option(row.country, countryLabel(row.country)),
    driveLocation: row.location_text,
    driveLat: row.lat,
    driveLong: row.lng,
    driveDesc: row.description,
    treeSize: parseJsonList<string>(row.tree_sizes).map((v) => option(v, sizeLabel.get(v))),
    treesType: parseJsonList<number>(row.tree_types).map((v) =>
      option(String(v), speciesByValue(Number(v))?.label),
    ),
    treeSponsored: parseJsonList<string>(row.sponsors).map((name) => option(name, name)),
    landDonatedBy: landDonorIds(row).flatMap((id) => {
      const name = view.donorNames.get(id);
      return name === undefined ? [] : [option(id, name)];
    }),
    image: row.image_file_id ? fileUrl(row.image_file_id) : '',
    organizer: toPersonSummary({
      id: row.organizer_id,
      username: row.organizer_username,
      name: row.organizer_name,
      avatar_file_id: row.organizer_avatar,
    }),
    participantCount: view.participantCount,
    joined: view.joined,
    isOrganizer: row.organizer_id === view.callerId,
    isPast: Date.parse(row.starts_at) < view.now.getTime(),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The drive form's fields as `drives` columns (options stored as JSON arrays of values). */
export const storedFields = (form: DriveForm) => ({
  name: form.driveName,
  tree_quantity: form.treeQuantity,
  starts_at: form.driveDate,
  duration_hours: form.driveDuration,
  country: form.country,
  location_text: form.driveLocation || formatLatLng(form.driveLat, form.driveLong),
  lat: form.driveLat,
  lng: form.driveLong,
  // Derived from the chosen point, never taken from the client.
  time_zone: timeZoneAt(form.driveLat, form.driveLong),
  description: form.driveDesc,
  tree_sizes: JSON.stringify(form.treeSize),
  tree_types: JSON.stringify(form.treesType),
  sponsors: JSON.stringify(form.treeSponsored),
  land_donors: JSON.stringify(form.landDonatedById),
});
