import { sql, type Kysely, type SqlBool } from 'kysely';
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
] as const;

/** The community charts' reads and their stored snapshot (`tree_chart_snapshots`). */
export function chartsQueries(db: Kysely<Database>) {
  return {
    /** The next `limit` trees after `afterId` in id order (a keyset walk over every tree). */
    treesAfter: (afterId: string, limit: number) =>
      db
        .selectFrom('trees')
        .select(CHART_TREE_COLUMNS)
        .where('id', '>', afterId)
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
        .select(CHART_TREE_COLUMNS)
        .where('owner_id', '=', ownerId)
        // A row value: both databases seek it on the index and stop at the limit (an OR of the two
        // comparisons made SQLite read and sort every later row for each batch).
        .$if(after !== null, (q) =>
          q.where(sql<SqlBool>`(created_at, id) > (${after!.created_at}, ${after!.id})`),
        )
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute(),

    snapshot: (name: string) =>
      db.selectFrom('tree_chart_snapshots').selectAll().where('name', '=', name).executeTakeFirst(),

    async saveSnapshot(row: {
      name: string;
      last_month: string;
      body: string;
      computed_at: string;
    }) {
      await db
        .insertInto('tree_chart_snapshots')
        .values(row)
        .onConflict((oc) =>
          oc.column('name').doUpdateSet({
            last_month: row.last_month,
            body: row.body,
            computed_at: row.computed_at,
          }),
        )
        .execute();
    },
  };
}
