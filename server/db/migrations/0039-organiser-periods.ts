import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * 0039 (issue 20): the corporate dashboard's and the impact report's trees and money per
 * organiser and month, and per organiser and day, so an organisation's figures read a row per
 * month shown plus at most a row per day of a period's partial first and last months, instead of a
 * row per drive and day (docs/decisions/organiser-drive-days.md). Greenleaf at a million trees:
 * 75 money rows for all time instead of 3,826, and at most 31 a partial month instead of 2,237.
 * - `tree_organiser_periods` (trees module): `tree_drive_days` summed per organiser and planting
 *   month (`span` 'month', `period` YYYY-MM) and day ('day', YYYY-MM-DD);
 * - `donation_organiser_periods` (donations module): `donation_drive_days` summed the same way
 *   per currency.
 * Triggers on the day tables keep both inside the writing statement, whoever writes the day rows
 * (the trees repository, fulfilment, a drive deleted and its day rows cascading, 0032's fill run by
 * fixtures and the scale builder). A row that counts nothing any more goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // No foreign key to users: as drive_organiser_months, the rows follow the day rows.
  await db.schema
    .createTable('tree_organiser_periods')
    .addColumn('organiser_id', 'text', (c) => c.notNull())
    .addColumn('span', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('planted', 'bigint', (c) => c.notNull())
    .addColumn('alive', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('tree_organiser_periods_pkey', ['organiser_id', 'span', 'period'])
    .execute();
  await db.schema
    .createTable('donation_organiser_periods')
    .addColumn('organiser_id', 'text', (c) => c.notNull())
    .addColumn('span', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('trees', 'bigint', (c) => c.notNull())
    .addColumn('donations', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('donation_organiser_periods_pkey', [
      'organiser_id',
      'span',
      'period',
      'currency',
    ])
    .execute();

  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const statement of postgres ? postgresTriggers() : sqliteTriggers())
    await sql.raw(statement).execute(db);
  for (const statement of ORGANISER_PERIODS_FILL) await sql.raw(statement).execute(db);
}

/** The two spans: a month is the first 7 characters of a day, a day all 10. */
const SPANS = [
  ['month', 7],
  ['day', 10],
] as const;

/**
 * Both tables made again from the day rows (valid on both databases): the migration's backfill;
 * the scale builder's check compares them with the trees and donations by its own SQL.
 */
export const ORGANISER_PERIODS_FILL: readonly string[] = [
  'delete from tree_organiser_periods',
  ...SPANS.map(
    ([span, length]) => `insert into tree_organiser_periods
        (organiser_id, span, period, planted, alive)
      select organiser_id, '${span}', substr(planted_day, 1, ${length}), sum(planted), sum(alive)
      from tree_drive_days
      group by organiser_id, substr(planted_day, 1, ${length})
      having sum(planted) <> 0 or sum(alive) <> 0`,
  ),
  'delete from donation_organiser_periods',
  ...SPANS.map(
    ([span, length]) => `insert into donation_organiser_periods
        (organiser_id, span, period, currency, amount_minor, trees, donations)
      select organiser_id, '${span}', substr(paid_day, 1, ${length}), currency, sum(amount_minor),
        sum(trees), sum(donations)
      from donation_drive_days
      group by organiser_id, substr(paid_day, 1, ${length}), currency
      having sum(donations) <> 0`,
  ),
];

/** Adds a day row's counts to its month's and its day's row (made on first use). */
const addTrees = (row: string) =>
  SPANS.map(
    ([
      span,
      length,
    ]) => `insert into tree_organiser_periods (organiser_id, span, period, planted, alive)
     values (${row}.organiser_id, '${span}', substr(${row}.planted_day, 1, ${length}),
       ${row}.planted, ${row}.alive)
     on conflict (organiser_id, span, period) do update set
       planted = tree_organiser_periods.planted + excluded.planted,
       alive = tree_organiser_periods.alive + excluded.alive`,
  ).join(';\n');
/** Takes a day row's counts off its month and day; a row that counts nothing any more goes. */
const takeTrees = (row: string) =>
  SPANS.map(([span, length]) => {
    const key = `organiser_id = ${row}.organiser_id and span = '${span}'
       and period = substr(${row}.planted_day, 1, ${length})`;
    return `update tree_organiser_periods set planted = planted - ${row}.planted,
       alive = alive - ${row}.alive where ${key};
     delete from tree_organiser_periods where ${key} and planted = 0 and alive = 0`;
  }).join(';\n');
const addMoney = (row: string) =>
  SPANS.map(
    ([span, length]) => `insert into donation_organiser_periods
       (organiser_id, span, period, currency, amount_minor, trees, donations)
     values (${row}.organiser_id, '${span}', substr(${row}.paid_day, 1, ${length}), ${row}.currency,
       ${row}.amount_minor, ${row}.trees, ${row}.donations)
     on conflict (organiser_id, span, period, currency) do update set
       amount_minor = donation_organiser_periods.amount_minor + excluded.amount_minor,
       trees = donation_organiser_periods.trees + excluded.trees,
       donations = donation_organiser_periods.donations + excluded.donations`,
  ).join(';\n');
const takeMoney = (row: string) =>
  SPANS.map(([span, length]) => {
    const key = `organiser_id = ${row}.organiser_id and span = '${span}'
       and period = substr(${row}.paid_day, 1, ${length}) and currency = ${row}.currency`;
    return `update donation_organiser_periods set amount_minor = amount_minor - ${row}.amount_minor,
       trees = trees - ${row}.trees, donations = donations - ${row}.donations where ${key};
     delete from donation_organiser_periods where ${key} and donations = 0`;
  }).join(';\n');

// A day row is made empty and then added to (tree-drive-days.repository.ts, fulfilment): its
// insert adds zeros, the update moves the difference (new on, old off).
function sqliteTriggers(): string[] {
  return [
    `create trigger tree_drive_days_periods_insert after insert on tree_drive_days begin
       ${addTrees('new')};
     end`,
    `create trigger tree_drive_days_periods_update after update on tree_drive_days begin
       ${addTrees('new')};
       ${takeTrees('old')};
     end`,
    `create trigger tree_drive_days_periods_delete after delete on tree_drive_days begin
       ${takeTrees('old')};
     end`,
    `create trigger donation_drive_days_periods_insert after insert on donation_drive_days begin
       ${addMoney('new')};
     end`,
    `create trigger donation_drive_days_periods_update after update on donation_drive_days begin
       ${addMoney('new')};
       ${takeMoney('old')};
     end`,
    `create trigger donation_drive_days_periods_delete after delete on donation_drive_days begin
       ${takeMoney('old')};
     end`,
  ];
}

// `set search_path from current`: the functions name this schema's tables whoever writes.
function postgresTriggers(): string[] {
  const fn = (name: string, add: (row: string) => string, take: (row: string) => string) =>
    `create function ${name}() returns trigger language plpgsql
       set search_path from current as $$
     begin
       if tg_op in ('INSERT', 'UPDATE') then ${add('new')}; end if;
       if tg_op in ('UPDATE', 'DELETE') then ${take('old')}; end if;
       return null;
     end $$`;
  return [
    fn('tree_drive_days_periods', addTrees, takeTrees),
    `create trigger tree_drive_days_periods after insert or update or delete on tree_drive_days
       for each row execute function tree_drive_days_periods()`,
    fn('donation_drive_days_periods', addMoney, takeMoney),
    `create trigger donation_drive_days_periods after insert or update or delete
       on donation_drive_days for each row execute function donation_drive_days_periods()`,
  ];
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    for (const statement of [
      'drop trigger tree_drive_days_periods on tree_drive_days',
      'drop trigger donation_drive_days_periods on donation_drive_days',
      'drop function tree_drive_days_periods()',
      'drop function donation_drive_days_periods()',
    ])
      await sql.raw(statement).execute(db);
  else
    for (const table of ['tree_drive_days', 'donation_drive_days'])
      for (const op of ['insert', 'update', 'delete'])
        await sql`drop trigger ${sql.id(`${table}_periods_${op}`)}`.execute(db);
  await db.schema.dropTable('donation_organiser_periods').execute();
  await db.schema.dropTable('tree_organiser_periods').execute();
}
