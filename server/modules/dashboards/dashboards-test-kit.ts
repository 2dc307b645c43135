import type { Kysely } from 'kysely';
import { fillOrganiserDriveDays } from '../../db/migrations/0032-organiser-drive-days';
import type { Database } from '../../db/tables';
import { recordAttendance } from '../drives/drive-test-kit';
import { buildDonation, buildDrive, buildTree, insertUser } from '../../../tests/support/factories';

export const NOW = '2026-11-21T12:00:00.000Z';

/**
 * An organisation with two past drives and one ahead, another organisation's drive, trees planted
 * at them and donations to them (paid, failed, other currencies): the corporate dashboard's world.
 */
export async function seedOrganisation(db: Kysely<Database>, organiserId: string) {
  const a = await insertUser(db);
  const b = await insertUser(db);
  const rival = await insertUser(db, { profile_type: 'corporate' });
  const d1 = buildDrive(organiserId, {
    name: '=HYPERLINK("http://evil")',
    starts_at: '2026-03-10T09:00:00.000Z',
    duration_hours: 3,
    country: 'IN',
  });
  const d2 = buildDrive(organiserId, {
    name: 'Lake path, phase 2',
    starts_at: '2026-07-01T08:00:00.000Z',
    duration_hours: 2,
    country: 'KE',
  });
  const d3 = buildDrive(organiserId, {
    name: 'Winter hedgerow',
    starts_at: '2027-01-10T10:00:00.000Z',
    duration_hours: 4,
  });
  const d4 = buildDrive(rival.id, { starts_at: '2026-04-01T09:00:00.000Z' });
  await db.insertInto('drives').values([d1, d2, d3, d4]).execute();
  const joined = (drive_id: string, user_id: string) => ({ drive_id, user_id, joined_at: NOW });
  await db
    .insertInto('drive_participants')
    .values([
      joined(d1.id, a.id),
      joined(d1.id, b.id),
      joined(d2.id, a.id),
      joined(d3.id, b.id),
      joined(d4.id, a.id),
    ])
    .execute();
  // Who came (volunteer hours are attended hours): a stayed d1 to the end (3 h, never checked
  // out), b did not come; a left d2 after 1 h 30 min; a's hour at the rival's drive is corrected.
  await recordAttendance(db, d1, a.id, { in: '2026-03-10T09:00:00.000Z' });
  await recordAttendance(db, d2, a.id, {
    in: '2026-07-01T08:00:00.000Z',
    out: '2026-07-01T09:30:00.000Z',
  });
  await recordAttendance(db, d4, a.id, { correctedMinutes: 60 });
  await db
    .insertInto('trees')
    .values([
      buildTree(a.id, {
        drive_id: d1.id,
        planted_at: '2026-03-10T00:00:00.000Z',
        tree_count: 10,
        alive_count: 8,
      }),
      buildTree(b.id, {
        drive_id: d1.id,
        planted_at: '2026-03-10T00:00:00.000Z',
        tree_count: 4,
        alive_count: 0,
        status: 'dead',
        status_changed_at: '2026-09-01T00:00:00.000Z',
      }),
      buildTree(a.id, {
        drive_id: d2.id,
        planted_at: '2026-07-01T00:00:00.000Z',
        tree_count: 5,
        alive_count: 5,
      }),
      buildTree(a.id, { drive_id: d4.id, tree_count: 50, alive_count: 50 }),
    ])
    .execute();
  await db
    .insertInto('donations')
    .values([
      buildDonation(a.id, {
        drive_id: d1.id,
        amount_minor: 5000,
        paid_at: '2026-03-01T10:00:00.000Z',
      }),
      buildDonation(b.id, {
        drive_id: d3.id,
        kind: 'trees',
        trees: 12,
        amount_minor: 6000,
        paid_at: '2026-10-05T10:00:00.000Z',
      }),
      buildDonation(b.id, {
        drive_id: d2.id,
        amount_minor: 700,
        currency: 'EUR',
        paid_at: '2026-06-20T10:00:00.000Z',
      }),
      buildDonation(a.id, { drive_id: d1.id, amount_minor: 99_999, status: 'failed' }),
      buildDonation(a.id, { drive_id: d4.id, amount_minor: 12_345 }),
    ])
    .execute();
  // Rows written past the app's writers: their per-organiser days are made from them, as 0032 does.
  await fillOrganiserDriveDays(db);
  return { a, b, d1, d2, d3, d4 };
}
