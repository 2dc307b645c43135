import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * 0046 (drives module, issue 20): `drives.participants_count`, how many members joined the drive,
 * kept by triggers on `drive_participants` in the writing statement (whoever writes), so lists,
 * the organiser's figures, volunteer hours of the month under way and the impact report read a
 * column instead of counting each drive's participations (greenleaf's report: 55% of its SQL).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('drives')
    .addColumn('participants_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const s of postgres ? postgresTriggers() : sqliteTriggers()) await sql.raw(s).execute(db);
  await sql`update drives set participants_count =
      (select count(*) from drive_participants p where p.drive_id = drives.id)`.execute(db);
}

const add = (driveId: string, n: string) =>
  `update drives set participants_count = participants_count + ${n} where id = ${driveId}`;

function sqliteTriggers(): string[] {
  return [
    `create trigger drive_participant_counts_insert after insert on drive_participants begin
       ${add('new.drive_id', '1')}; end`,
    `create trigger drive_participant_counts_delete after delete on drive_participants begin
       ${add('old.drive_id', '-1')}; end`,
  ];
}

// `set search_path from current`: the functions name this schema's tables whoever writes.
// A drive's delete first deletes its participations (0031/0035's BEFORE DELETE trigger); counting
// them down would update the very row being deleted, which PostgreSQL refuses. A trigger whose
// name sorts before that one marks the drive (for this transaction) and the count leaves it be.
function postgresTriggers(): string[] {
  return [
    `create function drive_participant_counts() returns trigger language plpgsql
       set search_path from current as $$
     begin
       if tg_op = 'INSERT' then ${add('new.drive_id', '1')}; return new; end if;
       if current_setting('canopy.deleting_drive', true) is distinct from old.drive_id then
         ${add('old.drive_id', '-1')};
       end if;
       return old;
     end $$`,
    `create trigger drive_participant_counts after insert or delete on drive_participants
       for each row execute function drive_participant_counts()`,
    `create function drive_participant_counts_deleting() returns trigger language plpgsql as $$
     begin
       perform set_config('canopy.deleting_drive', old.id, true);
       return old;
     end $$`,
    `create trigger drive_participant_counts_deleting before delete on drives
       for each row execute function drive_participant_counts_deleting()`,
  ];
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const drops = postgres
    ? [
        'drop trigger drive_participant_counts on drive_participants',
        'drop function drive_participant_counts()',
        'drop trigger drive_participant_counts_deleting on drives',
        'drop function drive_participant_counts_deleting()',
      ]
    : ['insert', 'delete'].map((t) => `drop trigger drive_participant_counts_${t}`);
  for (const s of drops) await sql.raw(s).execute(db);
  await db.schema.alterTable('drives').dropColumn('participants_count').execute();
}
