import {
  PostgresAdapter,
  sql,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type RawBuilder,
} from 'kysely';
import { ACTION_FOR_TASK, CARE_SCHEDULE, type CareAction } from '../../../contract/tree-care';
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

/**
 * A run of members the daily care pass tells together: every owner of stored rules from `first`
 * to `last` (by id), all with a live account.
 */
export interface CareRange {
  first: string;
  last: string;
}

/** A member the daily care pass visits, with their latest care notice ('' when never told). */
export interface CareSince {
  ownerId: string;
  since: string;
}

/** One of a member's newly due tasks named in their notice, with the tree's name parts. */
export interface NewlyDueTask {
  owner_id: string;
  tree_id: string;
  rule: number;
  task: TreeCareDueTable['task'];
  due_at: string;
  nickname: string | null;
  species_id: number;
}

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

const REBUILD_BATCH = 1_000;
/** Members per statement reading each one's first newly due tasks on PostgreSQL. */
const FIRST_CHUNK = 100;
/** Rows per multi-row insert (7 parameters each, well under both databases' limits). */
const INSERT_CHUNK = 500;
const CARE_LOG_ACTIONS = Object.values(ACTION_FOR_TASK);

/** True when a care action moves a task's due date (watering, weeding, mulching). */
export const careActionMovesDue = (action: string) =>
  (CARE_LOG_ACTIONS as readonly string[]).includes(action);

/** The `trees` columns the care rules' rows depend on (the owner's list included). */
const DUE_COLUMNS = [
  'owner_id',
  'planted_at',
  'status',
  'last_measured_at',
  'last_checked_at',
  'created_at',
];

/** True when a tree update changes what `tree_care_due` holds for it. */
export const movesCareDue = (patch: object) => DUE_COLUMNS.some((column) => column in patch);

/** What the care rules need of a tree (with the latest date of each care action). */
export interface CareDueSource {
  id: string;
  owner_id: string;
  planted_at: string;
  created_at: string;
  last_measured_at: string | null;
  /** Undefined before 0049 added the column (0027's backfill runs before it). */
  last_checked_at?: string | null;
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
 * rebuild) still at or after it. Rules whose window closed stay until the daily prune. Also what
 * the scale builder writes for its bulk trees (scripts/bench-scale).
 */
