import type { Kysely } from 'kysely';

/**
 * 0030 (trees module, issue 20): the community's tree charts (registrations per month, the living
 * species mix, CO₂ over time) as the chart job last made them, so /api/stats/charts reads one row
 * instead of grouping every tree on a request (docs/decisions/community-impact-figure.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tree_chart_snapshots')
    .addColumn('name', 'text', (c) => c.primaryKey())
    /** The last month (YYYY-MM) the charts reach: a new month makes them again. */
    .addColumn('last_month', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('computed_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tree_chart_snapshots').execute();
}
