import { sql, type ExpressionBuilder, type Kysely, type SqlBool, type Updateable } from 'kysely';
import type { Database, NewTree, TreeRow, TreesTable } from '../../db/tables';
import { careDueQueries, movesCareDue } from './tree-care-due.repository';
import { chartsQueries } from './tree-charts.repository';
import { careQueries } from './tree-care.repository';
import { treeVerificationDrives } from './tree-verification-drives.repository';
import { treeDriveDays, type DriveOrganisers } from './tree-drive-days.repository';
import { cohortChanges, cohortShare, type CohortSource } from './tree-impact';
import { COHORT_SOURCE_COLUMNS, impactSummaryQueries } from './tree-impact-summary.repository';
import { treeMapRepository } from './tree-map.repository';
import type { TreeWithReplacement } from './tree-mapper';

/** Plants alive on `trees` rows at their last check: a dead row counts none. */
export const alivePlants = (eb: ExpressionBuilder<Database, 'trees'>) =>
  eb.fn.sum<number>(
    eb.case().when('status', '=', 'dead').then(0).else(eb.ref('alive_count')).end(),
  );

/** Plants planted and alive on the selected `trees` rows (0 and 0 when there are none). */
export const plantedAndAlive = (eb: ExpressionBuilder<Database, 'trees'>) => [
  eb.fn.coalesce(eb.fn.sum<number>('tree_count'), eb.lit(0)).as('planted'),
  eb.fn.coalesce(alivePlants(eb), eb.lit(0)).as('alive'),
];

export interface NewMeasurement {
  id: string;
  tree_id: string;
  measured_at: string;
  height_cm: number;
  diameter_cm: number;
  alive_count: number | null;
  photo_file_id: string | null;
  created_at: string;
}

/** Every query of the trees module (tree rows here, care and reminders in tree-care.repository). */
/** The owner's dead trees that no registration has replaced (open replanting tasks). */
const deadUnreplacedOf =
  (ownerId: string) =>
  ({ and, eb, not, exists, selectFrom }: ExpressionBuilder<Database, 'trees'>) =>
    and([
      eb('trees.owner_id', '=', ownerId),
      // A literal, so the planners may use the partial index trees_owner_dead_idx (0034).
      eb('trees.status', '=', sql.lit('dead')),
      not(
        exists(
          selectFrom('trees as r').select('r.id').whereRef('r.replaces_tree_id', '=', 'trees.id'),
        ),
      ),
    ]);

/**
 * An upper bound on `created_at` that every tree meets. A member's newest-first reads name it (or
 * a cursor's row value) so the planner walks trees_owner_idx (owner_id, created_at) in order and
 * stops at the page: with `owner_id = ?` alone SQLite took another index on owner_id (lacking
 * statistics, it looked more selective) and sorted all of the member's trees (32 ms for 6,400).
 */
const REGISTERED_BEFORE_ANY_BOUND = '9999-12-31T23:59:59.999Z';

/** A filter of the owner's list (My trees): one species, one stored status. */
export interface OwnerTreeFilter {
  species?: number | undefined;
  status?: TreeRow['status'] | undefined;
}

/** The owner's trees, of the filter's species and status when given. */
const ownedBy =
  (ownerId: string, filter: OwnerTreeFilter = {}) =>
  ({ and, eb }: ExpressionBuilder<Database, 'trees'>) =>
    and([
      eb('trees.owner_id', '=', ownerId),
      ...(filter.species !== undefined ? [eb('trees.species_id', '=', filter.species)] : []),
      ...(filter.status !== undefined ? [eb('trees.status', '=', filter.status)] : []),
    ]);

/** Where a replanting page starts: the last task shown (its death, null when unknown, and id). */
export interface ReplantingKey {
  diedAt: string | null;
  id: string;
}

/**
 * Replanting tasks after `after` in their order, latest death first (unknown deaths last), then
 * id, on the partial index trees_owner_dead_idx (owner_id, status_changed_at, id) of dead trees.
 */
const replantingAfter =
  (after: ReplantingKey) =>
  ({ eb, or }: ExpressionBuilder<Database, 'trees'>) =>
    after.diedAt === null
      ? eb.and([eb('trees.status_changed_at', 'is', null), eb('trees.id', '<', after.id)])
      : or([
          eb(
            eb.refTuple('trees.status_changed_at', 'trees.id'),
            '<',
            eb.tuple(after.diedAt, after.id),
          ),
          eb('trees.status_changed_at', 'is', null),
        ]);

