import { sql, type Kysely } from 'kysely';

/**
 * Trees given to someone (issue 19 §5). A tree donation may carry gift rows: one for a gift to one
 * person, up to 500 for a corporate gift (each `trees` of the donation's, in `position` order).
 * Only the SHA-256 of a claim code is kept (`code_hash`, unique); `code_version` moves on a resend,
 * which replaces the code. `donations.claimed_trees` (summary, kept in the claiming transaction)
 * is how many of a donation's trees recipients took into their own forests.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('donations')
    .addColumn('claimed_trees', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('donation_gifts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('donation_id', 'text', (c) =>
      c.notNull().references('donations.id').onDelete('cascade'),
    )
    // 0-based order in the donation: gift n holds its trees n·trees … (n+1)·trees − 1.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('trees', 'integer', (c) => c.notNull().check(sql`trees > 0`))
    .addColumn('recipient_name', 'text', (c) => c.notNull())
    .addColumn('recipient_email', 'text')
    .addColumn('message', 'text')
    // YYYY-MM-DD (UTC): the mail goes at 00:00 UTC that day; null: at payment.
    .addColumn('send_on', 'text')
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('code_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_at', 'text')
    .addColumn('sent_at', 'text')
    // Resends in the current hour window (rate limit), and when that window began.
    .addColumn('resends', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('resend_window_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('donation_gifts_code_hash_key')
    .on('donation_gifts')
    .column('code_hash')
    .unique()
    .execute();
  await db.schema
    .createIndex('donation_gifts_donation_idx')
    .on('donation_gifts')
    .columns(['donation_id', 'position'])
    .unique()
    .execute();
  // Gifts for a later day whose mail is not queued yet (the daily schedule).
  await db.schema
    .createIndex('donation_gifts_due_idx')
    .on('donation_gifts')
    .columns(['send_on', 'id'])
    .where(sql.raw<boolean>('sent_at is null and send_on is not null'))
    .execute();
  // A member's received gifts (their forest); one claim per donation per member.
  await db.schema
    .createIndex('donation_gifts_claimed_by_idx')
    .on('donation_gifts')
    .columns(['claimed_by', 'donation_id'])
    .unique()
    .where(sql.raw<boolean>('claimed_by is not null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('donation_gifts').execute();
  await db.schema.alterTable('donations').dropColumn('claimed_trees').execute();
}
