import { sql, type Kysely } from 'kysely';
import type { Database } from '../tables';

/**
 * 0032 (issue 20): what the corporate dashboard and the impact report read of trees and money,
 * per organiser and day instead of every tree and donation of the organiser's drives
 * (docs/decisions/organiser-drive-days.md). One row per drive and day, with the drive's
 * organiser copied on it and indexed by (organiser_id, day), so a period of an organisation is
 * one index range; a drive's rows go with the drive (the trees' and donations' `drive_id` is set
 * null then, and they leave the figures at the same moment).
 * - `tree_drive_days` (trees module): plants registered at the drive by planting day (UTC) and
 *   how many of them are alive (a dead record counts none), kept by every tree write;
 * - `donation_drive_days` (donations module): paid donations to the drive by payment day (UTC)
 *   and currency (money, trees, count), kept by the fulfilment that makes one paid or refunds it.
 * Both are filled here from the rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tree_drive_days')
    .addColumn('drive_id', 'text', (c) => c.notNull().references('drives.id').onDelete('cascade'))
    .addColumn('planted_day', 'text', (c) => c.notNull())
    .addColumn('organiser_id', 'text', (c) => c.notNull())
    .addColumn('planted', 'bigint', (c) => c.notNull())
    .addColumn('alive', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('tree_drive_days_pkey', ['drive_id', 'planted_day'])
    .execute();
  await db.schema
    .createIndex('tree_drive_days_organiser_idx')
    .on('tree_drive_days')
    .columns(['organiser_id', 'planted_day'])
    .execute();

  await db.schema
    .createTable('donation_drive_days')
    .addColumn('drive_id', 'text', (c) => c.notNull().references('drives.id').onDelete('cascade'))
    .addColumn('paid_day', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('organiser_id', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('trees', 'bigint', (c) => c.notNull())
    .addColumn('donations', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('donation_drive_days_pkey', ['drive_id', 'paid_day', 'currency'])
    .execute();
  await db.schema
    .createIndex('donation_drive_days_organiser_idx')
    .on('donation_drive_days')
    .columns(['organiser_id', 'paid_day'])
    .execute();
  // As the schema stood at 0032: no tree was rejected before 0048 added verification.
  for (const statement of organiserDriveDaysFill(false)) await sql.raw(statement).execute(db);
}

/**
 * Makes both tables again from the trees, donations and drives (valid on both databases).
 * `rejected`: whether `trees.verification_status` exists (0048) — a rejected tree counts as
 * nothing at its drive (issue 21 §2), so fills on today's schema leave it out.
 */
function organiserDriveDaysFill(rejected: boolean): readonly string[] {
  return [
    'delete from tree_drive_days',
    `insert into tree_drive_days (drive_id, planted_day, organiser_id, planted, alive)
      select t.drive_id, substr(t.planted_at, 1, 10), d.organizer_id, sum(t.tree_count),
        sum(case when t.status = 'dead' then 0 else t.alive_count end)
      from trees t join drives d on d.id = t.drive_id
      ${rejected ? "where t.verification_status <> 'rejected'" : ''}
      group by t.drive_id, substr(t.planted_at, 1, 10), d.organizer_id`,
    'delete from donation_drive_days',
    `insert into donation_drive_days
        (drive_id, paid_day, currency, organiser_id, amount_minor, trees, donations)
      select n.drive_id, substr(n.paid_at, 1, 10), n.currency, d.organizer_id, sum(n.amount_minor),
        sum(n.trees), count(*)
      from donations n join drives d on d.id = n.drive_id
      where n.status = 'paid' and n.paid_at is not null
      group by n.drive_id, substr(n.paid_at, 1, 10), n.currency, d.organizer_id`,
  ];
}

/** The fill on today's schema, for fixtures and the scale builder, whose rows go past the app's writers. */
export const ORGANISER_DRIVE_DAYS_FILL = organiserDriveDaysFill(true);

/** Runs `ORGANISER_DRIVE_DAYS_FILL` on `db`. */
export async function fillOrganiserDriveDays(db: Kysely<Database>): Promise<void> {
  for (const statement of ORGANISER_DRIVE_DAYS_FILL) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('donation_drive_days').execute();
  await db.schema.dropTable('tree_drive_days').execute();
}
