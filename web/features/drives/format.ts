import { formatDriveRange, formatDriveTime } from '../../lib/dates';
import type { Drive, DriveMapPoint, PersonSummary } from '../../../contract/drives';
import type { ClusterPoint } from '../../components/ui/map';

/** A drive's date and time in its own zone (lib/dates): "Sat, 14 Mar 2026, 10:00 – 12:00 (Asia/Kolkata, GMT+5:30)". */
export const formatDriveWhen = (
  start: string,
  end: string,
  timeZone?: string,
  locale?: string,
): string => formatDriveRange(start, end, timeZone, locale);

/** The name people see: the display name, or the username when there is none. */
export const personName = (person: Pick<PersonSummary, 'name' | 'username'>) =>
  person.name?.trim() || person.username;

/** "Place, Country", leaving out whatever is empty. */
export function drivePlace(drive: Pick<Drive, 'driveLocation' | 'country'>): string {
  const place = drive.driveLocation.trim();
  // Addresses picked on the map often end with the country already.
  if (place.toLowerCase().endsWith(drive.country.label.toLowerCase())) return place;
  return [place, drive.country.label].filter(Boolean).join(', ');
}

export const driveDetailPath = (id: string) => `/app/delive-detail/${encodeURIComponent(id)}`;
/** The drive's check-in desk (its organiser side). */
export const checkInPath = (id: string) => `/app/drives/${encodeURIComponent(id)}/check-in`;
export const profilePath = (id: string) => `/app/user-profile/${encodeURIComponent(id)}`;
export const PLANTATIONS_PATH = '/app/delive-event';
export const MY_PLANTATIONS_PATH = '/app/mydelive-event';

/** Drives as map points: the name, and the start in the drive's own zone under it. */
export const driveClusterPoints = (
  points: readonly DriveMapPoint[],
  locale?: string,
): ClusterPoint[] =>
  points.map((point) => ({
    id: point.id,
    lat: point.driveLat,
    lng: point.driveLong,
    title: point.driveName,
    detail: formatDriveTime(point.driveDate, point.timeZone, locale) || point.driveDate,
  }));
