import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * 0069 (drives module, issue 20): `drive_member_totals`, each member's drives organised, drives
 * joined, attended minutes (their attendance rows) and the minutes of their organised drives
 * without an attendance row of theirs (which count the drive's duration once it started), so a
 * profile reads one row instead of counting every participation and attendance row of the member
 * (asha at a million: 512 and 324 rows, 300 heap pages). Triggers on `drives`,
 * `drive_participants` and `drive_attendance` keep it in the writing statement, whoever writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('drive_member_totals')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('organised', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('joined', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attended_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unattended_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const s of postgres ? postgresTriggers() : sqliteTriggers()) await sql.raw(s).execute(db);
  await sql.raw(FILL_DRIVE_MEMBER_TOTALS).execute(db);
}

/** The table's counters beside `user_id` (a member whose counters are all 0 has no row). */
export const DRIVE_MEMBER_TOTAL_COLUMNS = [
  'organised',
  'joined',
  'attended_minutes',
  'unattended_minutes',
] as const;
const COLUMNS = DRIVE_MEMBER_TOTAL_COLUMNS;
type Column = (typeof COLUMNS)[number];

/** The minutes an organised drive counts its organiser while they have no attendance row. */
const UNATTENDED = (r: string) =>
  `case when ${r}.organiser_attended = 0 then ${r}.duration_hours * 60 else 0 end`;

/** Every member's totals as the rows say (the scale builder's check compares the table with it). */
export const MEMBER_TOTALS_FROM_ROWS = `select user_id, sum(organised) as organised,
    sum(joined) as joined, sum(attended) as attended_minutes,
    sum(unattended) as unattended_minutes from (
    select organizer_id as user_id, 1 as organised, 0 as joined, 0 as attended,
      ${UNATTENDED('d')} as unattended from drives d
    union all select user_id, 0, 1, 0, 0 from drive_participants
    union all select user_id, 0, 0, minutes, 0 from drive_attendance where user_id is not null
  ) member_rows where true group by user_id`;

/**
 * Every member's totals from the rows, written over what is stored (the migration's fill; the
 * scale builder runs it after its bulk rows, with these triggers set aside).
 */
export const FILL_DRIVE_MEMBER_TOTALS = `insert into drive_member_totals
    (user_id, ${COLUMNS.join(', ')})
  ${MEMBER_TOTALS_FROM_ROWS}
  on conflict (user_id) do update set ${COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}`;

/**
 * Adds (`+`) or takes away (`-`) each value from the member's columns; a member with nothing left
 * has no row. Taking away never makes a row (a test's reset may empty this table before drives).
 */
const change = (sign: '+' | '-', user: string, values: Partial<Record<Column, string>>) => {
  const columns = Object.keys(values) as Column[];
  if (sign === '+')
    return `insert into drive_member_totals (user_id, ${columns.join(', ')})
      values (${user}, ${columns.map((c) => values[c]).join(', ')})
      on conflict (user_id) do update set
        ${columns.map((c) => `${c} = drive_member_totals.${c} + excluded.${c}`).join(', ')}`;
  return `update drive_member_totals
      set ${columns.map((c) => `${c} = ${c} - ${values[c]}`).join(', ')} where user_id = ${user};
    delete from drive_member_totals where user_id = ${user}
      and ${COLUMNS.map((c) => `${c} = 0`).join(' and ')}`;
};

const drive = (r: 'old' | 'new', sign: '+' | '-') =>
  change(sign, `${r}.organizer_id`, { organised: '1', unattended_minutes: UNATTENDED(r) });
const participant = (r: 'old' | 'new', sign: '+' | '-') =>
  change(sign, `${r}.user_id`, { joined: '1' });
const attendance = (r: 'old' | 'new', sign: '+' | '-') =>
  change(sign, `${r}.user_id`, { attended_minutes: `${r}.minutes` });

const DRIVE_CHANGED = (is: string) =>
  ['organizer_id', 'organiser_attended', 'duration_hours']
    .map((c) => `old.${c} ${is} new.${c}`)
    .join(' or ');
const ATTENDANCE_CHANGED = (is: string) =>
  `old.user_id ${is} new.user_id or old.minutes ${is} new.minutes`;

function sqliteTriggers(): string[] {
  const when = (r: 'old' | 'new') => `when ${r}.user_id is not null`;
  return [
    `create trigger drive_member_totals_drive_insert after insert on drives begin
       ${drive('new', '+')}; end`,
    `create trigger drive_member_totals_drive_delete after delete on drives begin
       ${drive('old', '-')}; end`,
    `create trigger drive_member_totals_drive_update
       after update of organizer_id, organiser_attended, duration_hours on drives
       when ${DRIVE_CHANGED('is not')} begin
       ${drive('old', '-')}; ${drive('new', '+')}; end`,
    `create trigger drive_member_totals_participant_insert after insert on drive_participants
       begin ${participant('new', '+')}; end`,
    `create trigger drive_member_totals_participant_delete after delete on drive_participants
       begin ${participant('old', '-')}; end`,
    `create trigger drive_member_totals_participant_update after update of user_id
       on drive_participants when old.user_id is not new.user_id begin
       ${participant('old', '-')}; ${participant('new', '+')}; end`,
    `create trigger drive_member_totals_attendance_insert after insert on drive_attendance
       ${when('new')} begin ${attendance('new', '+')}; end`,
    `create trigger drive_member_totals_attendance_delete after delete on drive_attendance
       ${when('old')} begin ${attendance('old', '-')}; end`,
    // (Two triggers: a walk-in's claim gives the row its member.)
    `create trigger drive_member_totals_attendance_update_old after update of user_id, minutes
       on drive_attendance when old.user_id is not null and (${ATTENDANCE_CHANGED('is not')})
       begin ${attendance('old', '-')}; end`,
    `create trigger drive_member_totals_attendance_update_new after update of user_id, minutes
       on drive_attendance when new.user_id is not null and (${ATTENDANCE_CHANGED('is not')})
       begin ${attendance('new', '+')}; end`,
  ];
}

// `set search_path from current`: the functions name this schema's table whoever writes.
function postgresTriggers(): string[] {
  // (Nested ifs: `old` is null on an insert and `new` on a delete.)
  const fn = (name: string, minus: string, plus: string, guard = (_: string) => 'true') =>
    `create function ${name}() returns trigger language plpgsql
       set search_path from current as $$
     begin
       if tg_op in ('UPDATE', 'DELETE') then
         if ${guard('old')} then ${minus}; end if;
       end if;
       if tg_op in ('UPDATE', 'INSERT') then
         if ${guard('new')} then ${plus}; end if;
       end if;
       return null;
     end $$`;
  const on = (table: string, name: string, columns: string, changed: string) => [
    `create trigger ${name}_insert_delete after insert or delete on ${table}
       for each row execute function ${name}()`,
    `create trigger ${name}_update after update of ${columns} on ${table}
       for each row when (${changed}) execute function ${name}()`,
  ];
  return [
    fn('drive_member_totals_drive', drive('old', '-'), drive('new', '+')),
    ...on(
      'drives',
      'drive_member_totals_drive',
      'organizer_id, organiser_attended, duration_hours',
      DRIVE_CHANGED('is distinct from'),
    ),
    fn('drive_member_totals_participant', participant('old', '-'), participant('new', '+')),
    ...on(
      'drive_participants',
      'drive_member_totals_participant',
      'user_id',
      'old.user_id is distinct from new.user_id',
    ),
    fn(
      'drive_member_totals_attendance',
      attendance('old', '-'),
      attendance('new', '+'),
      (r) => `${r}.user_id is not null`,
    ),
    ...on(
      'drive_attendance',
      'drive_member_totals_attendance',
      'user_id, minutes',
      ATTENDANCE_CHANGED('is distinct from'),
    ),
  ];
}

const NAMES = ['drive', 'participant', 'attendance'] as const;

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const tables = {
    drive: 'drives',
    participant: 'drive_participants',
    attendance: 'drive_attendance',
  };
  const drops = postgres
    ? NAMES.flatMap((n) => [
        `drop trigger drive_member_totals_${n}_insert_delete on ${tables[n]}`,
        `drop trigger drive_member_totals_${n}_update on ${tables[n]}`,
        `drop function drive_member_totals_${n}()`,
      ])
    : [
        ...['drive', 'participant'].flatMap((n) =>
          ['insert', 'delete', 'update'].map((t) => `drive_member_totals_${n}_${t}`),
        ),
        ...['insert', 'delete', 'update_old', 'update_new'].map(
          (t) => `drive_member_totals_attendance_${t}`,
        ),
      ].map((name) => `drop trigger ${name}`);
  for (const s of drops) await sql.raw(s).execute(db);
  await db.schema.dropTable('drive_member_totals').execute();
}
