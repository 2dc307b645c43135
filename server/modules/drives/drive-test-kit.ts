/** Test helpers shared by the drive suites (imported only by *.test.ts files). */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterEach } from 'vitest';
import { buildDrive } from '../../../tests/support/factories';
import { signedInUser } from '../../../tests/support/signed-in';
import { buildTestApp, movableClock, type TestApp } from '../../../tests/support/test-app';
import type { DatabaseTarget } from '../../../tests/support/test-database';
import type { Database, NewDrive, NewUser } from '../../db/tables';
import { buildJpeg, injectMultipart, type FormFields } from '../../../tests/support/images';
import { noticesOf } from '../../../tests/support/notices';
import { attendedMinutes } from './drive-attendance';
import { driveAttendanceRepository } from './drive-attendance.repository';

export type { FormFields };

/** A complete, valid drive form for a drive on 2026-06-10 (tests run their clock before that). */
export function validForm(overrides: FormFields = {}): FormFields {
  return {
    driveName: 'Monsoon Mangrove Day',
    treeQuantity: '400',
    driveDate: '2026-06-10T09:00:00.000Z',
    country: 'IN',
    driveLocation: 'Mahim Creek, Mumbai',
    driveDesc: 'Planting mangrove propagules along the creek.',
    driveLat: '19.0426',
    driveLong: '72.8402',
    treeSize: ['packet', 'potted'],
    treesType: ['1', '2'],
    treeSponsored: ['Greenleaf Industries', 'City Council'],
    landDonatedBy: [],
    landDonatedById: [],
    driveDuration: '3',
    ...overrides,
  };
}

let imageSeed = 0;
/** A small real JPEG; each call differs so stored files differ. */
export const driveImage = () => buildJpeg({ width: 64, height: 48, seed: ++imageSeed });

/** Sends the form as multipart (repeated fields for lists), with an optional image. */
export function sendForm(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  fields: FormFields,
  image?: { data: Buffer; field?: string; filename?: string; contentType?: string } | null,
) {
  return injectMultipart(
    app,
    method,
    url,
    headers,
    fields,
    image && {
      name: image.field ?? 'treedriveImage',
      filename: image.filename ?? 'drive.jpg',
      contentType: image.contentType ?? 'image/jpeg',
      data: image.data,
    },
  );
}

/** A stored-file row, so rows may reference `id` (avatars and images are foreign keys to files). */
export async function insertFile(db: Kysely<Database>, id: string): Promise<string> {
  await db
    .insertInto('files')
    .values({
      id,
      mime: 'image/webp',
      bytes: 3,
      width: 1,
      height: 1,
      owner_id: null,
      created_at: '2026-01-01T00:00:00.000Z',
    })
    .execute();
  return id;
}

export type Headers = Record<string, string>;
/** The moment the drive API suites run at (their drives are a few days or weeks later). */
export const NOW = '2026-06-01T10:00:00.000Z';
export const APP_URL = 'https://canopy.example';

/**
 * A fresh app per test and the shortcuts every drive API suite uses. Call inside `describe`; the app
 * is closed after each test.
 */
export function driveApi(target: DatabaseTarget) {
  let t: TestApp | undefined;
  const clock = movableClock(NOW);
  afterEach(async () => t?.close());
  const current = (): TestApp => {
    if (!t) throw new Error('call setup() first');
    return t;
  };
  const app = () => current().app;
  const db = () => current().database.db;
  const signIn = (overrides: Partial<NewUser> = {}) => signedInUser(app(), db(), overrides);
  const create = async (headers: Headers, fields: FormFields = validForm(), withImage = true) =>
    sendForm(
      app(),
      'POST',
      '/api/add_drivetreeinfo',
      headers,
      fields,
      withImage ? { data: await driveImage() } : null,
    );
  return {
    clock,
    app,
    db,
    signIn,
    create,
    async setup() {
      clock.set(NOW);
      t = await buildTestApp(target, { clock, config: { appUrl: APP_URL } });
    },
    corporate: (overrides: Partial<NewUser> = {}) =>
      signIn({ profile_type: 'corporate', name: 'Greenleaf Industries', ...overrides }),
    edit: (id: string, headers: Headers, fields: FormFields, image?: Buffer) =>
      sendForm(app(), 'PUT', `/api/drives/${id}`, headers, fields, image ? { data: image } : null),
    call: (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers = {}) =>
      app().inject({ method, url, headers }),
    async insertDrive(organizerId: string, overrides: Partial<NewDrive> = {}) {
      const drive = buildDrive(organizerId, {
        starts_at: '2026-06-20T08:00:00.000Z',
        ...overrides,
      });
      await db().insertInto('drives').values(drive).execute();
      return drive;
    },
    join: (driveId: string, userId: string) =>
      db()
        .insertInto('drive_participants')
        .values({ drive_id: driveId, user_id: userId, joined_at: NOW })
        .execute(),
    noticesOf: (userId: string) => noticesOf(db(), userId),
  };
}

/**
 * An attendance as the check-in writes it (tests of the figures that count attended hours):
 * the row with its minutes (drive-attendance.ts), then the drive recounted under its lock.
 */
export async function recordAttendance(
  db: Kysely<Database>,
  drive: { id: string; duration_hours: number },
  userId: string,
  times: { in?: string; out?: string; correctedMinutes?: number },
) {
  const row = {
    drive_id: drive.id,
    person_id: userId,
    user_id: userId,
    walk_in_name: null,
    walk_in_email: null,
    claim_hash: null,
    checked_in_at: times.in ?? null,
    checked_out_at: times.out ?? null,
    corrected_minutes: times.correctedMinutes ?? null,
    minutes: 0,
    created_at: NOW,
    updated_at: NOW,
  };
  row.minutes = attendedMinutes(row, drive.duration_hours);
  const repo = driveAttendanceRepository(db);
  await repo.lockDrive(drive.id);
  await repo.insertIfAbsent(row);
  await repo.recount(drive.id);
}
