import { sql, type Kysely } from 'kysely';

/**
 * The daily care pass tells a member at most once a day (issue 20): `tree_care_days` holds one
 * row per member and UTC day they were told, written with the notice in one transaction. A task
 * is newly due when it fell due after the member's latest notice (or its tree was registered
 * since); the per-task record `tree_care_notices` is no longer written and empties through the
 * daily prune. Each member's latest per-task record becomes their first day row, so nothing
 * already told is told again across the upgrade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tree_care_days')
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The UTC day of the notice (YYYY-MM-DD): one notice per member and day.
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('told_at', 'text', (c) => c.notNull())
    // Tasks the notice counted.
    .addColumn('tasks', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('tree_care_days_pkey', ['owner_id', 'day'])
    .execute();
  // The daily prune.
  await db.schema
    .createIndex('tree_care_days_day_idx')
    .on('tree_care_days')
    .column('day')
    .execute();
  await sql`insert into tree_care_days (owner_id, day, told_at, tasks)
    select owner_id, substr(max(created_at), 1, 10), max(created_at), count(*)
    from tree_care_notices group by owner_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tree_care_days_day_idx').ifExists().execute();
  await db.schema.dropTable('tree_care_days').execute();
}
