import { expect, type APIRequestContext } from '@playwright/test';
import { attendanceResponseSchema, drivePassResponseSchema } from '../../contract/attendance';
import { E2E_PASSWORD } from './e2e-accounts';
import { buildJpeg } from './images';

/** A session token for an account, straight from the login endpoint. */
export async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/users/login', {
    data: { email, password: E2E_PASSWORD },
  });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { result: { token: string } }).result.token;
}

/** Where a drive is planted, as the create-drive form sends it. */
export interface DrivePlace {
  location: string;
  lat: string;
  lng: string;
  description: string;
}

export const CUBBON_PARK: DrivePlace = {
  location: 'Cubbon Park, Bengaluru',
  lat: '12.9763',
  lng: '77.5929',
  description: 'Bring gloves and water. We plant neem saplings along the lake path.',
};

/** Creates a drive through the API as a corporate member, `daysAhead` days from now at 10:00 local time. */
export async function apiDrive(
  request: APIRequestContext,
  token: string,
  {
    driveName,
    daysAhead = 3,
    trees = 250,
    place = CUBBON_PARK,
  }: { driveName: string; daysAhead?: number; trees?: number; place?: DrivePlace },
) {
  const start = new Date();
  start.setDate(start.getDate() + daysAhead);
  start.setHours(10, 0, 0, 0);
  const created = await request.post('/api/add_drivetreeinfo', {
    headers: { 'x-auth-token': token },
    multipart: {
      driveName,
      treeQuantity: String(trees),
      driveDate: start.toISOString(),
      country: 'IN',
      driveLocation: place.location,
      driveDesc: place.description,
      driveLat: place.lat,
      driveLong: place.lng,
      treeSize: 'packet',
      treesType: '1',
      driveDuration: '2',
      treedriveImage: {
        name: 'drive.jpg',
        mimeType: 'image/jpeg',
        buffer: await buildJpeg({ width: 640, height: 400, seed: 3 }),
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { data: { data: { id: string } } }).data.data.id;
  return { id, start };
}

/** YYYY-MM-DD of a date in this machine's time zone (the browser's too). */
export const localDayKey = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The drive form's fields as the API takes them, for a 2-hour drive at Cubbon Park starting `start`. */
export const driveFields = (driveName: string, start: Date) => ({
  driveName,
  treeQuantity: '40',
  driveDate: start.toISOString(),
  country: 'IN',
  driveLocation: CUBBON_PARK.location,
  driveDesc: CUBBON_PARK.description,
  driveLat: CUBBON_PARK.lat,
  driveLong: CUBBON_PARK.lng,
  treeSize: 'packet',
  treesType: '1',
  driveDuration: '2',
});

/**
 * A drive starting in an hour (check-in opens two hours before a drive starts, so it is open at
 * once). The API takes any start from 15 minutes ago (DRIVE_LIMITS.pastGraceMinutes) onwards.
 */
export async function driveStartingSoon(
  request: APIRequestContext,
  token: string,
  driveName: string,
) {
  const created = await request.post('/api/add_drivetreeinfo', {
    headers: { 'x-auth-token': token },
    multipart: {
      ...driveFields(driveName, new Date(Date.now() + 3_600_000)),
      treedriveImage: {
        name: 'drive.jpg',
        mimeType: 'image/jpeg',
        buffer: await buildJpeg({ width: 640, height: 400, seed: 7 }),
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { data: { data: { id: string } } }).data.data.id;
}

/** The member joins the drive. */
export async function joinDrive(request: APIRequestContext, token: string, id: string) {
  const joined = await request.post(`/api/drives/${id}/participants`, {
    headers: { 'x-auth-token': token },
  });
  expect(joined.status(), await joined.text()).toBe(200);
}

/** The member's pass for the drive (its code and QR). */
export async function passOf(request: APIRequestContext, token: string, id: string) {
  const answer = await request.get(`/api/drives/${id}/pass`, {
    headers: { 'x-auth-token': token },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return drivePassResponseSchema.parse(await answer.json()).data;
}

/** The drive's attendance as its check-in desk reads it (the organiser's token). */
export async function attendanceOf(request: APIRequestContext, token: string, id: string) {
  const answer = await request.get(`/api/drives/${id}/attendance`, {
    headers: { 'x-auth-token': token },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return attendanceResponseSchema.parse(await answer.json()).data;
}
