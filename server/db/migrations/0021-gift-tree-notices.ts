import { sql, type Kysely } from 'kysely';

/**
 * Gifts become trees, what is left of it (issue 19 §1), all owned by the trees module:
 * - `planting_reminders`: the record of the day-after reminders to a drive's organiser side
 *   (one per drive and start), written by the reminder job in its notice's transaction;
 * - `gift_tree_events`: what happened to a tree carrying gifts (measured with a photo, died,
 *   replaced), one row per donor, written in the transaction that records it; the donor's news
 *   job tells them and removes them in one transaction;
 * - `gift_tree_news`: the record of the news told (one notice per donor and UTC day);
 * - `gift_allocation_backfill`: the one-off allocation of trees and gifts older than 0017, in
 *   batches; a keyset cursor so a stopped run resumes, and when it finished.
 * The drives' (starts_at, id) index (0001) serves "drives that ended yesterday".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('planting_reminders')
    .addColumn('drive_id', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('planting_reminders_pkey', ['drive_id', 'starts_at'])
    .execute();
  await db.schema
    .createIndex('planting_reminders_sent_idx')
    .on('planting_reminders')
    .column('sent_at')
    .execute();

  await db.schema
    .createTable('gift_tree_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('donor_id', 'text', (c) => c.notNull())
    .addColumn('tree_id', 'text', (c) => c.notNull().references('trees.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('cause', 'text')
    .addColumn('happened_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gift_tree_events_donor_idx')
    .on('gift_tree_events')
    .columns(['donor_id', 'happened_at', 'id'])
    .execute();

  await db.schema
    .createTable('gift_tree_news')
    .addColumn('donor_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('gift_tree_news_pkey', ['donor_id', 'day'])
    .execute();
  await db.schema
    .createIndex('gift_tree_news_day_idx')
    .on('gift_tree_news')
    .column('day')
    .execute();

  await db.schema
    .createTable('gift_allocation_backfill')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('cursor_at', 'text', (c) => c.notNull())
    .addColumn('cursor_id', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  // Trees and paid gifts older than allocations are allocated once, by the trees module's job.
  await sql`insert into gift_allocation_backfill (name, cursor_at, cursor_id) values ('0017', '', '')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('gift_allocation_backfill').execute();
  await db.schema.dropTable('gift_tree_news').execute();
  await db.schema.dropTable('gift_tree_events').execute();
  await db.schema.dropTable('planting_reminders').execute();
}
