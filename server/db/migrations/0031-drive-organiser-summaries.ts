import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * 0031 (drives module, issue 20): what a member's and an organiser's drive screens read comes from
 * indexes and one summary table instead of every drive they ever organised or joined
 * (docs/decisions/drive-organiser-summaries.md):
 * - `drives_organizer_idx` becomes (organizer_id, starts_at, id): an organiser's drives in date
 *   order, keyset pages and counts by range;
 * - `drive_participants.drive_starts_at`, the drive's start copied onto each participation, with
 *   (user_id, drive_starts_at, drive_id): a member's joined drives in date order, keyset pages;
 * - `drive_organiser_months`: per organiser and month (YYYY-MM of starts_at, UTC) their drives and
 *   sign-ups.
 * Triggers keep both summaries in step inside the writing statement (so in its transaction,
 * whoever writes: the repository, account deletion's cascades, seeds, test factories). A drive's
 * delete first deletes its participations (each counted down while the drive still says whose
 * month it was), so the cascade that follows finds none.
 */
const MONTH = (row: string) => `substr(${row}.starts_at, 1, 7)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('drives_organizer_idx').execute();
  await db.schema
    .createIndex('drives_organizer_idx')
    .on('drives')
    .columns(['organizer_id', 'starts_at', 'id'])
    .execute();

  await db.schema.alterTable('drive_participants').addColumn('drive_starts_at', 'text').execute();
  await db.schema.dropIndex('drive_participants_user_idx').execute();
  await db.schema
    .createIndex('drive_participants_user_idx')
    .on('drive_participants')
    .columns(['user_id', 'drive_starts_at', 'drive_id'])
    .execute();

  // No foreign key to users: a deleted organiser's drives count themselves down as they go.
  await db.schema
    .createTable('drive_organiser_months')
    .addColumn('organizer_id', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('drives', 'integer', (c) => c.notNull())
    .addColumn('participants', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('drive_organiser_months_pkey', ['organizer_id', 'month'])
    .execute();

  const statements =
    db.getExecutor().adapter instanceof PostgresAdapter ? postgresTriggers() : sqliteTriggers();
  for (const statement of statements) await sql.raw(statement).execute(db);

  // The backfill, from the rows.
  await sql`update drive_participants set drive_starts_at =
      (select starts_at from drives where drives.id = drive_participants.drive_id)`.execute(db);
  await sql`insert into drive_organiser_months (organizer_id, month, drives, participants)
      select d.organizer_id, substr(d.starts_at, 1, 7), count(*), coalesce(sum(p.n), 0)
      from drives d
      left join (select drive_id, count(*) as n from drive_participants group by drive_id) p
        on p.drive_id = d.id
      group by d.organizer_id, substr(d.starts_at, 1, 7)`.execute(db);
}

const addTo = (organizer: string, month: string, drives: string, participants: string) =>
  `insert into drive_organiser_months (organizer_id, month, drives, participants)
     values (${organizer}, ${month}, ${drives}, ${participants})
     on conflict (organizer_id, month) do update set
       drives = drive_organiser_months.drives + excluded.drives,
       participants = drive_organiser_months.participants + excluded.participants`;
const takeFrom = (organizer: string, month: string, drives: string, participants: string) =>
  `update drive_organiser_months set drives = drives - ${drives},
       participants = participants - ${participants}
     where organizer_id = ${organizer} and month = ${month};
   delete from drive_organiser_months
     where organizer_id = ${organizer} and month = ${month} and drives <= 0`;

function sqliteTriggers(): string[] {
  const joinedCount = `(select count(*) from drive_participants where drive_id = new.id)`;
  return [
    `create trigger drive_participants_summary_insert after insert on drive_participants begin
       update drive_participants
         set drive_starts_at = (select starts_at from drives where id = new.drive_id)
         where drive_id = new.drive_id and user_id = new.user_id;
       insert into drive_organiser_months (organizer_id, month, drives, participants)
         select organizer_id, ${MONTH('drives')}, 0, 1 from drives where id = new.drive_id
         on conflict (organizer_id, month) do update set participants = participants + 1;
     end`,
    `create trigger drive_participants_summary_delete after delete on drive_participants begin
       update drive_organiser_months set participants = participants - 1
         where organizer_id = (select organizer_id from drives where id = old.drive_id)
           and month = (select ${MONTH('drives')} from drives where id = old.drive_id);
     end`,
    `create trigger drives_summary_insert after insert on drives begin
       ${addTo('new.organizer_id', MONTH('new'), '1', '0')};
     end`,
    `create trigger drives_summary_delete before delete on drives begin
       delete from drive_participants where drive_id = old.id;
       ${takeFrom('old.organizer_id', MONTH('old'), '1', '0')};
     end`,
    `create trigger drives_summary_update after update of starts_at, organizer_id on drives
       when old.starts_at is not new.starts_at or old.organizer_id is not new.organizer_id begin
       update drive_participants set drive_starts_at = new.starts_at where drive_id = new.id;
       ${takeFrom('old.organizer_id', MONTH('old'), '1', joinedCount)};
       ${addTo('new.organizer_id', MONTH('new'), '1', joinedCount)};
     end`,
  ];
}

// `set search_path from current`: the functions name this schema's tables whoever writes (another
// server's connection, a tool with another search_path).
function postgresTriggers(): string[] {
  return [
    `create function drive_participants_starts() returns trigger language plpgsql
       set search_path from current as $$
     begin
       new.drive_starts_at := (select starts_at from drives where id = new.drive_id);
       return new;
     end $$`,
    `create trigger drive_participants_starts before insert on drive_participants
       for each row execute function drive_participants_starts()`,
    `create function drive_participants_summary() returns trigger language plpgsql
       set search_path from current as $$
     declare d record;
     begin
       if tg_op = 'INSERT' then
         select organizer_id, starts_at into d from drives where id = new.drive_id;
         if found then ${addTo('d.organizer_id', MONTH('d'), '0', '1')}; end if;
         return new;
       end if;
       select organizer_id, starts_at into d from drives where id = old.drive_id;
       if found then
         update drive_organiser_months set participants = participants - 1
           where organizer_id = d.organizer_id and month = ${MONTH('d')};
       end if;
       return old;
     end $$`,
    // AFTER: a join that conflicts (joining twice) inserts nothing and counts nothing.
    `create trigger drive_participants_summary after insert or delete on drive_participants
       for each row execute function drive_participants_summary()`,
    `create function drives_summary() returns trigger language plpgsql
       set search_path from current as $$
     declare n integer;
     begin
       if tg_op = 'INSERT' then
         ${addTo('new.organizer_id', MONTH('new'), '1', '0')};
         return new;
       elsif tg_op = 'DELETE' then
         delete from drive_participants where drive_id = old.id;
         ${takeFrom('old.organizer_id', MONTH('old'), '1', '0')};
         return old;
       end if;
       if old.starts_at is distinct from new.starts_at
          or old.organizer_id is distinct from new.organizer_id then
         update drive_participants set drive_starts_at = new.starts_at where drive_id = new.id;
         n := (select count(*) from drive_participants where drive_id = new.id);
         ${takeFrom('old.organizer_id', MONTH('old'), '1', 'n')};
         ${addTo('new.organizer_id', MONTH('new'), '1', 'n')};
       end if;
       return new;
     end $$`,
    `create trigger drives_summary_insert after insert on drives
       for each row execute function drives_summary()`,
    `create trigger drives_summary_delete before delete on drives
       for each row execute function drives_summary()`,
    `create trigger drives_summary_update after update of starts_at, organizer_id on drives
       for each row execute function drives_summary()`,
  ];
}

/** The counting triggers alone (not PostgreSQL's copy of the start): 0035's down makes them again. */
export const countingTriggers = (postgres: boolean) =>
  postgres ? postgresTriggers().slice(2) : sqliteTriggers();

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const statement of [
      'drop trigger drives_summary_insert on drives',
      'drop trigger drives_summary_delete on drives',
      'drop trigger drives_summary_update on drives',
      'drop trigger drive_participants_summary on drive_participants',
      'drop trigger drive_participants_starts on drive_participants',
      'drop function drives_summary()',
      'drop function drive_participants_summary()',
      'drop function drive_participants_starts()',
    ])
      await sql.raw(statement).execute(db);
  } else
    for (const trigger of [
      'drive_participants_summary_insert',
      'drive_participants_summary_delete',
      'drives_summary_insert',
      'drives_summary_delete',
      'drives_summary_update',
    ])
      await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  await db.schema.dropTable('drive_organiser_months').execute();
  await db.schema.dropIndex('drive_participants_user_idx').execute();
  await db.schema.alterTable('drive_participants').dropColumn('drive_starts_at').execute();
  await db.schema
    .createIndex('drive_participants_user_idx')
    .on('drive_participants')
    .column('user_id')
    .execute();
  await db.schema.dropIndex('drives_organizer_idx').execute();
  await db.schema.createIndex('drives_organizer_idx').on('drives').column('organizer_id').execute();
}
