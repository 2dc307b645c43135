import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import {
  addShare,
  cohortShare,
  type CohortShare,
  type CohortSource,
  type CountedCohort,
  type ImpactPartial,
} from './tree-impact';

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

/** One species at one planting size in one planting year (YYYY): the unit a partial sums. */
export interface Group {
  species_id: number;
  size: CohortShare['size'];
  planted_year: string;
}

/** The group's rows: its species and size, planted in its year (a range of the primary key). */
const inYear = (year: string) => ({
  from: `${year}-01-01`,
  before: `${String(Number(year) + 1).padStart(4, '0')}-01-01`,
});

/** A summary row as stored (PostgreSQL answers bigint and sums as text). */
interface StoredCohort {
  species_id: number;
  size: CohortShare['size'];
  planted_day: string;
  plants: number;
  measured_plants: number;
  measured_co2_mg: number | string;
}

const toShare = (r: StoredCohort): CohortShare => ({
  species_id: Number(r.species_id),
  size: r.size,
  planted_day: String(r.planted_day),
  plants: Number(r.plants),
  measured_plants: Number(r.measured_plants),
  measured_co2_mg: Number(r.measured_co2_mg),
});

const toCounted = (
  r: StoredCohort & {
    counted_plants: number;
    counted_measured_plants: number;
    counted_measured_co2_mg: number | string;
    dirty: number;
  },
): CountedCohort => ({
  ...toShare(r),
  counted_plants: Number(r.counted_plants),
  counted_measured_plants: Number(r.counted_measured_plants),
  counted_measured_co2_mg: Number(r.counted_measured_co2_mg),
  dirty: Number(r.dirty),
});

/**
 * `tree_impact_cohorts`: the community's living plants by (species, size, planting day), kept by
 * the trees repository's writes in their transaction, so /api/stats reads a few rows per day and
 * species instead of every tree.
 */
