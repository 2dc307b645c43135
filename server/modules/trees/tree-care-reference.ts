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

const RULE_ORDER = ['water', 'weed', 'mulch', 'measure'];

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
      lastMeasuredAt: tree.last_measured_at,
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
    .flatMap(({ tree, subject }) =>
      dueTasks(subject, now).map((task) => ({
        treeId: tree.id,
        treeName: treeTitle(tree),
        task: task.task,
        dueAt: task.dueAt,
        overdueDays: task.overdueDays,
        lastDoneAt: task.lastDoneAt,
      })),
    )
    .sort(
      (a, b) =>
        a.dueAt.localeCompare(b.dueAt) ||
        (a.treeId < b.treeId ? -1 : a.treeId > b.treeId ? 1 : 0) ||
        RULE_ORDER.indexOf(a.task) - RULE_ORDER.indexOf(b.task),
    );
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
