import { sql, type Kysely } from 'kysely';

/**
 * Issue 19 §7. Checkouts unpaid after 24 hours expire: the job finds them by status and age
 * (`donations_status_created_idx`), in batches. Money received is counted in `donation_totals`,
 * one row per currency kept in the transaction that makes a donation paid or refunds a paid one,
 * so the landing page's money figure reads a handful of rows instead of every paid donation
 * (DESIGN §7). Existing paid donations are summed into it here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('donations_status_created_idx')
    .on('donations')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('donation_totals')
    .addColumn('currency', 'text', (c) => c.primaryKey())
    // Money received less refunds (minor units), trees given, donations counted.
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('trees', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('donations', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into donation_totals (currency, amount_minor, trees, donations)
    select currency, sum(amount_minor), sum(trees), count(*)
    from donations where status = 'paid' group by currency`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('donation_totals').execute();
  await db.schema.dropIndex('donations_status_created_idx').execute();
}