export function impactSummaryQueries(db: Kysely<Database>) {
  return {
    /**
     * Adds these changes to their rows (made when missing) and marks them changed, so the figure
     * counts them at once (`changedRows`) until the job counts them into the partials. A row left
     * empty stays until then: its difference still has to leave the figure.
     */
    async apply(changes: readonly CohortShare[]): Promise<void> {
      for (const c of changes) {
        await db
          .insertInto('tree_impact_cohorts')
          .values({
            species_id: c.species_id,
            size: c.size,
            planted_day: c.planted_day,
            plants: c.plants,
            measured_plants: c.measured_plants,
            measured_co2_mg: c.measured_co2_mg,
            dirty: 1,
          })
          .onConflict((oc) =>
            oc.columns(['species_id', 'size', 'planted_day']).doUpdateSet((eb) => ({
              plants: eb('tree_impact_cohorts.plants', '+', c.plants),
              measured_plants: eb('tree_impact_cohorts.measured_plants', '+', c.measured_plants),
              measured_co2_mg: eb('tree_impact_cohorts.measured_co2_mg', '+', c.measured_co2_mg),
              dirty: 1,
            })),
          )
          .execute();
      }
    },

    /** The per species and size partials (a few hundred rows at most). */
    async partials(): Promise<ImpactPartial[]> {
      const rows = await db.selectFrom('tree_impact_partials').selectAll().execute();
      return rows.map((r) => ({
        species_id: Number(r.species_id),
        size: r.size,
        planted_year: String(r.planted_year),
        plants: Number(r.plants),
        measured_plants: Number(r.measured_plants),
        measured_co2_mg: Number(r.measured_co2_mg),
        predicted_co2_kg: Number(r.predicted_co2_kg),
        computed_at: r.computed_at,
      }));
    },

    /** Rows changed since the partials counted them (from the partial index on `dirty`). */
    async changedRows(): Promise<CountedCohort[]> {
      const rows = await db
        .selectFrom('tree_impact_cohorts')
        .selectAll()
        .where('dirty', '=', 1)
        .execute();
      return rows.map(toCounted);
    },

    /** Species, sizes and years with changed rows, a bounded number at a time. */
    async changedGroups(limit: number): Promise<Group[]> {
      const rows = await db
        .selectFrom('tree_impact_cohorts')
        .select((eb) => [
          'species_id',
          'size',
          eb.fn<string>('substr', ['planted_day', eb.val(1), eb.val(4)]).as('planted_year'),
        ])
        .distinct()
        .where('dirty', '=', 1)
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        species_id: Number(r.species_id),
        size: r.size,
        planted_year: String(r.planted_year),
      }));
    },

    /** Partials computed before `before`, oldest first (their unmeasured plants grew since). */
    async staleGroups(before: string, limit: number): Promise<Group[]> {
      const rows = await db
        .selectFrom('tree_impact_partials')
        .select(['species_id', 'size', 'planted_year'])
        .where('computed_at', '<', before)
        .orderBy('computed_at')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        species_id: Number(r.species_id),
        size: r.size,
        planted_year: String(r.planted_year),
      }));
    },

    /**
     * Every row of one group (at most one per planting day of its year), locked on PostgreSQL
     * until the transaction ends, so no write changes them between reading and `settleGroup`.
     */
    async groupRows(group: Group): Promise<CountedCohort[]> {
      const year = inYear(group.planted_year);
      let query = db
        .selectFrom('tree_impact_cohorts')
        .selectAll()
        .where('species_id', '=', group.species_id)
        .where('size', '=', group.size)
        .where('planted_day', '>=', year.from)
        .where('planted_day', '<', year.before);
      if (db.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
      return (await query.execute()).map(toCounted);
    },

    /**
     * Stores what `rows` (read by `groupRows` in this transaction) add up to: their changes are
     * counted now, rows left empty go, and the group's partial is replaced (removed when empty).
     * Only those rows are touched: a row made since is still new, and the figure counts it.
     */
    async settleGroup(group: Group, rows: readonly CountedCohort[], partial: ImpactPartial) {
      const changed = rows.filter((r) => r.dirty === 1);
      const empty = changed.filter(
        (r) => r.plants === 0 && r.measured_plants === 0 && r.measured_co2_mg === 0,
      );
      const inGroup = db
        .updateTable('tree_impact_cohorts')
        .where('species_id', '=', group.species_id)
        .where('size', '=', group.size);
      for (let i = 0; i < changed.length; i += INSERT_CHUNK) {
        const days = changed.slice(i, i + INSERT_CHUNK).map((r) => r.planted_day);
        await inGroup
          .set((eb) => ({
            counted_plants: eb.ref('plants'),
            counted_measured_plants: eb.ref('measured_plants'),
            counted_measured_co2_mg: sql<number>`measured_co2_mg`,
            dirty: 0,
          }))
          .where('planted_day', 'in', days)
          .execute();
      }
      for (let i = 0; i < empty.length; i += INSERT_CHUNK) {
        await db
          .deleteFrom('tree_impact_cohorts')
          .where('species_id', '=', group.species_id)
          .where('size', '=', group.size)
          .where(
            'planted_day',
            'in',
            empty.slice(i, i + INSERT_CHUNK).map((r) => r.planted_day),
          )
          .execute();
      }
      await db
        .deleteFrom('tree_impact_partials')
        .where('species_id', '=', group.species_id)
        .where('size', '=', group.size)
        .where('planted_year', '=', group.planted_year)
        .execute();
      if (partial.plants > 0 || partial.measured_plants > 0 || partial.measured_co2_mg !== 0)
        await db.insertInto('tree_impact_partials').values(partial).execute();
    },

    /** Every summary row (bounded by species × sizes × planting days, not by trees). */
    async rows(): Promise<CohortShare[]> {
      // Rows left empty wait for the figure job to remove them; they hold nothing.
      const rows = await db
        .selectFrom('tree_impact_cohorts')
        .select([
          'species_id',
          'size',
          'planted_day',
          'plants',
          'measured_plants',
          'measured_co2_mg',
        ])
        .where((eb) =>
          eb.or([
            eb('plants', '!=', 0),
            eb('measured_plants', '!=', 0),
            eb('measured_co2_mg', '!=', 0),
          ]),
        )
        .execute();
      return rows.map(toShare);
    },

    /**
     * The summary made again from every tree (0024's backfill; bulk loads). Every row starts
     * changed and the partials empty, so the figure is right at once and the job counts it again
     * (`partials: false` only for 0024, which runs before they exist).
     */
    async rebuild({
      partials = true,
      verification = true,
    }: { partials?: boolean; verification?: boolean } = {}): Promise<number> {
      const cohorts = new Map<string, CohortShare>();
      let after = '';
      for (;;) {
        const batch = await db
          .selectFrom('trees')
          .select(['id', ...COHORT_SOURCE_COLUMNS])
          .where('id', '>', after)
          // Issue 21 §2: a rejected tree has no share (`verification: false` before 0048).
          .$if(verification, (q) => q.where('verification_status', '<>', 'rejected'))
          .orderBy('id')
          .limit(REBUILD_BATCH)
          .execute();
        for (const row of batch) {
          addShare(cohorts, cohortShare(row as CohortSource));
        }
        if (batch.length < REBUILD_BATCH) break;
        after = batch.at(-1)!.id;
      }
      await db.deleteFrom('tree_impact_cohorts').execute();
      if (partials) await db.deleteFrom('tree_impact_partials').execute();
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
