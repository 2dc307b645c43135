import { sql, type ExpressionBuilder, type Insertable, type Kysely } from 'kysely';
import { ACTION_FOR_TASK, type CareAction } from '../../../contract/tree-care';
import type { Database, TreeCareDueTable } from '../../db/tables';
import { ruleDues } from './tree-care-schedule';

/** `closes_at` of a rule that lasts the tree's whole life (a plain range compare in the index). */
export const CARE_OPEN_END = '9999-12-31T23:59:59.999Z';

/** A position in a member's care list: the last task shown, by (due date, tree, rule). */
export interface CareDuePosition {
  dueAt: string;
  treeId: string;
  rule: number;
}

const REBUILD_BATCH = 1_000;
/** Rows per multi-row insert (7 parameters each, well under both databases' limits). */
const INSERT_CHUNK = 500;
const CARE_LOG_ACTIONS = Object.values(ACTION_FOR_TASK);

/** True when a care action moves a task's due date (watering, weeding, mulching). */
export const careActionMovesDue = (action: string) =>
  (CARE_LOG_ACTIONS as readonly string[]).includes(action);

/** The `trees` columns the care rules' rows depend on (the owner's list included). */
const DUE_COLUMNS = ['owner_id', 'planted_at', 'status', 'last_measured_at'];

/** True when a tree update changes what `tree_care_due` holds for it. */
export const movesCareDue = (patch: object) => DUE_COLUMNS.some((column) => column in patch);

/** What the care rules need of a tree (with the latest date of each care action). */
interface DueSource {
  id: string;
  owner_id: string;
  planted_at: string;
  last_measured_at: string | null;
  last_watered: string | null;
  last_weeded: string | null;
  last_mulched: string | null;
}

const lastDone = (eb: ExpressionBuilder<Database, 'trees'>, action: CareAction) =>
  eb
    .selectFrom('tree_care_log')
    .select((l) => l.fn.max<string>('tree_care_log.done_at').as('last'))
    .whereRef('tree_care_log.tree_id', '=', 'trees.id')
    .where('tree_care_log.action', '=', action);

/**
 * A living tree's rows: every rule that can show at some time, or with `from` (the clock, for a
 * rebuild) still at or after it. Rules whose window closed stay until the daily prune.
 */
function rowsOf(tree: DueSource, from?: string): Array<Insertable<TreeCareDueTable>> {
  const dues = ruleDues({
    plantedAt: tree.planted_at,
    lastMeasuredAt: tree.last_measured_at,
    lastDone: {
      ...(tree.last_watered ? { watered: tree.last_watered } : {}),
      ...(tree.last_weeded ? { weeded: tree.last_weeded } : {}),
      ...(tree.last_mulched ? { mulched: tree.last_mulched } : {}),
    },
  });
  return dues
    .filter((d) => from === undefined || d.closesAt === null || d.closesAt > from)
    .map((d) => ({
      tree_id: tree.id,
      rule: d.rule,
      owner_id: tree.owner_id,
      task: d.task,
      due_at: d.dueAt,
      closes_at: d.closesAt ?? CARE_OPEN_END,
      last_done_at: d.lastDoneAt,
    }));
}

/**
 * `tree_care_due` (issue 20): each living tree's care rules with their next due date, which
 * does not depend on the clock; a task shows while `due_at <= now < closes_at`. Kept by the
 * trees repository's writes (a tree registered, edited, measured, its health reported, care
 * logged, deleted) in their transaction, so a member's next due tasks and totals come from the
 * index (owner_id, due_at, tree_id, rule, closes_at) whatever the number of trees.
 */
