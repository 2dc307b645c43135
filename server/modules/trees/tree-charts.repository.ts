import { sql, type Kysely, type SqlBool } from 'kysely';
import { preparedQuery, slot } from '../../db/prepared-query';
import type { Database } from '../../db/tables';

/** What the community charts read of each tree. */
export const CHART_TREE_COLUMNS = [
  'id',
  'species_id',
  'size',
  'status',
  'planted_at',
  'status_changed_at',
  'last_measured_at',
  'last_height_cm',
  'last_diameter_cm',
  'tree_count',
  'alive_count',
  'created_at',
  // Issue 21 §3: the four numbers and CO₂ of plants alive at last check.
  'last_checked_at',
  'verification_status',
] as const;

/** A member's stored tree summary (dashboard); a write to one of their trees marks it out of date. */
export const ownerSummaryName = (ownerId: string) => `owner:${ownerId}`;

/** A stored chart or summary by name, prepared once (a forest view reads one, issue 20). */
const snapshotQuery = preparedQuery((db: Kysely<Database>) =>
  db.selectFrom('tree_chart_snapshots').selectAll().where('name', '=', slot('name')),
);

/** The community charts' reads and their stored snapshot (`tree_chart_snapshots`). */
export function chartsQueries(db: Kysely<Database>) {
  return {
    /** The next `limit` trees after `afterId` in id order (a keyset walk over every tree). */
    treesAfter: (afterId: string, limit: number) =>
      db
        .selectFrom('trees')
        .select(CHART_TREE_COLUMNS)
        .where('id', '>', afterId)
        // Issue 21 §2: rejected trees are in no chart.
        .where('verification_status', '<>', 'rejected')
        .orderBy('id')
        .limit(limit)
        .execute(),

    /** The owner's next `limit` trees after `after` in (created_at, id) order (trees_owner_idx). */
    ownerTreesAfter: (
      ownerId: string,
      after: { created_at: string; id: string } | null,
      limit: number,
    ) =>
      db
        .selectFrom('trees')
        .select([...CHART_TREE_COLUMNS, 'drive_id'])
        .where('owner_id', '=', ownerId)
        .where('verification_status', '<>', 'rejected')
        // A row value: both databases seek it on the index and stop at the limit (an OR of the two
        // comparisons made SQLite read and sort every later row for each batch).
        .$if(after !== null, (q) =>
          q.where(sql<SqlBool>`(created_at, id) > (${after!.created_at}, ${after!.id})`),
        )
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute(),

    snapshot: async (name: string) => (await snapshotQuery(db, '', { name }))[0],

    /**
     * Marks the owners' stored summaries out of date, in the writing transaction: a row with no
     * body, stamped with the write's time, so a summary made from reads before it is not saved.
     */
    async staleOwnerSummaries(ownerIds: readonly string[], at: string) {
      if (ownerIds.length === 0) return;
      const names = ownerIds.map(ownerSummaryName);
      await db
        .insertInto('tree_chart_snapshots')
        .values(names.map((name) => ({ name, last_month: '', body: '', computed_at: at })))
        .onConflict((oc) =>
          oc.column('name').doUpdateSet({ last_month: '', body: '', computed_at: at }),
        )
        .execute();
    },

    /**
     * Stores a snapshot. `ifNewer`: only over a row stamped earlier than `row.computed_at` (a walk
     * that began before a write's mark is not stored; the next request makes it again).
     */
    async saveSnapshot(
      row: { name: string; last_month: string; body: string; computed_at: string },
      { ifNewer = false }: { ifNewer?: boolean } = {},
    ) {
      const set = { last_month: row.last_month, body: row.body, computed_at: row.computed_at };
      await db
        .insertInto('tree_chart_snapshots')
        .values(row)
        .onConflict((oc) => {
          const update = oc.column('name').doUpdateSet(set);
          return ifNewer
            ? update.where('tree_chart_snapshots.computed_at', '<', row.computed_at)
            : update;
        })
        .execute();
    },
  };
}
