/**
 * Test support (imported only by *.test.ts files): a member's due care computed the way it was
 * before `tree_care_due`, from every living tree and its care log, as the reference the stored
 * rows must always agree with.
 */
import type { Kysely } from 'kysely';
import { ACTION_FOR_TASK, type CareTaskDue } from '../../../contract/tree-care';
import type { Database } from '../../db/tables';
import { careQueries } from './tree-care.repository';
import { dueTasks, ruleDues, type CareSubject } from './tree-care-schedule';
import { treeTitle } from './tree-mapper';

const RULE_ORDER = ['water', 'weed', 'mulch', 'measure', 'checkup'];

type DueTask = ReturnType<typeof dueTasks>[number];

/** A due task as the care list shows it. */
const listed = (tree: { id: string } & Parameters<typeof treeTitle>[0], task: DueTask) => ({
  treeId: tree.id,
  treeName: treeTitle(tree),
  task: task.task,
  dueAt: task.dueAt,
  overdueDays: task.overdueDays,
  lastDoneAt: task.lastDoneAt,
});

/** The care list's order: due date, tree, rule. */
const byDueTreeRule = (a: CareTaskDue, b: CareTaskDue) =>
  a.dueAt.localeCompare(b.dueAt) ||
  (a.treeId < b.treeId ? -1 : a.treeId > b.treeId ? 1 : 0) ||
  RULE_ORDER.indexOf(a.task) - RULE_ORDER.indexOf(b.task);

/** The member's living trees with what the schedule needs of each. */
async function subjects(db: Kysely<Database>, ownerId: string) {
  const repo = careQueries(db);
  const trees = await repo.livingTreesOf(ownerId);
  const last = new Map<string, Record<string, string>>();
  const ids = trees.map((t) => t.id);
  for (let i = 0; i < ids.length; i += 500)
    for (const row of await repo.lastCare(ids.slice(i, i + 500))) {
      const entry = last.get(row.tree_id) ?? {};
      entry[row.action] = row.last;
      last.set(row.tree_id, entry);
    }
  const cares = new Set<string>(Object.values(ACTION_FOR_TASK));
  return trees.map((tree) => ({
    tree,
    subject: {
      plantedAt: tree.planted_at,
      registeredAt: tree.created_at,
      lastMeasuredAt: tree.last_measured_at,
      lastCheckedAt: tree.last_checked_at,
      lastDone: Object.fromEntries(
        Object.entries(last.get(tree.id) ?? {}).filter(([action]) => cares.has(action)),
      ),
    } satisfies CareSubject,
  }));
}

export async function referenceCareDue(
  db: Kysely<Database>,
  ownerId: string,
  now: Date,
): Promise<CareTaskDue[]> {
  return (await subjects(db, ownerId))
    .flatMap(({ tree, subject }) => dueTasks(subject, now).map((task) => listed(tree, task)))
    .sort(byDueTreeRule);
}

/** Tasks not due at `now` that fall due by `until` (each shows once it falls due). */
export async function referenceFallingDue(
  db: Kysely<Database>,
  ownerId: string,
  now: Date,
  until: Date,
): Promise<number> {
  return (await subjects(db, ownerId))
    .flatMap(({ subject }) => ruleDues(subject))
    .filter((d) => Date.parse(d.dueAt) > now.getTime() && Date.parse(d.dueAt) <= until.getTime())
    .length;
}

/** One member's care notice as the daily pass computed it before `tree_care_due` was read. */
export interface ReferenceNotice {
  /** Newly due tasks counted. */
  count: number;
  /** Every newly due task, in care-list order (due date, tree id, rule). */
  tasks: CareTaskDue[];
}

/**
 * The members the daily pass tells at `now` and what, computed as the pass did before issue 20
 * moved it into SQL (its `tally`): every living tree of every member with a live account (not in
 * `deleted`) not yet told that UTC day, the schedule run on the tree and its care log, and a task
 * counted when it fell due after the member's latest notice or its tree was registered since.
 */
export async function referenceCareNotices(
  db: Kysely<Database>,
  now: Date,
  deleted: ReadonlySet<string>,
): Promise<Map<string, ReferenceNotice>> {
  const day = now.toISOString().slice(0, 10);
  const [owners, days, created] = await Promise.all([
    db.selectFrom('trees').select('owner_id').distinct().where('status', '!=', 'dead').execute(),
    db.selectFrom('tree_care_days').select(['owner_id', 'day', 'told_at']).execute(),
    db.selectFrom('trees').select(['id', 'created_at']).execute(),
  ]);
  const registered = new Map(created.map((t) => [t.id, t.created_at]));
  const result = new Map<string, ReferenceNotice>();
  for (const { owner_id: ownerId } of owners) {
    if (deleted.has(ownerId)) continue;
    const mine = days.filter((d) => d.owner_id === ownerId);
    if (mine.some((d) => d.day === day)) continue;
    const since = mine.reduce((latest, d) => (d.told_at > latest ? d.told_at : latest), '');
    const tasks = (await subjects(db, ownerId))
      .flatMap(({ tree, subject }) => {
        const fresh = registered.get(tree.id)! > since;
        return dueTasks(subject, now)
          .filter((task) => fresh || task.dueAt > since)
          .map((task) => listed(tree, task));
      })
      .sort(byDueTreeRule);
    if (tasks.length > 0) result.set(ownerId, { count: tasks.length, tasks });
  }
  return result;
}