export function careDueQueries(db: Kysely<Database>) {
  const sources = () =>
    db
      .selectFrom('trees')
      .select(['trees.id', 'trees.owner_id', 'trees.planted_at', 'trees.last_measured_at'])
      .select((eb) => [
        lastDone(eb, 'watered').as('last_watered'),
        lastDone(eb, 'weeded').as('last_weeded'),
        lastDone(eb, 'mulched').as('last_mulched'),
      ])
      .where('trees.status', '!=', 'dead');

  async function insertRows(rows: ReadonlyArray<Insertable<TreeCareDueTable>>) {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK)
      await db
        .insertInto('tree_care_due')
        .values(rows.slice(i, i + INSERT_CHUNK))
        .execute();
  }

  /** The member's (or, with `treeId`, one of their trees') rows. */
  const ofOwner = (ownerId: string, treeId: string | undefined) => {
    const query = db.selectFrom('tree_care_due').where('tree_care_due.owner_id', '=', ownerId);
    return treeId === undefined ? query : query.where('tree_care_due.tree_id', '=', treeId);
  };

  /** The member's visible tasks at `now` from `after` on, in list order. */
  const visible = (
    ownerId: string,
    now: string,
    after: CareDuePosition | null,
    treeId: string | undefined,
  ) => {
    let query = ofOwner(ownerId, treeId)
      .where('tree_care_due.due_at', '<=', now)
      .where('tree_care_due.closes_at', '>', now);
    if (after)
      query = query.where((eb) =>
        eb(
          eb.refTuple('tree_care_due.due_at', 'tree_care_due.tree_id', 'tree_care_due.rule'),
          '>',
          eb.tuple(after.dueAt, after.treeId, after.rule),
        ),
      );
    return query;
  };

  return {
    /**
     * Makes one tree's rows again from the tree and its care log (none when it is dead or
     * gone); in the caller's transaction.
     */
    async refreshCareDue(treeId: string): Promise<void> {
      await db.deleteFrom('tree_care_due').where('tree_id', '=', treeId).execute();
      const tree = await sources().where('trees.id', '=', treeId).executeTakeFirst();
      if (tree) await insertRows(rowsOf(tree));
    },

    /**
     * Every row made again from every living tree, in keyset batches (the migration's backfill;
     * bulk loads that insert trees past the repository). With `from` (the clock), rules already
     * closed then are not stored. Returns the rows written.
     */
    async rebuildCareDue(from?: string): Promise<number> {
      await db.deleteFrom('tree_care_due').execute();
      let after = '';
      let written = 0;
      for (;;) {
        const batch = await sources()
          .where('trees.id', '>', after)
          .orderBy('trees.id')
          .limit(REBUILD_BATCH)
          .execute();
        if (batch.length === 0) return written;
        const rows = batch.flatMap((tree) => rowsOf(tree, from));
        await insertRows(rows);
        written += rows.length;
        after = batch[batch.length - 1]!.id;
      }
    },

    /**
     * The next `limit` tasks (all when null) showing at `now` after `after` (from the start when
     * null), in list order, with the tree's name parts; with `treeId`, only that tree's.
     */
    careDuePage: (
      ownerId: string,
      now: string,
      after: CareDuePosition | null,
      limit: number | null,
      treeId?: string,
    ) => {
      const query = visible(ownerId, now, after, treeId)
        .innerJoin('trees', 'trees.id', 'tree_care_due.tree_id')
        .select([
          'tree_care_due.tree_id',
          'tree_care_due.rule',
          'tree_care_due.task',
          'tree_care_due.due_at',
          'tree_care_due.last_done_at',
          'trees.nickname',
          'trees.species_id',
        ])
        .orderBy('tree_care_due.due_at')
        .orderBy('tree_care_due.tree_id')
        .orderBy('tree_care_due.rule');
      return (limit === null ? query : query.limit(limit)).execute();
    },

    /**
     * The member's totals: tasks showing at `now`, those overdue (due on or before
     * `overdueBefore`), and those falling due after now up to `soonUntil`; with `treeId`, of
     * that tree only.
     */
    async careDueTotals(
      ownerId: string,
      now: string,
      overdueBefore: string,
      soonUntil: string,
      treeId?: string,
    ): Promise<{ due: number; overdue: number; soon: number }> {
      const row = await ofOwner(ownerId, treeId)
        .where('due_at', '<=', soonUntil)
        .where('closes_at', '>', now)
        .select([
          sql<number>`coalesce(sum(case when due_at <= ${now} then 1 else 0 end), 0)`.as('due'),
          sql<number>`coalesce(sum(case when due_at <= ${overdueBefore} then 1 else 0 end), 0)`.as(
            'overdue',
          ),
          sql<number>`coalesce(sum(case when due_at > ${now} then 1 else 0 end), 0)`.as('soon'),
        ])
        .executeTakeFirstOrThrow();
      return { due: Number(row.due), overdue: Number(row.overdue), soon: Number(row.soon) };
    },

    /** The daily prune, a batch at a time: rows whose window closed before `before`. */
    async pruneClosedCareDue(before: string, limit: number): Promise<number> {
      const result = await db
        .deleteFrom('tree_care_due')
        .where(
          sql<boolean>`(tree_id, rule) in (select tree_id, rule from tree_care_due
            where closes_at <= ${before} limit ${limit})`,
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows ?? 0);
    },
  };
}
export type CareDueRow = Awaited<
  ReturnType<ReturnType<typeof careDueQueries>['careDuePage']>
>[number];
