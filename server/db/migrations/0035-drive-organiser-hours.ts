import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { countingTriggers } from './0031-drive-organiser-summaries';

/**
 * 0035 (drives module, issue 20): `drive_organiser_months.hours`, the volunteer hours of the
 * organiser's drives that month (each drive's duration once for its organiser and once per
 * participant), so the corporate dashboard's hours read the organiser's whole months from the
 * summary and only the month under way (and a period's partial first and last months) from the
 * drives (docs/decisions/drive-organiser-summaries.md). The triggers of 0031 are made again with
 * the hours; a change of a drive's duration now counts too.
 */
const MONTH = (row: string) => `substr(${row}.starts_at, 1, 7)`;
const SQLITE_TRIGGERS = [
  'drive_participants_summary_insert',
  'drive_participants_summary_delete',
  'drives_summary_insert',
  'drives_summary_delete',
  'drives_summary_update',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('drive_organiser_months')
    .addColumn('hours', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) for (const s of dropPostgres()) await sql.raw(s).execute(db);
  else for (const t of SQLITE_TRIGGERS) await sql`drop trigger ${sql.id(t)}`.execute(db);
  for (const s of postgres ? postgresTriggers() : sqliteTriggers()) await sql.raw(s).execute(db);
  await sql`update drive_organiser_months set hours = coalesce((
      select sum(d.duration_hours * (1 + (select count(*) from drive_participants p where p.drive_id = d.id)))
      from drives d
      where d.organizer_id = drive_organiser_months.organizer_id
        and substr(d.starts_at, 1, 7) = drive_organiser_months.month), 0)`.execute(db);
}

const addTo = (o: string, month: string, drives: string, participants: string, hours: string) =>
  `insert into drive_organiser_months (organizer_id, month, drives, participants, hours)
     values (${o}, ${month}, ${drives}, ${participants}, ${hours})
     on conflict (organizer_id, month) do update set
       drives = drive_organiser_months.drives + excluded.drives,
       participants = drive_organiser_months.participants + excluded.participants,
       hours = drive_organiser_months.hours + excluded.hours`;
const takeFrom = (o: string, month: string, drives: string, participants: string, hours: string) =>
  `update drive_organiser_months set drives = drives - ${drives},
       participants = participants - ${participants}, hours = hours - ${hours}
     where organizer_id = ${o} and month = ${month};
   delete from drive_organiser_months
     where organizer_id = ${o} and month = ${month} and drives <= 0`;

function sqliteTriggers(): string[] {
  const n = `(select count(*) from drive_participants where drive_id = new.id)`;
  return [
    `create trigger drive_participants_summary_insert after insert on drive_participants begin
       update drive_participants
         set drive_starts_at = (select starts_at from drives where id = new.drive_id)
         where drive_id = new.drive_id and user_id = new.user_id;
       insert into drive_organiser_months (organizer_id, month, drives, participants, hours)
         select organizer_id, ${MONTH('drives')}, 0, 1, duration_hours from drives
           where id = new.drive_id
         on conflict (organizer_id, month) do update set participants = participants + 1,
           hours = hours + excluded.hours;
     end`,
    `create trigger drive_participants_summary_delete after delete on drive_participants begin
       update drive_organiser_months set participants = participants - 1,
           hours = hours - (select duration_hours from drives where id = old.drive_id)
         where organizer_id = (select organizer_id from drives where id = old.drive_id)
           and month = (select ${MONTH('drives')} from drives where id = old.drive_id);
     end`,
    `create trigger drives_summary_insert after insert on drives begin
       ${addTo('new.organizer_id', MONTH('new'), '1', '0', 'new.duration_hours')};
     end`,
    `create trigger drives_summary_delete before delete on drives begin
       delete from drive_participants where drive_id = old.id;
       ${takeFrom('old.organizer_id', MONTH('old'), '1', '0', 'old.duration_hours')};
     end`,
    `create trigger drives_summary_update
       after update of starts_at, organizer_id, duration_hours on drives
       when old.starts_at is not new.starts_at or old.organizer_id is not new.organizer_id
         or old.duration_hours is not new.duration_hours begin
       update drive_participants set drive_starts_at = new.starts_at
         where drive_id = new.id and old.starts_at is not new.starts_at;
       ${takeFrom('old.organizer_id', MONTH('old'), '1', n, `old.duration_hours * (1 + ${n})`)};
       ${addTo('new.organizer_id', MONTH('new'), '1', n, `new.duration_hours * (1 + ${n})`)};
     end`,
  ];
}

