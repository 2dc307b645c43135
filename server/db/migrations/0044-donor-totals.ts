import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * 0044 (donations module, issue 20): `donation_donor_totals`, what each member gave per currency
 * (paid donations: money, trees, how many), so the dashboard's "what you gave" reads a row per
 * currency instead of every donation of the member (asha at a million: 401 rows, 387 heap pages
 * on PostgreSQL). Triggers on `donations` keep it in the writing statement, whoever writes
 * (fulfilment, refunds, seeds, test factories, the scale builder): a row counts while its status
 * is `paid`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('donation_donor_totals')
    .addColumn('donor_id', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('trees', 'bigint', (c) => c.notNull())
    .addColumn('donations', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('donation_donor_totals_pkey', ['donor_id', 'currency'])
    .execute();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const s of postgres ? postgresTriggers() : sqliteTriggers()) await sql.raw(s).execute(db);
  await sql`insert into donation_donor_totals (donor_id, currency, amount_minor, trees, donations)
      select donor_id, currency, sum(amount_minor), sum(trees), count(*) from donations
      where status = 'paid' group by donor_id, currency`.execute(db);
}

/** Adds (sign 1) or takes off (sign -1) a paid donation's share of its donor's currency row. */
const move = (row: string, sign: 1 | -1) =>
  `insert into donation_donor_totals (donor_id, currency, amount_minor, trees, donations)
     values (${row}.donor_id, ${row}.currency, ${sign} * ${row}.amount_minor, ${sign} * ${row}.trees, ${sign})
     on conflict (donor_id, currency) do update set
       amount_minor = donation_donor_totals.amount_minor + excluded.amount_minor,
       trees = donation_donor_totals.trees + excluded.trees,
       donations = donation_donor_totals.donations + excluded.donations;
   delete from donation_donor_totals
     where donor_id = ${row}.donor_id and currency = ${row}.currency and donations <= 0`;

const COUNTED = 'donor_id, currency, amount_minor, trees, status';

function sqliteTriggers(): string[] {
  return [
    `create trigger donation_donor_totals_insert after insert on donations
       when new.status = 'paid' begin ${move('new', 1)}; end`,
    `create trigger donation_donor_totals_delete after delete on donations
       when old.status = 'paid' begin ${move('old', -1)}; end`,
    `create trigger donation_donor_totals_take after update of ${COUNTED} on donations
       when old.status = 'paid' begin ${move('old', -1)}; end`,
    `create trigger donation_donor_totals_give after update of ${COUNTED} on donations
       when new.status = 'paid' begin ${move('new', 1)}; end`,
  ];
}

// `set search_path from current`: the function names this schema's table whoever writes.
function postgresTriggers(): string[] {
  return [
    `create function donation_donor_totals_summary() returns trigger language plpgsql
       set search_path from current as $$
     begin
       if tg_op in ('UPDATE', 'DELETE') and old.status = 'paid' then
         ${move('old', -1)};
       end if;
       if tg_op in ('INSERT', 'UPDATE') and new.status = 'paid' then
         ${move('new', 1)};
       end if;
       return null;
     end $$`,
    `create trigger donation_donor_totals_summary
       after insert or delete or update of ${COUNTED} on donations
       for each row execute function donation_donor_totals_summary()`,
  ];
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const drops = postgres
    ? [
        'drop trigger donation_donor_totals_summary on donations',
        'drop function donation_donor_totals_summary()',
      ]
    : ['insert', 'delete', 'take', 'give'].map((t) => `drop trigger donation_donor_totals_${t}`);
  for (const s of drops) await sql.raw(s).execute(db);
  await db.schema.dropTable('donation_donor_totals').execute();
}
