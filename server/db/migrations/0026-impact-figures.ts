import { sql, type Kysely } from 'kysely';

/**
 * 0026 (trees module, issue 20): the community's impact figure kept by a job, not summed on a
 * request over every `tree_impact_cohorts` row (~400,000 at a million trees).
 * - `tree_impact_cohorts` remembers what of each row the figure already counts (`counted_*`) and
 *   whether the row changed since (`dirty`, set by the writing transaction; a partial index finds
 *   the few changed rows). Existing rows start dirty, so the first pass counts them.
 * - `tree_impact_partials`: per species, planting size and planting year, the counted plants, the
 *   CO₂ measured plants store, and what the unmeasured ones store by the species curve at
 *   `computed_at` (a year is at most 366 rows: the job's transactions stay short).
 * /api/stats adds the partials (species × sizes × years) and the changed rows' differences.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tree_impact_cohorts')
    .addColumn('counted_plants', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('tree_impact_cohorts')
    .addColumn('counted_measured_plants', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('tree_impact_cohorts')
    .addColumn('counted_measured_co2_mg', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('tree_impact_cohorts')
    .addColumn('dirty', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('tree_impact_cohorts_dirty')
    .on('tree_impact_cohorts')
    .columns(['species_id', 'size', 'planted_day'])
    .where(sql.ref('dirty'), '=', 1)
    .execute();
  await db.schema
    .createTable('tree_impact_partials')
    .addColumn('species_id', 'integer', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('planted_year', 'text', (c) => c.notNull())
    .addColumn('plants', 'integer', (c) => c.notNull())
    .addColumn('measured_plants', 'integer', (c) => c.notNull())
    .addColumn('measured_co2_mg', 'bigint', (c) => c.notNull())
    .addColumn('predicted_co2_kg', 'double precision', (c) => c.notNull())
    .addColumn('computed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tree_impact_partials_pkey', ['species_id', 'size', 'planted_year'])
    .execute();
  await db.schema
    .createIndex('tree_impact_partials_computed')
    .on('tree_impact_partials')
    .column('computed_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tree_impact_partials').execute();
  await db.schema.dropIndex('tree_impact_cohorts_dirty').execute();
  for (const column of [
    'dirty',
    'counted_measured_co2_mg',
    'counted_measured_plants',
    'counted_plants',
  ])
    await db.schema.alterTable('tree_impact_cohorts').dropColumn(column).execute();
}
