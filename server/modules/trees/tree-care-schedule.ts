import {
  ACTION_FOR_TASK,
  CARE_SCHEDULE,
  type CareAction,
  type CareRule,
  type CareTask,
} from '../../../contract/tree-care';
import { addCalendarMonths } from '../../../contract/four-numbers';

const DAY_MS = 86_400_000;

/** What the schedule needs to know about one living tree. */
export interface CareSubject {
  plantedAt: string;
  /** When the tree was registered: a tree recorded late owes nothing from before that day. */
  registeredAt: string;
  /** The latest measurement date (it clears "measure"). */
  lastMeasuredAt: string | null;
  /** The tree's last check (`trees.last_checked_at`, issue 21 §3): it clears "checkup". */
  lastCheckedAt?: string | null;
  /** The latest date each action was logged. */
  lastDone: Partial<Record<CareAction, string>>;
}

export interface DueTask {
  task: CareTask;
  dueAt: string;
  lastDoneAt: string | null;
  overdueDays: number;
}

const after = (from: Date, every: CareRule['every']) =>
  'days' in every
    ? new Date(from.getTime() + every.days * DAY_MS)
    : addCalendarMonths(from, every.months);

/**
 * One rule's next due date for a tree, which does not depend on the clock: the task shows from
 * `dueAt` until the rule's window closes (`closesAt`, null for the tree's whole life). `rule` is
 * the rule's place in CARE_SCHEDULE, the order tasks of one tree and day are listed in.
 */
export interface RuleDue {
  rule: number;
  task: CareTask;
  dueAt: string;
  closesAt: string | null;
  lastDoneAt: string | null;
}

/** The later of the planting date and the (UTC) day of registration: where the schedule starts. */
export function careStart(plantedAt: string, registeredAt: string): Date {
  const planted = Date.parse(plantedAt);
  const registered = Date.parse(`${registeredAt.slice(0, 10)}T00:00:00.000Z`);
  return new Date(Number.isNaN(registered) ? planted : Math.max(planted, registered));
}

/**
 * Each rule's next due date for one living tree, from its planting date, its registration and
 * its care log: the task falls due one interval after it was last done (or after the later of
 * planting and the day it was registered), never before the rule's window (by age since
 * planting) opens. Rules that fall due only after their window closed are left out (they never
 * show). What `dueTasks` shows at any moment, and what `tree_care_due` stores.
 */
export function ruleDues(tree: CareSubject): RuleDue[] {
  const planted = new Date(tree.plantedAt);
  if (Number.isNaN(planted.getTime())) return [];
  const start = careStart(tree.plantedAt, tree.registeredAt);
  const dues: RuleDue[] = [];
  CARE_SCHEDULE.forEach((rule, index) => {
    const opens = addCalendarMonths(planted, rule.fromYears * 12);
    const closes = rule.toYears === null ? null : addCalendarMonths(planted, rule.toYears * 12);
    const last =
      rule.task === 'measure'
        ? tree.lastMeasuredAt
        : rule.task === 'checkup'
          ? (tree.lastCheckedAt ?? null)
          : (tree.lastDone[ACTION_FOR_TASK[rule.task]] ?? null);
    const base = last && Date.parse(last) > start.getTime() ? new Date(last) : start;
    const dueAt = new Date(Math.max(after(base, rule.every).getTime(), opens.getTime()));
    if (closes && dueAt >= closes) return;
    dues.push({
      rule: index,
      task: rule.task,
      dueAt: dueAt.toISOString(),
      closesAt: closes ? closes.toISOString() : null,
      lastDoneAt: last,
    });
  });
  return dues;
}

/** Whether a rule's task shows at `now`: fallen due and its window still open. */
export const showsAt = (due: Pick<RuleDue, 'dueAt' | 'closesAt'>, now: Date) =>
  Date.parse(due.dueAt) <= now.getTime() &&
  (due.closesAt === null || now.getTime() < Date.parse(due.closesAt));

export const overdueDaysAt = (dueAt: string, now: Date) =>
  Math.floor((now.getTime() - Date.parse(dueAt)) / DAY_MS);

/**
 * The tasks due at `now` for one living tree: each rule whose next due date has come while its
 * age window is open (a window opens before the task can fall due). A logged action clears it
 * until it is due again.
 */
export function dueTasks(tree: CareSubject, now: Date): DueTask[] {
  return ruleDues(tree)
    .filter((due) => showsAt(due, now))
    .map((due) => ({
      task: due.task,
      dueAt: due.dueAt,
      lastDoneAt: due.lastDoneAt,
      overdueDays: overdueDaysAt(due.dueAt, now),
    }));
}

/** One task of one tree, for "told once per task": the same due date is the same task. */
export const taskKey = (treeId: string, task: Pick<DueTask, 'task' | 'dueAt'>) =>
  `care:${treeId}:${task.task}:${task.dueAt.slice(0, 10)}`;

/** Weeks since 1970 starting on Mondays: one digest per member per week. */
export const weekKey = (now: Date) => Math.floor((Math.floor(now.getTime() / DAY_MS) + 3) / 7);

export const dayKey = (now: Date) => now.toISOString().slice(0, 10);
