import type { Kysely } from 'kysely';
import { careDueQueries } from '../../modules/trees/tree-care-due.repository';
import type { Database } from '../tables';

/**
 * 0027 `tree_care_due` (trees module, issue 20): each living tree's care rules with their next
 * due date (which does not depend on the clock) and when the rule's window closes, so the
 * dashboard's care list reads a member's next due tasks and totals from the index
 * (owner_id, due_at, tree_id, rule, closes_at) instead of every tree and its care log. The
 * trees repository keeps it in each write's transaction; this backfills it from the trees.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tree_care_due')
    .addColumn('tree_id', 'text', (c) => c.notNull().references('trees.id').onDelete('cascade'))
    .addColumn('rule', 'integer', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('task', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('closes_at', 'text', (c) => c.notNull())
    .addColumn('last_done_at', 'text')
    .addPrimaryKeyConstraint('tree_care_due_pkey', ['tree_id', 'rule'])
    .execute();
  // The care list in order, its keyset pages and totals, all from the index.
  await db.schema
    .createIndex('tree_care_due_owner_idx')
    .on('tree_care_due')
    .columns(['owner_id', 'due_at', 'tree_id', 'rule', 'closes_at'])
    .execute();
  // The daily prune of rules whose window closed.
  await db.schema
    .createIndex('tree_care_due_closes_idx')
    .on('tree_care_due')
    .column('closes_at')
    .execute();
  await careDueQueries(db as Kysely<Database>).rebuildCareDue();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tree_care_due').execute();
}