/** The id of the tree registered in place of each tree, if any (`replaced_by_id`). */
export const replacedById = (eb: ExpressionBuilder<Database, 'trees'>) =>
  eb
    .selectFrom('trees as r')
    .select('r.id')
    .whereRef('r.replaces_tree_id', '=', 'trees.id')
    .limit(1)
    .as('replaced_by_id');

/**
 * `organisers`: each drive's organiser, in the writing transaction (the drives module's `briefs`);
 * needed by a write that counts plants at a drive no `tree_drive_days` row names yet.
 */
export function treesRepository(db: Kysely<Database>, organisers?: DriveOrganisers) {
  /** Trees with the id of the tree that replaced each, if any (owners' names: trees-people.ts). */
  const withReplacement = () =>
    db
      .selectFrom('trees')
      .selectAll('trees')
      .select((eb) => [replacedById(eb)]);

  /** A tree's share of the community summary and its owner, as the row stands now. */
  const shareOf = (on: Kysely<Database>, id: string) =>
    on
      .selectFrom('trees')
      .select([...COHORT_SOURCE_COLUMNS, 'owner_id', 'verification_status'])
      .where('id', '=', id)
      .executeTakeFirst()
      .then((row) =>
        row ? { share: cohortShare(row as CohortSource), owner: row.owner_id } : null,
      );

  /**
   * Runs a write to one tree and moves its share of `tree_impact_cohorts` with it, and marks its
   * owner's stored summary out of date, in one transaction (the caller's when there is one).
   */
  const withSummary = <T>(id: string, write: (on: Kysely<Database>) => Promise<T>) => {
    const run = async (on: Kysely<Database>) => {
      const before = await shareOf(on, id);
      // The organisers' figures (tree_drive_days) move with the write too.
      // So does the trees map's grid (tree_map_cells, tree-map.repository.ts).
      // And each drive's count of trees waiting for a verifier (tree_verification_drives).
      const result = await treeDriveDays(on, organisers).around(id, () =>
        treeMapRepository(on).movingGrid(id, () =>
          treeVerificationDrives(on, organisers).around(id, () => write(on)),
        ),
      );
      const after = await shareOf(on, id);
      await impactSummaryQueries(on).apply(
        cohortChanges(before?.share ?? null, after?.share ?? null),
      );
      const owners = new Set([before?.owner, after?.owner].filter((o) => o !== undefined));
      // Wall-clock time, after the write: a summary walk that began before it is not stored.
      await chartsQueries(on).staleOwnerSummaries([...owners], new Date().toISOString());
      return result;
    };
    return db.isTransaction ? run(db) : db.transaction().execute(run);
  };

  return {
    ...careQueries(db),

    insert: (row: NewTree) =>
      withSummary(row.id, async (on) => {
        // Registration is the tree's first check (issue 21 §3, docs/decisions/four-numbers.md).
        await on
          .insertInto('trees')
          .values({ last_checked_at: row.created_at, ...row })
          .execute();
        await careDueQueries(on).refreshCareDue(row.id);
      }),

    /** The community's living plants by species, size and planting day (the /api/stats summary). */
    impactSummary: () => impactSummaryQueries(db).rows(),

    /** Plants registered from these sapling reservations, and how many are alive (not dead). */
    async reservationCounts(ids: string[]): Promise<{ planted: number; alive: number }> {
      if (ids.length === 0) return { planted: 0, alive: 0 };
      const row = await db
        .selectFrom('trees')
        .where('reservation_id', 'in', ids)
        // Issue 21 §2: a rejected tree counts as nothing.
        .where('verification_status', '<>', 'rejected')
        .select(plantedAndAlive)
        .executeTakeFirstOrThrow();
      return { planted: Number(row.planted), alive: Number(row.alive) };
    },

    findById: (id: string) =>
      db.selectFrom('trees').selectAll().where('id', '=', id).executeTakeFirst(),

    findWithReplacement: (id: string): Promise<TreeWithReplacement | undefined> =>
      withReplacement().where('trees.id', '=', id).executeTakeFirst(),

    /** The owner's trees (of the filter), newest registration first, by position. */
    listRecordsByOwner: (
      ownerId: string,
      limit: number,
      offset = 0,
      filter: OwnerTreeFilter = {},
    ): Promise<TreeWithReplacement[]> =>
      withReplacement()
        .where(ownedBy(ownerId, filter))
        .where('trees.created_at', '<=', REGISTERED_BEFORE_ANY_BOUND)
        .orderBy('trees.created_at', 'desc')
        .orderBy('trees.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),

    /**
     * The owner's trees (of the filter) after `after` in newest-registration-first order, at most
     * `limit`: an export batch or a My trees page, read by keyset on trees_owner_idx (owner_id,
     * created_at) from the last one.
     */
    ownerRecordsAfter: (
      ownerId: string,
      after: { createdAt: string; id: string } | null,
      limit: number,
      filter: OwnerTreeFilter = {},
    ): Promise<TreeWithReplacement[]> =>
      withReplacement()
        .where(ownedBy(ownerId, filter))
        .where(
          after === null
            ? sql<SqlBool>`${sql.ref('trees.created_at')} <= ${REGISTERED_BEFORE_ANY_BOUND}`
            : sql<SqlBool>`(${sql.ref('trees.created_at')}, ${sql.ref('trees.id')}) < (${after.createdAt}, ${after.id})`,
        )
        .orderBy('trees.created_at', 'desc')
        .orderBy('trees.id', 'desc')
        .limit(limit)
        .execute(),

    /** Whether the member registered any tree (one index entry, not a count). */
    async hasAnyByOwner(ownerId: string): Promise<boolean> {
      const row = await db
        .selectFrom('trees')
        .select('id')
        .where('owner_id', '=', ownerId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * How many records the member has (of the filter): without one, their row of
     * `tree_owner_counts` (0045); with one, an index count.
     */
    async countByOwner(ownerId: string, filter: OwnerTreeFilter = {}): Promise<number> {
      if (filter.species === undefined && filter.status === undefined) {
        const kept = await db
          .selectFrom('tree_owner_counts')
          .select('records')
          .where('owner_id', '=', ownerId)
          .executeTakeFirst();
        return Number(kept?.records ?? 0);
      }
      const row = await db
        .selectFrom('trees')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(ownedBy(ownerId, filter))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * The owner's dead trees that no registration has replaced yet (open replanting tasks), latest
     * death first (unknown deaths last), after `after` when given, at most `limit`: as the lists
     * show them (the tree's title, its death and cause).
     */
    deadUnreplacedTasks: (ownerId: string, limit: number, after?: ReplantingKey) =>
      db
        .selectFrom('trees')
        .select([
          'trees.id',
          'trees.nickname',
          'trees.species_id',
          'trees.tree_count',
          'trees.cause',
          'trees.status_changed_at',
        ])
        .where(deadUnreplacedOf(ownerId))
        .$if(after !== undefined, (q) => q.where(replantingAfter(after!)))
        .orderBy(sql`${sql.ref('trees.status_changed_at')} desc nulls last`)
        .orderBy('trees.id', 'desc')
        .limit(limit)
        .execute(),

    /** How many of the owner's dead trees no registration has replaced yet (kept by 0067's triggers). */
    async countDeadUnreplaced(ownerId: string): Promise<number> {
      const row = await db
        .selectFrom('tree_replanting_counts')
        .select('open')
        .where('owner_id', '=', ownerId)
        .executeTakeFirst();
      return Number(row?.open ?? 0);
    },

    /** The id of the tree registered in place of `id`, if any. */
    replacementOf: async (id: string) =>
      (
        await db
          .selectFrom('trees')
          .select('id')
          .where('replaces_tree_id', '=', id)
          .executeTakeFirst()
      )?.id,

    update: (id: string, patch: Updateable<TreesTable>) =>
      withSummary(id, async (on) => {
        await on.updateTable('trees').set(patch).where('id', '=', id).execute();
        // The care rules' due dates (tree_care_due) follow planting, health and measuring.
        if (movesCareDue(patch)) await careDueQueries(on).refreshCareDue(id);
      }),

    /** Deletes the tree (measurements and care go with it) and answers the photos it showed. */
    async remove(id: string): Promise<string[]> {
      const [tree, measured] = await Promise.all([
        db
          .selectFrom('trees')
          .select(['photo_file_id', 'health_photo_file_id'])
          .where('id', '=', id)
          .executeTakeFirst(),
        db
          .selectFrom('tree_measurements')
          .select('photo_file_id')
          .where('tree_id', '=', id)
          .where('photo_file_id', 'is not', null)
          .execute(),
      ]);
      await withSummary(id, (on) => on.deleteFrom('trees').where('id', '=', id).execute());
      return [
        tree?.photo_file_id,
        tree?.health_photo_file_id,
        ...measured.map((m) => m.photo_file_id),
      ].filter((f): f is string => typeof f === 'string');
    },

    /**
     * Living trees grouped by what the method needs: species, planting size and day, and the
     * latest measurement (null for most). Far fewer rows than trees, whatever the community's size.
     */
    async impactCohorts() {
      const rows = await db
        .selectFrom('trees')
        .where('status', '!=', 'dead')
        .where('alive_count', '>', 0)
        .where('verification_status', '<>', 'rejected')
        .select((eb) => [
          'species_id',
          'size',
          eb.fn<string>('substr', ['planted_at', eb.val(1), eb.val(10)]).as('planted_day'),
          'last_measured_at',
          'last_height_cm',
          'last_diameter_cm',
          eb.fn.sum<number>('alive_count').as('plants'),
        ])
        .groupBy([
          'species_id',
          'size',
          'planted_day',
          'last_measured_at',
          'last_height_cm',
          'last_diameter_cm',
        ])
        .execute();
      return rows.map((r) => ({
        ...r,
        planted_day: String(r.planted_day),
        plants: Number(r.plants),
      }));
    },

    /**
     * Tree records grouped by what the impact history needs (species, size, planting day, status,
     * the day the status last changed, the latest measurement): one member's, or everyone's.
     */
    async historyCohorts(ownerId?: string) {
      let query = db
        .selectFrom('trees')
        .select((eb) => [
          'species_id',
          'size',
          'status',
          eb.fn<string>('substr', ['planted_at', eb.val(1), eb.val(10)]).as('planted_day'),
          eb
            .fn<string | null>('substr', ['status_changed_at', eb.val(1), eb.val(10)])
            .as('changed_day'),
          'last_measured_at',
          'last_height_cm',
          'last_diameter_cm',
          eb.fn.sum<number>('tree_count').as('plants'),
          eb.fn.sum<number>('alive_count').as('alive'),
          eb.fn.countAll<number>().as('records'),
        ])
        .groupBy([
          'species_id',
          'size',
          'status',
          'planted_day',
          'changed_day',
          'last_measured_at',
          'last_height_cm',
          'last_diameter_cm',
        ]);
      query = query.where('verification_status', '<>', 'rejected');
      if (ownerId !== undefined) query = query.where('owner_id', '=', ownerId);
      const rows = await query.execute();
      return rows.map((r) => ({
        ...r,
        planted_day: String(r.planted_day),
        changed_day: r.changed_day === null ? null : String(r.changed_day),
        plants: Number(r.plants),
        alive: Number(r.alive),
        records: Number(r.records),
      }));
    },

    /** Plants at the organiser's drives per planting month (tree-drive-days.repository.ts). */
    plantedForOrganiser: (organiserId: string, from?: string, before?: string) =>
      treeDriveDays(db).plantedForOrganiser(organiserId, from, before),

    measurementsOf: (treeId: string) =>
      db
        .selectFrom('tree_measurements')
        .selectAll()
        .where('tree_id', '=', treeId)
        .orderBy('measured_at')
        .orderBy('id')
        .execute(),

    insertMeasurement: (row: NewMeasurement) =>
      db.insertInto('tree_measurements').values(row).execute(),

    /** The earliest measurement date of a tree (a new planting date must not be after it). */
    async firstMeasuredAt(treeId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('tree_measurements')
        .select((eb) => eb.fn.min<string>('measured_at').as('first'))
        .where('tree_id', '=', treeId)
        .executeTakeFirst();
      return row?.first ?? undefined;
    },
  };
}
export type TreesRepository = ReturnType<typeof treesRepository>;
