import { sql, type Kysely } from 'kysely';

/**
 * Gifts become trees (issue 19 §1). A paid tree gift is allocated to registered plants: rows of
 * `tree_gift_allocations` (owned by the trees module), written in the transaction that registers
 * the trees or, for a gift paid later, in the allocation job. Two summary columns are kept in
 * those same transactions so no allocation query scans history (DESIGN §7):
 * - `donations.planted_trees`: how many of a gift's trees carry it (donations' own column);
 * - `trees.gift_plants`: how many of a tree record's plants carry gifts.
 * Partial indexes hold only what is still open: gifts not yet covered, trees with free plants.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('donations')
    .addColumn('planted_trees', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('trees')
    .addColumn('gift_plants', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('tree_gift_allocations')
    .addColumn('donation_id', 'text', (c) =>
      c.notNull().references('donations.id').onDelete('cascade'),
    )
    .addColumn('tree_id', 'text', (c) => c.notNull().references('trees.id').onDelete('cascade'))
    // The gift's donor, copied so a member's forest reads this table alone.
    .addColumn('donor_id', 'text', (c) => c.notNull())
    .addColumn('plants', 'integer', (c) => c.notNull().check(sql`plants > 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tree_gift_allocations_pkey', ['donation_id', 'tree_id'])
    .execute();
  // A tree's gifts (deletion guard, replacement); a donor's trees (the forest).
  await db.schema
    .createIndex('tree_gift_allocations_tree_idx')
    .on('tree_gift_allocations')
    .column('tree_id')
    .execute();
  await db.schema
    .createIndex('tree_gift_allocations_donor_idx')
    .on('tree_gift_allocations')
    .columns(['donor_id', 'tree_id'])
    .execute();

  // Paid tree gifts still waiting for plants, per drive (null: the general fund), by payment.
  await db.schema
    .createIndex('donations_open_tree_gifts_idx')
    .on('donations')
    .columns(['drive_id', 'paid_at', 'id'])
    .where(sql.raw<boolean>(`kind = 'trees' and status = 'paid' and planted_trees < trees`))
    .execute();
  // A donor's paid tree gifts, newest payment first (the forest).
  await db.schema
    .createIndex('donations_donor_tree_gifts_idx')
    .on('donations')
    .columns(['donor_id', 'paid_at', 'id'])
    .where(sql.raw<boolean>(`kind = 'trees' and status = 'paid'`))
    .execute();
  // Drive trees with plants no gift holds yet, earliest registration first.
  await db.schema
    .createIndex('trees_free_gift_plants_idx')
    .on('trees')
    .columns(['created_at', 'id'])
    .where(
      sql.raw<boolean>(`drive_id is not null and status <> 'dead' and gift_plants < tree_count`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('trees_free_gift_plants_idx').execute();
  await db.schema.dropIndex('donations_donor_tree_gifts_idx').execute();
  await db.schema.dropIndex('donations_open_tree_gifts_idx').execute();
  await db.schema.dropTable('tree_gift_allocations').execute();
  await db.schema.alterTable('trees').dropColumn('gift_plants').execute();
  await db.schema.alterTable('donations').dropColumn('planted_trees').execute();
}