function dropPostgres(): string[] {
  return [
    'drop trigger drives_summary_insert on drives',
    'drop trigger drives_summary_delete on drives',
    'drop trigger drives_summary_update on drives',
    'drop trigger drive_participants_summary on drive_participants',
    'drop function drives_summary()',
    'drop function drive_participants_summary()',
  ];
}

// `drive_participants_starts` (0031) stays as it is. `set search_path from current`: the functions
// name this schema's tables whoever writes.
function postgresTriggers(): string[] {
  return [
    `create function drive_participants_summary() returns trigger language plpgsql
       set search_path from current as $$
     declare d record;
     begin
       if tg_op = 'INSERT' then
         select organizer_id, starts_at, duration_hours into d from drives where id = new.drive_id;
         if found then
           ${addTo('d.organizer_id', MONTH('d'), '0', '1', 'd.duration_hours')};
         end if;
         return new;
       end if;
       select organizer_id, starts_at, duration_hours into d from drives where id = old.drive_id;
       if found then
         update drive_organiser_months set participants = participants - 1,
             hours = hours - d.duration_hours
           where organizer_id = d.organizer_id and month = ${MONTH('d')};
       end if;
       return old;
     end $$`,
    `create trigger drive_participants_summary after insert or delete on drive_participants
       for each row execute function drive_participants_summary()`,
    `create function drives_summary() returns trigger language plpgsql
       set search_path from current as $$
     declare n integer;
     begin
       if tg_op = 'INSERT' then
         ${addTo('new.organizer_id', MONTH('new'), '1', '0', 'new.duration_hours')};
         return new;
       elsif tg_op = 'DELETE' then
         delete from drive_participants where drive_id = old.id;
         ${takeFrom('old.organizer_id', MONTH('old'), '1', '0', 'old.duration_hours')};
         return old;
       end if;
       if old.starts_at is distinct from new.starts_at
          or old.organizer_id is distinct from new.organizer_id
          or old.duration_hours is distinct from new.duration_hours then
         if old.starts_at is distinct from new.starts_at then
           update drive_participants set drive_starts_at = new.starts_at where drive_id = new.id;
         end if;
         n := (select count(*) from drive_participants where drive_id = new.id);
         ${takeFrom('old.organizer_id', MONTH('old'), '1', 'n', 'old.duration_hours * (1 + n)')};
         ${addTo('new.organizer_id', MONTH('new'), '1', 'n', 'new.duration_hours * (1 + n)')};
       end if;
       return new;
     end $$`,
    `create trigger drives_summary_insert after insert on drives
       for each row execute function drives_summary()`,
    `create trigger drives_summary_delete before delete on drives
       for each row execute function drives_summary()`,
    `create trigger drives_summary_update
       after update of starts_at, organizer_id, duration_hours on drives
       for each row execute function drives_summary()`,
  ];
}

/** Back to 0031's triggers, without the hours. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) for (const s of dropPostgres()) await sql.raw(s).execute(db);
  else for (const t of SQLITE_TRIGGERS) await sql`drop trigger ${sql.id(t)}`.execute(db);
  await db.schema.alterTable('drive_organiser_months').dropColumn('hours').execute();
  for (const s of countingTriggers(postgres)) await sql.raw(s).execute(db);
}
