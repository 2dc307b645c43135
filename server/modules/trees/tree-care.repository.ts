import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, TreeCareLogTable } from '../../db/tables';
import { careActionMovesDue, careDueQueries } from './tree-care-due.repository';

/** What the care schedule needs of a living tree. */
const CARE_SUBJECT = [
  'trees.id',
  'trees.owner_id',
  'trees.nickname',
  'trees.species_id',
  'trees.planted_at',
  'trees.created_at',
  'trees.last_measured_at',
  'trees.last_checked_at',
] as const;

/** Care log, digest opt-ins and the record of care notices; part of `treesRepository`. */
export function careQueries(db: Kysely<Database>) {
  return {
    ...careDueQueries(db),

    /** Logs care; watering, weeding and mulching move the tree's next due date in the same transaction. */
    async insertCare(row: Insertable<TreeCareLogTable>): Promise<void> {
      const write = async (on: Kysely<Database>) => {
        await on.insertInto('tree_care_log').values(row).execute();
        if (careActionMovesDue(row.action)) await careDueQueries(on).refreshCareDue(row.tree_id);
      };
      await (db.isTransaction ? write(db) : db.transaction().execute(write));
    },

    /** One tree's care log, newest first. */
    careLog: (treeId: string, limit: number) =>
      db
        .selectFrom('tree_care_log')
        .select(['id', 'action', 'note', 'done_at'])
        .where('tree_id', '=', treeId)
        .orderBy('done_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    /** The latest date of each action logged for these trees. */
    async lastCare(treeIds: readonly string[]) {
      if (treeIds.length === 0) return [];
      return db
        .selectFrom('tree_care_log')
        .select((eb) => ['tree_id', 'action', eb.fn.max<string>('done_at').as('last')])
        .where('tree_id', 'in', treeIds)
        .groupBy(['tree_id', 'action'])
        .execute();
    },

    /** The member's living trees (healthy or needing care), oldest registration first. */
    livingTreesOf: (ownerId: string) =>
      db
        .selectFrom('trees')
        .select(CARE_SUBJECT)
        .where('trees.owner_id', '=', ownerId)
        .where('trees.status', '!=', 'dead')
        .orderBy('trees.created_at')
        .orderBy('trees.id')
        .execute(),

    /**
     * A batch of living trees by id after `afterId` (the daily job's cursor), whoever owns them:
     * trees-people.ts leaves out deleted members' trees after the cursor moved past them.
     */
    livingTreeRecordsAfter: (afterId: string, limit: number) =>
      db
        .selectFrom('trees')
        .select(CARE_SUBJECT)
        .where('trees.status', '!=', 'dead')
        .where('trees.id', '>', afterId)
        .orderBy('trees.id')
        .limit(limit)
        .execute(),

    /** The daily prune, a batch at a time: day records before `beforeDay`; returns how many. */
    async pruneDays(beforeDay: string, limit: number): Promise<number> {
      const result = await db
        .deleteFrom('tree_care_days')
        .where(
          sql<boolean>`(owner_id, day) in (select owner_id, day from tree_care_days
            where day < ${beforeDay} limit ${limit})`,
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows ?? 0);
    },

    async digestOptIn(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('tree_care_settings')
        .select('weekly_digest')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.weekly_digest ?? 0) === 1;
    },

    setDigestOptIn: (userId: string, on: boolean, at: string) =>
      db
        .insertInto('tree_care_settings')
        .values({ user_id: userId, weekly_digest: on ? 1 : 0, updated_at: at })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ weekly_digest: on ? 1 : 0, updated_at: at }),
        )
        .execute(),

    /** Members who opted in to the digest, by id after `afterId` (trees-people.ts adds addresses). */
    digestSubscribersAfter: (afterId: string, limit: number) =>
      db
        .selectFrom('tree_care_settings')
        .select('user_id')
        .where('weekly_digest', '=', 1)
        .where('user_id', '>', afterId)
        .orderBy('user_id')
        .limit(limit)
        .execute(),

    /** The daily prune, a batch at a time: per-task records older than `before`; returns how many. */
    async pruneTold(before: string, limit: number): Promise<number> {
      const result = await db
        .deleteFrom('tree_care_notices')
        .where(
          sql<boolean>`(tree_id, task, due_on) in (select tree_id, task, due_on
            from tree_care_notices where created_at < ${before} limit ${limit})`,
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows ?? 0);
    },

    /**
     * The drive's first death of a UTC day (its trees reported dead in [from, until), earliest
     * first): that death's notice is the day's one notice for the drive.
     */
    firstDeathOfDay: (driveId: string, from: string, until: string) =>
      db
        .selectFrom('trees')
        .select('id')
        .where('drive_id', '=', driveId)
        .where('status', '=', 'dead')
        .where('status_changed_at', '>=', from)
        .where('status_changed_at', '<', until)
        .orderBy('status_changed_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst(),

    /**
     * A deleted account's opt-ins, its record of care notices and its untold tree news go; its
     * trees stay (shared impact).
     */
    async deletePersonal(userId: string): Promise<void> {
      await db.deleteFrom('tree_care_settings').where('user_id', '=', userId).execute();
      await db.deleteFrom('tree_care_notices').where('owner_id', '=', userId).execute();
      await db.deleteFrom('tree_care_days').where('owner_id', '=', userId).execute();
      await db.deleteFrom('gift_tree_events').where('donor_id', '=', userId).execute();
      await db.deleteFrom('gift_tree_news').where('donor_id', '=', userId).execute();
    },
  };
}
export type CareSubjectRow = Awaited<
  ReturnType<ReturnType<typeof careQueries>['livingTreesOf']>
>[number];
