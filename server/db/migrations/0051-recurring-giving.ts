import { sql, type Kysely } from 'kysely';

/**
 * 0051 (donations module, issue 22): recurring gifts. `donation_subscriptions` is one monthly or
 * yearly gift; each paid period is an ordinary donation naming it (`donations.subscription_id`),
 * made once per provider invoice (`donations.invoice_ref`, unique). `payment_customers` keeps the
 * provider's customer made once per member. A dispute is `disputed_at` on a donation that leaves
 * `paid` as a refund does (SQLite cannot widen the status CHECK without rebuilding the table that
 * gifts, allocations and events reference; see docs/decisions/recurring-giving.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('donation_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('donor_id', 'text', (c) => c.notNull().references('users.id'))
    // A corporate account the gift goes to; null: the general fund.
    .addColumn('organisation_id', 'text', (c) => c.references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('trees', 'cash')`))
    .addColumn('trees', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`trees >= 0`),
    )
    .addColumn('amount_minor', 'integer', (c) => c.notNull().check(sql`amount_minor >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('anonymous', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('interval', 'text', (c) => c.notNull().check(sql`interval in ('month', 'year')`))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('incomplete', 'active', 'paused', 'past_due', 'cancelled')`),
    )
    .addColumn('provider', 'text', (c) => c.notNull())
    // The provider's subscription (Stripe: sub_…), known once its checkout completes.
    .addColumn('provider_ref', 'text', (c) => c.unique())
    .addColumn('first_donation_id', 'text')
    // When the next period is charged (the current period's end); null until the first payment.
    .addColumn('next_at', 'text')
    // YYYY-MM-DD: no period is charged before this day.
    .addColumn('pause_until', 'text')
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cancelled_at', 'text')
    // 1: no mail per payment; the yearly statement instead (a monthly donor's choice).
    .addColumn('yearly_statement', 'integer', (c) => c.notNull().defaultTo(0))
    // Periods charged so far (test mode names its invoices by it).
    .addColumn('periods', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failure_reason', 'text')
    // The renewal (`next_at`) whose 7-day notice went out: once per renewal.
    .addColumn('reminded_for', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A member's gifts newest first; renewals and notices due, by provider and status.
  await db.schema
    .createIndex('donation_subscriptions_donor_idx')
    .on('donation_subscriptions')
    .columns(['donor_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('donation_subscriptions_due_idx')
    .on('donation_subscriptions')
    .columns(['provider', 'status', 'next_at'])
    .execute();

  await db.schema
    .createTable('payment_customers')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('customer_ref', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_customers_pkey', ['user_id', 'provider'])
    .execute();

  // No REFERENCES on the new donation columns: SQLite cannot drop a column a foreign key names
  // (down), and only the donations module writes them.
  for (const column of ['subscription_id', 'invoice_ref', 'organisation_id', 'disputed_at'])
    await db.schema.alterTable('donations').addColumn(column, 'text').execute();
  // One donation per provider invoice, however often and in whatever order its events come.
  await db.schema
    .createIndex('donations_invoice_ref_idx')
    .on('donations')
    .column('invoice_ref')
    .unique()
    .execute();
  await db.schema
    .createIndex('donations_subscription_idx')
    .on('donations')
    .columns(['subscription_id', 'created_at'])
    .execute();
  // A donor's paid gifts of one year (the yearly statement).
  await db.schema
    .createIndex('donations_donor_paid_idx')
    .on('donations')
    .columns(['donor_id', 'paid_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'donations_donor_paid_idx',
    'donations_subscription_idx',
    'donations_invoice_ref_idx',
  ])
    await db.schema.dropIndex(index).execute();
  for (const column of ['disputed_at', 'organisation_id', 'invoice_ref', 'subscription_id'])
    await db.schema.alterTable('donations').dropColumn(column).execute();
  await db.schema.dropTable('payment_customers').execute();
  await db.schema.dropTable('donation_subscriptions').execute();
}
