import type { Kysely } from 'kysely';
import { impactSummaryQueries } from '../../modules/trees/tree-impact-summary.repository';
import type { Database } from '../tables';

/**
 * 0024 `tree_impact_cohorts` (trees module, issue 20): the community's living plants by species, size
 * and planting day — unmeasured plants counted, measured ones with the CO₂ they store summed —
 * so /api/stats computes the impact from a few rows per day and species instead of every tree.
 * The trees repository keeps it in each write's transaction; this backfills it from the trees.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tree_impact_cohorts')
    .addColumn('species_id', 'integer', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('planted_day', 'text', (c) => c.notNull())
    .addColumn('plants', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('measured_plants', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('measured_co2_mg', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('tree_impact_cohorts_pkey', ['species_id', 'size', 'planted_day'])
    .execute();
  await impactSummaryQueries(db as Kysely<Database>).rebuild({
    partials: false,
    verification: false,
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tree_impact_cohorts').execute();
}
