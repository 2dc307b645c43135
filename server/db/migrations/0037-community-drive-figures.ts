import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * 0037 (drives module, issue 20): the community's drive figures on the landing page and the
 * charts (drives created, countries, drives per country, volunteer hours) come from two small
 * summaries instead of a scan of every drive and participation on each cache miss
 * (docs/decisions/community-drive-figures.md):
 * - `drive_community_months`: per month (YYYY-MM of starts_at, UTC) the community's drives,
 *   sign-ups and volunteer hours. Triggers on `drive_organiser_months` (0031/0035) add each change
 *   of an organiser's month to the community's month, so it is always that table's sum by month.
 * - `drive_countries`: drives per country, kept by triggers on `drives`.
 * Both change inside the writing statement, so in its transaction, whoever writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('drive_community_months')
    .addColumn('month', 'text', (c) => c.primaryKey())
    .addColumn('drives', 'integer', (c) => c.notNull())
    .addColumn('participants', 'integer', (c) => c.notNull())
    .addColumn('hours', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('drive_countries')
    .addColumn('country', 'text', (c) => c.primaryKey())
    .addColumn('drives', 'integer', (c) => c.notNull())
    .execute();

  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const s of postgres ? postgresTriggers() : sqliteTriggers()) await sql.raw(s).execute(db);

  await sql`insert into drive_community_months (month, drives, participants, hours)
      select month, sum(drives), sum(participants), sum(hours) from drive_organiser_months
      group by month`.execute(db);
  await sql`insert into drive_countries (country, drives)
      select country, count(*) from drives group by country`.execute(db);
}

/** Adds a change (drives, participants, hours) to a month of the community. */
const addMonth = (month: string, drives: string, participants: string, hours: string) =>
  `insert into drive_community_months (month, drives, participants, hours)
     values (${month}, ${drives}, ${participants}, ${hours})
     on conflict (month) do update set
       drives = drive_community_months.drives + excluded.drives,
       participants = drive_community_months.participants + excluded.participants,
       hours = drive_community_months.hours + excluded.hours`;
const dropEmptyMonth = (month: string) =>
  `delete from drive_community_months where month = ${month} and drives <= 0`;

const addCountry = (country: string, n: string) =>
  `insert into drive_countries (country, drives) values (${country}, ${n})
     on conflict (country) do update set drives = drive_countries.drives + excluded.drives`;
const dropEmptyCountry = (country: string) =>
  `delete from drive_countries where country = ${country} and drives <= 0`;

function sqliteTriggers(): string[] {
  return [
    `create trigger drive_community_months_insert after insert on drive_organiser_months begin
       ${addMonth('new.month', 'new.drives', 'new.participants', 'new.hours')};
     end`,
    `create trigger drive_community_months_update after update on drive_organiser_months begin
       ${addMonth('new.month', 'new.drives - old.drives', 'new.participants - old.participants', 'new.hours - old.hours')};
       ${dropEmptyMonth('new.month')};
     end`,
    `create trigger drive_community_months_delete after delete on drive_organiser_months begin
       ${addMonth('old.month', '- old.drives', '- old.participants', '- old.hours')};
       ${dropEmptyMonth('old.month')};
     end`,
    `create trigger drive_countries_insert after insert on drives begin
       ${addCountry('new.country', '1')};
     end`,
    `create trigger drive_countries_delete after delete on drives begin
       ${addCountry('old.country', '-1')};
       ${dropEmptyCountry('old.country')};
     end`,
    `create trigger drive_countries_update after update of country on drives
       when old.country is not new.country begin
       ${addCountry('old.country', '-1')};
       ${dropEmptyCountry('old.country')};
       ${addCountry('new.country', '1')};
     end`,
  ];
}

// `set search_path from current`: the functions name this schema's tables whoever writes.
function postgresTriggers(): string[] {
  return [
    `create function drive_community_months_summary() returns trigger language plpgsql
       set search_path from current as $$
     begin
       if tg_op = 'INSERT' then
         ${addMonth('new.month', 'new.drives', 'new.participants', 'new.hours')};
       elsif tg_op = 'UPDATE' then
         ${addMonth('new.month', 'new.drives - old.drives', 'new.participants - old.participants', 'new.hours - old.hours')};
         ${dropEmptyMonth('new.month')};
       else
         ${addMonth('old.month', '- old.drives', '- old.participants', '- old.hours')};
         ${dropEmptyMonth('old.month')};
       end if;
       return null;
     end $$`,
    `create trigger drive_community_months_summary
       after insert or update or delete on drive_organiser_months
       for each row execute function drive_community_months_summary()`,
    `create function drive_countries_summary() returns trigger language plpgsql
       set search_path from current as $$
     begin
       if tg_op in ('DELETE', 'UPDATE') then
         ${addCountry('old.country', '-1')};
         ${dropEmptyCountry('old.country')};
       end if;
       if tg_op in ('INSERT', 'UPDATE') then
         ${addCountry('new.country', '1')};
       end if;
       return null;
     end $$`,
    `create trigger drive_countries_insert_delete after insert or delete on drives
       for each row execute function drive_countries_summary()`,
    `create trigger drive_countries_update after update of country on drives
       for each row when (old.country is distinct from new.country)
       execute function drive_countries_summary()`,
  ];
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const drops = postgres
    ? [
        'drop trigger drive_community_months_summary on drive_organiser_months',
        'drop function drive_community_months_summary()',
        'drop trigger drive_countries_insert_delete on drives',
        'drop trigger drive_countries_update on drives',
        'drop function drive_countries_summary()',
      ]
    : [
        'drive_community_months_insert',
        'drive_community_months_update',
        'drive_community_months_delete',
        'drive_countries_insert',
        'drive_countries_delete',
        'drive_countries_update',
      ].map((name) => `drop trigger ${name}`);
  for (const s of drops) await sql.raw(s).execute(db);
  await db.schema.dropTable('drive_countries').execute();
  await db.schema.dropTable('drive_community_months').execute();
}
