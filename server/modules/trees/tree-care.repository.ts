import { sql, type ExpressionBuilder, type Insertable, type Kysely } from 'kysely';
import type { CareAction } from '../../../contract/tree-care';
import type {
  Database,
  TreeCareDaysTable,
  TreeCareLogTable,
  TreeCareNoticesTable,
} from '../../db/tables';
import { careActionMovesDue, careDueQueries } from './tree-care-due.repository';

/** What the care schedule needs of a living tree. */
const CARE_SUBJECT = [
  'trees.id',
  'trees.owner_id',
  'trees.nickname',
  'trees.species_id',
  'trees.planted_at',
  'trees.last_measured_at',
] as const;

/** Where the daily care pass is: trees ordered by owner, then registration, then id. */
export interface CareCursor {
  ownerId: string;
  createdAt: string;
  id: string;
}

/** The latest date a care action was logged for the tree `trees.id` (a correlated subquery). */
const lastDone = (eb: ExpressionBuilder<Database, 'trees'>, action: CareAction) =>
  eb
    .selectFrom('tree_care_log')
    .select((l) => l.fn.max<string>('tree_care_log.done_at').as('last'))
    .whereRef('tree_care_log.tree_id', '=', 'trees.id')
    .where('tree_care_log.action', '=', action);

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

    /**
     * The daily care pass (issue 20): the next `limit` living trees after `after` by (owner,
     * registration, id) on `trees_owner_idx`, with the latest date of each care action, leaving
     * out trees of members already told on `day` and trees with nothing that can be due at all
     * (older than the young-tree window and measured after `measuredBefore`). `onlyOwner` keeps
     * to one member (the digest, a single notice).
     */
    careSubjectsAfter: (
      after: CareCursor,
      limit: number,
      filter: {
        day: string | null;
        youngAfter: string;
        measuredBefore: string;
        onlyOwner?: string;
      },
    ) => {
      let query = db
        .selectFrom('trees')
        .select([...CARE_SUBJECT, 'trees.created_at'])
        .select((eb) => [
          lastDone(eb, 'watered').as('last_watered'),
          lastDone(eb, 'weeded').as('last_weeded'),
          lastDone(eb, 'mulched').as('last_mulched'),
        ])
        .where((eb) =>
          eb(
            eb.refTuple('trees.owner_id', 'trees.created_at', 'trees.id'),
            '>',
            eb.tuple(after.ownerId, after.createdAt, after.id),
          ),
        )
        .where('trees.status', '!=', 'dead')
        .where((eb) =>
          eb.or([
            eb('trees.planted_at', '>', filter.youngAfter),
            eb.and([
              eb('trees.planted_at', '<=', filter.measuredBefore),
              eb.or([
                eb('trees.last_measured_at', 'is', null),
                eb('trees.last_measured_at', '<=', filter.measuredBefore),
                eb('trees.last_measured_at', '<=', eb.ref('trees.planted_at')),
              ]),
            ]),
          ]),
        );
      if (filter.onlyOwner) query = query.where('trees.owner_id', '=', filter.onlyOwner);
      if (filter.day !== null) {
        const day = filter.day;
        query = query.where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('tree_care_days')
                .select('tree_care_days.day')
                .whereRef('tree_care_days.owner_id', '=', 'trees.owner_id')
                .where('tree_care_days.day', '=', day),
            ),
          ),
        );
      }
      return query
        .orderBy('trees.owner_id')
        .orderBy('trees.created_at')
        .orderBy('trees.id')
        .limit(limit)
        .execute();
    },

    /** Each of these members' latest care notice (none for a member never told). */
    async lastToldAt(ownerIds: readonly string[]): Promise<Map<string, string>> {
      if (ownerIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('tree_care_days')
        .select((eb) => ['owner_id', eb.fn.max<string>('told_at').as('told_at')])
        .where('owner_id', 'in', ownerIds)
        .groupBy('owner_id')
        .execute();
      return new Map(rows.map((r) => [r.owner_id, r.told_at]));
    },

    /**
     * Records the members told today (one multi-row insert); returns those newly recorded (a
     * member already told that day, by another run, is left out so it is not told twice).
     */
    async recordDays(rows: ReadonlyArray<Insertable<TreeCareDaysTable>>): Promise<string[]> {
      if (rows.length === 0) return [];
      const inserted = await db
        .insertInto('tree_care_days')
        .values([...rows])
        .onConflict((oc) => oc.columns(['owner_id', 'day']).doNothing())
        .returning('owner_id')
        .execute();
      return inserted.map((r) => r.owner_id);
    },

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

    /** Which of these trees' tasks the owners were already told about (the record, any due day). */
    async toldTasks(treeIds: readonly string[]) {
      if (treeIds.length === 0) return [];
      return db
        .selectFrom('tree_care_notices')
        .select(['tree_id', 'task', 'due_on'])
        .where('tree_id', 'in', treeIds)
        .execute();
    },

    /**
     * Records that the owner was told about a task; false when it already was (a job run twice),
     * so the caller leaves it out of the notice it writes in the same transaction.
     */
    async recordTold(row: Insertable<TreeCareNoticesTable>): Promise<boolean> {
      const result = await db
        .insertInto('tree_care_notices')
        .values(row)
        .onConflict((oc) => oc.columns(['tree_id', 'task', 'due_on']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

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
export type CareSubjectWithCare = Awaited<
  ReturnType<ReturnType<typeof careQueries>['careSubjectsAfter']>
>[number];
export type CareSubjectRow = Awaited<
  ReturnType<ReturnType<typeof careQueries>['livingTreesOf']>
>[number];
