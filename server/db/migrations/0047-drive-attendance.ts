import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * 0047 (drives module, issue 21 §1): check-in at a drive, and volunteer hours that are attended
 * hours (docs/decisions/attended-hours.md).
 * - `drive_attendance`: one row per drive and person (a member, or a walk-in without an account
 *   yet): check-in, check-out, a correction, and the minutes it counts. The primary key makes a
 *   second check-in the same attendance, however concurrent.
 * - `drives.attendance_minutes` (the sum of its attendance rows' minutes) and
 *   `drives.organiser_attended` (1 when the organiser has a row; otherwise they count the drive's
 *   duration), written by the attendance write in its transaction, under the drive row's lock.
 * - `drive_attended_months` (per organiser and month, YYYY-MM of the start, UTC) and
 *   `drive_community_attended_months` (per month): the drives' attended minutes, kept by triggers
 *   on `drives` in the writing statement, beside 0035/0037's months (whose rows go when a month's
 *   last drive leaves it, so they cannot carry these minutes safely).
 */
const ATTENDED = (r: string) =>
  `(${r}.attendance_minutes + case when ${r}.organiser_attended = 0 then ${r}.duration_hours * 60 else 0 end)`;
const MONTH = (r: string) => `substr(${r}.starts_at, 1, 7)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('drive_attendance')
    .addColumn('drive_id', 'text', (c) => c.notNull().references('drives.id').onDelete('cascade'))
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('walk_in_name', 'text')
    .addColumn('walk_in_email', 'text')
    .addColumn('claim_hash', 'text')
    .addColumn('checked_in_at', 'text')
    .addColumn('checked_out_at', 'text')
    .addColumn('corrected_minutes', 'integer')
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('drive_attendance_pk', ['drive_id', 'person_id'])
    .execute();
  await db.schema
    .createIndex('drive_attendance_user_idx')
    .on('drive_attendance')
    .columns(['user_id', 'drive_id'])
    .execute();
  await db.schema
    .createIndex('drive_attendance_walk_in_idx')
    .on('drive_attendance')
    .columns(['drive_id', 'walk_in_email'])
    .unique()
    .execute();
  await db.schema
    .createIndex('drive_attendance_claim_idx')
    .on('drive_attendance')
    .column('claim_hash')
    .execute();
  await db.schema
    .alterTable('drives')
    .addColumn('attendance_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('drives')
    .addColumn('organiser_attended', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('drive_attended_months')
    .addColumn('organizer_id', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('drive_attended_months_pk', ['organizer_id', 'month'])
    .execute();
  await db.schema
    .createTable('drive_community_attended_months')
    .addColumn('month', 'text', (c) => c.primaryKey())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .execute();

  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const s of postgres ? postgresTriggers() : sqliteTriggers()) await sql.raw(s).execute(db);

  // Until now nobody checked in: each drive counts its organiser's duration.
  await sql
    .raw(
      `insert into drive_attended_months (organizer_id, month, minutes)
         select organizer_id, ${MONTH('d')}, sum(${ATTENDED('d')}) from drives d
         group by organizer_id, ${MONTH('d')}`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into drive_community_attended_months (month, minutes)
         select month, sum(minutes) from drive_attended_months group by month`,
    )
    .execute(db);
}

/**
 * Adds a drive's minutes to its organiser's month and the community's month. These two tables are
 * written by these triggers only: 0035/0037 drop a month's row when its last drive leaves it, and
 * attended minutes kept beside them would be lost in between when both fire on one update.
 */
const add = (r: string, sign: '+' | '-') =>
  sign === '+'
    ? [
        `insert into drive_attended_months (organizer_id, month, minutes)
           values (${r}.organizer_id, ${MONTH(r)}, ${ATTENDED(r)})
           on conflict (organizer_id, month) do update set
             minutes = drive_attended_months.minutes + excluded.minutes`,
        `insert into drive_community_attended_months (month, minutes)
           values (${MONTH(r)}, ${ATTENDED(r)})
           on conflict (month) do update set
             minutes = drive_community_attended_months.minutes + excluded.minutes`,
      ]
    : // Taking away never makes a row (a test's reset may empty these tables before drives).
      [
        `update drive_attended_months set minutes = minutes - ${ATTENDED(r)}
           where organizer_id = ${r}.organizer_id and month = ${MONTH(r)}`,
        `update drive_community_attended_months set minutes = minutes - ${ATTENDED(r)}
           where month = ${MONTH(r)}`,
      ];

const CHANGED_SQLITE = `old.attendance_minutes is not new.attendance_minutes
  or old.organiser_attended is not new.organiser_attended
  or old.duration_hours is not new.duration_hours or old.starts_at is not new.starts_at
  or old.organizer_id is not new.organizer_id`;

function sqliteTriggers(): string[] {
  return [
    `create trigger drives_attended_insert after insert on drives begin
       ${add('new', '+').join(';\n')};
     end`,
    `create trigger drives_attended_delete after delete on drives begin
       ${add('old', '-').join(';\n')};
     end`,
    `create trigger drives_attended_update
       after update of attendance_minutes, organiser_attended, duration_hours, starts_at, organizer_id
       on drives when ${CHANGED_SQLITE} begin
       ${[...add('old', '-'), ...add('new', '+')].join(';\n')};
     end`,
  ];
}

// `set search_path from current`: the function names this schema's tables whoever writes.
function postgresTriggers(): string[] {
  return [
    `create function drives_attended() returns trigger language plpgsql
       set search_path from current as $$
     begin
       if tg_op in ('DELETE', 'UPDATE') then
         ${add('old', '-').join(';\n')};
       end if;
       if tg_op in ('INSERT', 'UPDATE') then
         ${add('new', '+').join(';\n')};
       end if;
       return null;
     end $$`,
    `create trigger drives_attended_insert_delete after insert or delete on drives
       for each row execute function drives_attended()`,
    `create trigger drives_attended_update
       after update of attendance_minutes, organiser_attended, duration_hours, starts_at, organizer_id
       on drives for each row when (
         old.attendance_minutes is distinct from new.attendance_minutes
         or old.organiser_attended is distinct from new.organiser_attended
         or old.duration_hours is distinct from new.duration_hours
         or old.starts_at is distinct from new.starts_at
         or old.organizer_id is distinct from new.organizer_id)
       execute function drives_attended()`,
  ];
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const drops = postgres
    ? [
        'drop trigger drives_attended_insert_delete on drives',
        'drop trigger drives_attended_update on drives',
        'drop function drives_attended()',
      ]
    : ['drives_attended_insert', 'drives_attended_delete', 'drives_attended_update'].map(
        (name) => `drop trigger ${name}`,
      );
  for (const s of drops) await sql.raw(s).execute(db);
  await db.schema.dropTable('drive_community_attended_months').execute();
  await db.schema.dropTable('drive_attended_months').execute();
  await db.schema.alterTable('drives').dropColumn('organiser_attended').execute();
  await db.schema.alterTable('drives').dropColumn('attendance_minutes').execute();
  await db.schema.dropTable('drive_attendance').execute();
}
