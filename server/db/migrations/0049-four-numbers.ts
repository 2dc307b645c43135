import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { careDueQueries } from '../../modules/trees/tree-care-due.repository';
import type { Database } from '../tables';

/**
 * 0049 (trees module, issue 21 §3): the four honest numbers (docs/decisions/four-numbers.md).
 * - `trees.last_checked_at`: the tree's last check (its registration, a measurement's date, a care
 *   entry's date, a health report), set by the trees module in the writing transaction; filled
 *   here from what the tables hold. Indexed for the boundary day of the 12-month window.
 * - `tree_check_days`: plants per UTC day of last check ('' for never) and verified or not, of
 *   trees not rejected: `planted` (tree_count) and `alive` (alive_count of trees not dead). Kept
 *   by triggers on `trees` in the writing statement, whoever writes, so "alive at last check" is
 *   whole days from this table plus the boundary day's trees from the index.
 * - `tree_care_due` made again, so every living tree has the check-up rule (10 months unchecked).
 */
const SHARE_COLUMNS = 'last_checked_at, status, alive_count, tree_count, verification_status';

/**
 * Adds (sign 1) or takes away (-1) a trees row's share; a rejected tree has none. Adding makes
 * the row when missing; taking away only updates one (a key left with no plants keeps a row of
 * zeros: at most two a day). No row is deleted and made again per tree: on PostgreSQL that
 * leaves a dead index entry per write on one key, and a statement deleting thousands of trees
 * of one day (a bulk delete) would check each new row against all of them.
 */
const add = (row: string, sign: 1 | -1) => {
  const key = `coalesce(substr(${row}.last_checked_at, 1, 10), '')`;
  const verified = `case when ${row}.verification_status = 'verified' then 1 else 0 end`;
  const alive = `case when ${row}.status = 'dead' then 0 else ${row}.alive_count end`;
  return sign === 1
    ? `insert into tree_check_days (checked_day, verified, planted, alive)
         select ${key}, ${verified}, ${row}.tree_count, ${alive}
         where ${row}.verification_status <> 'rejected'
         on conflict (checked_day, verified) do update
           set planted = tree_check_days.planted + excluded.planted,
               alive = tree_check_days.alive + excluded.alive`
    : `update tree_check_days
         set planted = planted - ${row}.tree_count, alive = alive - ${alive}
         where checked_day = ${key} and verified = ${verified}
           and ${row}.verification_status <> 'rejected'`;
};

const changed = (a: string, b: string, distinct: string) =>
  SHARE_COLUMNS.split(', ')
    .map((c) => `${a}.${c} ${distinct} ${b}.${c}`)
    .join(' or ');

function sqliteTriggers(): string[] {
  return [
    `create trigger tree_check_days_insert after insert on trees begin ${add('new', 1)}; end`,
    `create trigger tree_check_days_delete after delete on trees begin ${add('old', -1)}; end`,
    `create trigger tree_check_days_update after update of ${SHARE_COLUMNS} on trees
       when ${changed('old', 'new', 'is not')} begin
       ${add('old', -1)}; ${add('new', 1)}; end`,
  ];
}

// `set search_path from current`: the function names this schema's table whoever writes.
function postgresTriggers(): string[] {
  return [
    `create function tree_check_days_summary() returns trigger language plpgsql
       set search_path from current as $$
     begin
       if tg_op in ('UPDATE', 'DELETE') then ${add('old', -1)}; end if;
       if tg_op in ('UPDATE', 'INSERT') then ${add('new', 1)}; end if;
       return null;
     end $$`,
    `create trigger tree_check_days_insert_delete after insert or delete on trees
       for each row execute function tree_check_days_summary()`,
    `create trigger tree_check_days_update after update of ${SHARE_COLUMNS} on trees
       for each row when (${changed('old', 'new', 'is distinct from')})
       execute function tree_check_days_summary()`,
  ];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('trees').addColumn('last_checked_at', 'text').execute();
  // The latest of: registration, a health report (status change), a measurement, a care entry.
  const latest = postgres
    ? sql`greatest(created_at, status_changed_at,
        (select max(m.measured_at) from tree_measurements m where m.tree_id = trees.id),
        (select max(c.done_at) from tree_care_log c where c.tree_id = trees.id))`
    : sql`max(created_at, coalesce(status_changed_at, ''),
        coalesce((select max(m.measured_at) from tree_measurements m where m.tree_id = trees.id), ''),
        coalesce((select max(c.done_at) from tree_care_log c where c.tree_id = trees.id), ''))`;
  await sql`update trees set last_checked_at = ${latest}`.execute(db);
  await db.schema
    .createIndex('trees_last_checked_idx')
    .on('trees')
    .column('last_checked_at')
    .execute();

  await db.schema
    .createTable('tree_check_days')
    .addColumn('checked_day', 'text', (c) => c.notNull())
    .addColumn('verified', 'integer', (c) => c.notNull())
    .addColumn('planted', 'bigint', (c) => c.notNull())
    .addColumn('alive', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('tree_check_days_pkey', ['checked_day', 'verified'])
    .execute();
  for (const s of postgres ? postgresTriggers() : sqliteTriggers()) await sql.raw(s).execute(db);
  await sql`insert into tree_check_days (checked_day, verified, planted, alive)
      select coalesce(substr(last_checked_at, 1, 10), ''),
        case when verification_status = 'verified' then 1 else 0 end,
        sum(tree_count), sum(case when status = 'dead' then 0 else alive_count end)
      from trees where verification_status <> 'rejected'
      group by coalesce(substr(last_checked_at, 1, 10), ''),
        case when verification_status = 'verified' then 1 else 0 end`.execute(db);

  // The check-up rule for every living tree (its rows are made from the tree and its care log).
  await careDueQueries(db as Kysely<Database>).rebuildCareDue();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const drops = postgres
    ? [
        'drop trigger tree_check_days_insert_delete on trees',
        'drop trigger tree_check_days_update on trees',
        'drop function tree_check_days_summary()',
      ]
    : ['insert', 'delete', 'update'].map((t) => `drop trigger tree_check_days_${t}`);
  for (const s of drops) await sql.raw(s).execute(db);
  await db.schema.dropTable('tree_check_days').execute();
  await sql`drop index trees_last_checked_idx`.execute(db);
  await db.schema.alterTable('trees').dropColumn('last_checked_at').execute();
  await sql`delete from tree_care_due where task = 'checkup'`.execute(db);
}
