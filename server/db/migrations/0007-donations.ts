import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';

const STATUSES = ['pending', 'paid', 'failed', 'expired', 'cancelled', 'refunded'];

/**
 * Donations paid through a provider: the table is rebuilt with what checkout and receipts need
 * (SQLite cannot change a CHECK), existing rows copied ('succeeded' → 'paid', 'tree' → 'trees',
 * paid rows numbered in date order). Provider events are recorded once per id; receipt numbers
 * come from one counter per year; billing details live beside the member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('donations_v2')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Financial records outlive accounts: deleted members are anonymised, never removed.
    .addColumn('donor_id', 'text', (c) => c.notNull().references('users.id'))
    // A drive with paid donations cannot be deleted; unpaid ones fall back to the general fund.
    .addColumn('drive_id', 'text', (c) => c.references('drives.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sqlIn('kind', ['trees', 'cash'])))
    .addColumn('trees', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`trees >= 0`),
    )
    .addColumn('amount_minor', 'integer', (c) => c.notNull().check(sql`amount_minor >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('anonymous', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`anonymous in (0, 1)`),
    )
    .addColumn('status', 'text', (c) => c.notNull().check(sqlIn('status', STATUSES)))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('checkout_session_id', 'text', (c) => c.unique())
    // The provider's payment (Stripe: the PaymentIntent), learnt when it is paid; refunds name it.
    .addColumn('payment_ref', 'text', (c) => c.unique())
    .addColumn('receipt_number', 'text', (c) => c.unique())
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await sql`insert into donations_v2 (id, donor_id, drive_id, kind, trees, amount_minor, currency,
      category, message, anonymous, status, provider, checkout_session_id, created_at, paid_at,
      updated_at)
    select id, donor_id, drive_id,
      case when kind = 'tree' then 'trees' else 'cash' end,
      trees, amount_minor, currency, category,
      case when description = '' then null else description end,
      0,
      case when status = 'succeeded' then 'paid' else status end,
      provider, provider_ref, created_at,
      case when status = 'succeeded' then created_at else null end,
      created_at
    from donations`.execute(db);
  await db.schema.dropTable('donations').execute();
  await db.schema.alterTable('donations_v2').renameTo('donations').execute();

  // The caller's donations newest first; a drive's paid donations; the impact totals.
  await db.schema
    .createIndex('donations_donor_created_idx')
    .on('donations')
    .columns(['donor_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('donations_drive_status_idx')
    .on('donations')
    .columns(['drive_id', 'status'])
    .execute();
  await db.schema
    .createIndex('donations_status_kind_idx')
    .on('donations')
    .columns(['status', 'kind'])
    .execute();

  // Each provider event is handled once: the insert that succeeds owns it.
  await db.schema
    .createTable('payment_events')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('donation_id', 'text', (c) => c.references('donations.id'))
    // applied | ignored | refused | unmatched: what the event did, for whoever audits payments.
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
    .execute();
  await db.schema
    .createIndex('payment_events_donation_idx')
    .on('payment_events')
    .column('donation_id')
    .execute();

  // CAN-<year>-<6 digits>: the last number given per year, incremented in the paying transaction.
  await db.schema
    .createTable('receipt_counters')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('billing_profiles')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('billing_name', 'text', (c) => c.notNull())
    .addColumn('address_line1', 'text', (c) => c.notNull())
    .addColumn('address_line2', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('tax_id', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await numberCopiedReceipts(db);
}

/** Copied paid donations get receipt numbers in date order, and the counters continue after them. */
async function numberCopiedReceipts(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: string; created_at: string }>`select id, created_at
    from donations where status = 'paid' order by created_at, id`.execute(db);
  const last = new Map<number, number>();
  for (const row of rows) {
    const year = new Date(row.created_at).getUTCFullYear();
    const n = (last.get(year) ?? 0) + 1;
    last.set(year, n);
    const receipt = `CAN-${year}-${String(n).padStart(6, '0')}`;
    await sql`update donations set receipt_number = ${receipt} where id = ${row.id}`.execute(db);
  }
  for (const [year, n] of last)
    await sql`insert into receipt_counters (year, last) values (${year}, ${n})`.execute(db);
}

/** Drops the new tables; the rebuilt donations table stays (its old shape lost information). */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['billing_profiles', 'receipt_counters', 'payment_events'])
    await db.schema.dropTable(table).execute();
}

function sqlIn(column: string, values: readonly string[]): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}