export function careDueRowsOf(
  tree: CareDueSource,
  from?: string,
): Array<Insertable<TreeCareDueTable>> {
  const dues = ruleDues({
    plantedAt: tree.planted_at,
    registeredAt: tree.created_at,
    lastMeasuredAt: tree.last_measured_at,
    lastCheckedAt: tree.last_checked_at ?? null,
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
      // Every column (not a list): 0027's backfill runs on a table without 0049's last_checked_at.
      .selectAll('trees')
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
    const query = db.selectFrom('tree_care_due');
    if (treeId === undefined) return query.where('tree_care_due.owner_id', '=', ownerId);
    // One tree's few rows by its key, the owner checked on them in a form no owner index serves:
    // PostgreSQL's generic plan of the named statement walked all the owner's tasks due by now.
    return query
      .where('tree_care_due.tree_id', '=', treeId)
      .where(sql`coalesce(${sql.ref('tree_care_due.owner_id')}, '')`, '=', ownerId);
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

  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  /**
   * CTEs over a range of members (fixed text, so SQLite's statement cache keeps one copy), used
   * inside a subquery so a statement starts with SELECT or is a Kysely insert (the write tracker
   * counts raw SQL starting with WITH as a write to every table): `o`,
   * the owners of stored rules from `first` to `last`, a seek each on the owner index; `s`, those
   * not told on `day`, each with their latest notice ('' when never told), a seek each on
   * `tree_care_days_told_idx` (0040).
   */
  const rangeMembers = (range: CareRange, day: string) => sql`recursive
      o(owner_id) as (
        select min(owner_id) from tree_care_due where owner_id >= ${range.first}
        union all
        select (select min(d.owner_id) from tree_care_due d where d.owner_id > o.owner_id)
        from o where o.owner_id < ${range.last}),
      s(owner_id, since) as (
        select o.owner_id, coalesce((select max(c.told_at) from tree_care_days c
            where c.owner_id = o.owner_id), '')
        from o
        where o.owner_id <= ${range.last} and not exists (select 1 from tree_care_days c
          where c.owner_id = o.owner_id and c.day = ${day}))`;

  /**
   * How many of the member's (`s.owner_id`) tasks are newly due at `now`, as two counts over
   * indexes: tasks showing (`due_at <= now < closes_at`) that fell due after the member's latest
   * notice (`s.since`; a range of the owner index), plus tasks on trees registered since that
   * notice that fell due before it (the owner's trees by registration, then each tree's rows).
   * The two are disjoint; together they are what the old pass's `tally` counted per tree.
   */
  const newlyDueCount = (now: string) => sql`(select count(*) from tree_care_due d
        where d.owner_id = s.owner_id and d.due_at > s.since and d.due_at <= ${now}
          and d.closes_at > ${now})
      + case when s.since = '' then 0 else (select count(*) from trees t
        join tree_care_due d on d.tree_id = t.id
        where t.owner_id = s.owner_id and t.created_at > s.since and d.due_at <= s.since
          and d.due_at <= ${now} and d.closes_at > ${now}) end`;

  /** The same two parts for one member, each its first `limit` tasks in care-list order. */
  const newlyDueFirstOf = (m: CareSince, now: string, limit: number, n: number) => {
    const order = sql`order by d.due_at, d.tree_id, d.rule limit ${limit}`;
    const parts = [
      sql`select d.owner_id, d.tree_id, d.rule, d.due_at from tree_care_due d
          where d.owner_id = ${m.ownerId} and d.due_at > ${m.since} and d.due_at <= ${now}
            and d.closes_at > ${now} ${order}`,
    ];
    if (m.since !== '')
      parts.push(sql`select d.owner_id, d.tree_id, d.rule, d.due_at from trees t
            join tree_care_due d on d.tree_id = t.id
            where t.owner_id = ${m.ownerId} and t.created_at > ${m.since}
              and d.due_at <= ${m.since} and d.due_at <= ${now} and d.closes_at > ${now} ${order}`);
    return parts.map((part, i) => sql`select * from (${part}) as ${sql.raw(`p${n}_${i}`)}`);
  };

  const rowsOfRaw = async <R>(query: RawBuilder<R>) => (await query.execute(db)).rows;

  return {
    /**
     * Makes one tree's rows again from the tree and its care log (none when it is dead or
     * gone); in the caller's transaction.
     */
    async refreshCareDue(treeId: string): Promise<void> {
      await db.deleteFrom('tree_care_due').where('tree_id', '=', treeId).execute();
      const tree = await sources().where('trees.id', '=', treeId).executeTakeFirst();
      if (tree) await insertRows(careDueRowsOf(tree));
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
        const rows = batch.flatMap((tree) => careDueRowsOf(tree, from));
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

    /**
     * Whether these statements run on the event loop's thread (SQLite answers in-process): the
     * daily pass then sizes its batches by their time; PostgreSQL's round trips leave the loop
     * free.
     */
    careStatementsBlock: !postgres,

    /**
     * The daily care pass's next members: the first `limit` owners of stored rules after
     * `after`, in id order, by a seek per member on the owner index (a loose index scan), however
     * many rows each has.
     */
    async careOwnersAfter(after: string, limit: number): Promise<string[]> {
      const rows = await rowsOfRaw(sql<{ owner_id: string | null }>`
        select x.owner_id from (with recursive o(owner_id, n) as (
          select (select min(owner_id) from tree_care_due where owner_id > ${after}), 1
          union all
          select (select min(d.owner_id) from tree_care_due d where d.owner_id > o.owner_id),
            o.n + 1
          from o where o.owner_id is not null and o.n < ${limit})
        select owner_id from o where owner_id is not null) as x`);
      return rows.flatMap((r) => (r.owner_id === null ? [] : [r.owner_id]));
    },

    /**
     * The members of `range` not told on `day`, each with their latest care notice ('' for a
     * member never told), in id order.
     */
    careSince: async (range: CareRange, day: string): Promise<CareSince[]> =>
      (
        await rowsOfRaw(sql<{ owner_id: string; since: string }>`
        select x.owner_id, x.since from (with ${rangeMembers(range, day)}
          select s.owner_id, s.since from s) as x`)
      ).map((r) => ({ ownerId: r.owner_id, since: r.since })),

    /**
     * The claim of the daily pass, one insert … select for a range of members: a
     * `tree_care_days` row (day, time, tasks counted in SQL) for each member not told on `day`
     * with newly due tasks at `now`. A member already claimed for `day` (another run, another
     * server) is left out; returns the members claimed now with their counts, who are told in the
     * same transaction.
     */
    async claimCareDay(
      range: CareRange,
      day: string,
      toldAt: string,
      now: string,
    ): Promise<Array<{ ownerId: string; tasks: number }>> {
      // A Kysely insert (not raw SQL), so the write tracker (db/table-writes.ts) counts a write
      // to tree_care_days alone; a statement starting with WITH would count as one to every
      // table and empty every cache once a batch.
      const rows = await db
        .insertInto('tree_care_days')
        .columns(['owner_id', 'day', 'told_at', 'tasks'])
        .expression(
          sql`select c.owner_id, ${day}, ${toldAt}, c.n
            from (with ${rangeMembers(range, day)}
              select s.owner_id, ${newlyDueCount(now)} as n from s) as c
            where c.n > 0`,
        )
        .onConflict((oc) => oc.columns(['owner_id', 'day']).doNothing())
        .returning(['owner_id', 'tasks'])
        .execute();
      return rows.map((r) => ({ ownerId: r.owner_id, tasks: Number(r.tasks) }));
    },

    /**
     * The first `limit` newly due tasks of each member (as `claimCareDay` counts them, from the
     * latest notice before the claim), in care-list order (due date, tree, rule), with the trees'
     * name parts: for each member the first few of each part by the index, then the names by
     * tree id.
     */
    async newlyDueFirst(
      members: readonly CareSince[],
      now: string,
      limit: number,
    ): Promise<NewlyDueTask[]> {
      // SQLite answers in-process: statements of fixed text (prepared once) per member and
      // per tree are cheapest; PostgreSQL gets many per round trip.
      const chunk = postgres ? FIRST_CHUNK : 1;
      const found: Array<Omit<NewlyDueTask, 'nickname' | 'species_id'>> = [];
      for (let i = 0; i < members.length; i += chunk) {
        const parts = members
          .slice(i, i + chunk)
          .flatMap((m, n) => newlyDueFirstOf(m, now, limit, n));
        const rows = await rowsOfRaw(
          sql<Omit<NewlyDueTask, 'task' | 'nickname' | 'species_id'>>`${sql.join(
            parts,
            sql` union all `,
          )}`,
        );
        // The task is the rule's (`rule` is its place in CARE_SCHEDULE): the index alone
        // answers, no table row per task.
        for (const row of rows) {
          const rule = Number(row.rule);
          const task = CARE_SCHEDULE[rule]?.task;
          if (task) found.push({ ...row, rule, task });
        }
      }
      const byOwner = new Map<string, typeof found>();
      for (const t of found) byOwner.set(t.owner_id, [...(byOwner.get(t.owner_id) ?? []), t]);
      const first = [...byOwner.values()].flatMap((tasks) =>
        tasks
          .sort(
            (a, b) => byText(a.due_at, b.due_at) || byText(a.tree_id, b.tree_id) || a.rule - b.rule,
          )
          .slice(0, limit),
      );
      // The names of the trees named (a tree's tasks often come together: fewer rows to read).
      const ids = [...new Set(first.map((t) => t.tree_id))];
      const names = new Map<string, { nickname: string | null; species_id: number }>();
      const idChunk = postgres ? 500 : 1;
      for (let i = 0; i < ids.length; i += idChunk) {
        const some = ids.slice(i, i + idChunk);
        const query = db.selectFrom('trees').select(['id', 'nickname', 'species_id']);
        for (const t of await (
          some.length === 1 ? query.where('id', '=', some[0]!) : query.where('id', 'in', some)
        ).execute())
          names.set(t.id, t);
      }
      return first.flatMap((t) => {
        const name = names.get(t.tree_id);
        return name ? [{ ...t, nickname: name.nickname, species_id: name.species_id }] : [];
      });
    },

    /** The member's tasks showing at `now` (the weekly digest's count). */
    async careDueCount(ownerId: string, now: string): Promise<number> {
      const row = await visible(ownerId, now, null, undefined)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
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
