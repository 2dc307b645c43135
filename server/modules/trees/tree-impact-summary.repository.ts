import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { cohortShare, type CohortShare, type CohortSource } from './tree-impact';

/** The columns of a `trees` row that its share of the community summary depends on. */
export const COHORT_SOURCE_COLUMNS = [
  'species_id',
  'size',
  'planted_at',
  'status',
  'alive_count',
  'last_measured_at',
  'last_height_cm',
  'last_diameter_cm',
] as const;

const REBUILD_BATCH = 5_000;
const INSERT_CHUNK = 500;

const keyOf = (s: CohortShare) => `${s.species_id}|${s.size}|${s.planted_day}`;

/**
 * `tree_impact_cohorts`: the community's living plants by (species, size, planting day), kept by
 * the trees repository's writes in their transaction, so /api/stats reads a few rows per day and
 * species instead of every tree.
 */
export function impactSummaryQueries(db: Kysely<Database>) {
  return {
    /** Adds these changes to their rows (made when missing), and drops rows left empty. */
    async apply(changes: readonly CohortShare[]): Promise<void> {
      for (const c of changes) {
        const key = { species_id: c.species_id, size: c.size, planted_day: c.planted_day };
        await db
          .insertInto('tree_impact_cohorts')
          .values({
            ...key,
            plants: c.plants,
            measured_plants: c.measured_plants,
            measured_co2_mg: c.measured_co2_mg,
          })
          .onConflict((oc) =>
            oc.columns(['species_id', 'size', 'planted_day']).doUpdateSet((eb) => ({
              plants: eb('tree_impact_cohorts.plants', '+', c.plants),
              measured_plants: eb('tree_impact_cohorts.measured_plants', '+', c.measured_plants),
              measured_co2_mg: eb('tree_impact_cohorts.measured_co2_mg', '+', c.measured_co2_mg),
            })),
          )
          .execute();
        await db
          .deleteFrom('tree_impact_cohorts')
          .where('species_id', '=', key.species_id)
          .where('size', '=', key.size)
          .where('planted_day', '=', key.planted_day)
          .where('plants', '=', 0)
          .where('measured_plants', '=', 0)
          .execute();
      }
    },

    /** Every summary row (bounded by species × sizes × planting days, not by trees). */
    async rows(): Promise<CohortShare[]> {
      const rows = await db.selectFrom('tree_impact_cohorts').selectAll().execute();
      return rows.map((r) => ({
        species_id: Number(r.species_id),
        size: r.size,
        planted_day: String(r.planted_day),
        plants: Number(r.plants),
        measured_plants: Number(r.measured_plants),
        measured_co2_mg: Number(r.measured_co2_mg),
      }));
    },

    /** The summary made again from every tree (the migration's backfill; bulk loads). */
    async rebuild(): Promise<number> {
      const cohorts = new Map<string, CohortShare>();
      let after = '';
      for (;;) {
        const batch = await db
          .selectFrom('trees')
          .select(['id', ...COHORT_SOURCE_COLUMNS])
          .where('id', '>', after)
          .orderBy('id')
          .limit(REBUILD_BATCH)
          .execute();
        for (const row of batch) {
          const share = cohortShare(row as CohortSource);
          if (!share) continue;
          const seen = cohorts.get(keyOf(share));
          if (!seen) cohorts.set(keyOf(share), share);
          else {
            seen.plants += share.plants;
            seen.measured_plants += share.measured_plants;
            seen.measured_co2_mg += share.measured_co2_mg;
          }
        }
        if (batch.length < REBUILD_BATCH) break;
        after = batch.at(-1)!.id;
      }
      await db.deleteFrom('tree_impact_cohorts').execute();
      const rows = [...cohorts.values()];
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        await db
          .insertInto('tree_impact_cohorts')
          .values(rows.slice(i, i + INSERT_CHUNK))
          .execute();
      }
      return rows.length;
    },
  };
}
