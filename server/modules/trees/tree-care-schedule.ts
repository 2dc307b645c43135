import {
  ACTION_FOR_TASK,
  CARE_SCHEDULE,
  type CareAction,
  type CareRule,
  type CareTask,
} from '../../../contract/tree-care';

const DAY_MS = 86_400_000;

/** What the schedule needs to know about one living tree. */
export interface CareSubject {
  plantedAt: string;
  /** The latest measurement date (it clears "measure"). */
  lastMeasuredAt: string | null;
  /** The latest date each action was logged. */
  lastDone: Partial<Record<CareAction, string>>;
}

export interface DueTask {
  task: CareTask;
  dueAt: string;
  lastDoneAt: string | null;
  overdueDays: number;
}

function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  // 31 January + 1 month is the last day of February, not 3 March.
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

const after = (from: Date, every: CareRule['every']) =>
  'days' in every ? new Date(from.getTime() + every.days * DAY_MS) : addMonths(from, every.months);

/**
 * The tasks due at `now` for one living tree, from its planting date and its care log: for each
 * rule whose age window contains now, the task falls due one interval after it was last done (or
 * after planting), never before the window opens. A logged action clears it until it is due again.
 */
export function dueTasks(tree: CareSubject, now: Date): DueTask[] {
  const planted = new Date(tree.plantedAt);
  if (Number.isNaN(planted.getTime())) return [];
  const due: DueTask[] = [];
  for (const rule of CARE_SCHEDULE) {
    const opens = addMonths(planted, rule.fromYears * 12);
    const closes = rule.toYears === null ? null : addMonths(planted, rule.toYears * 12);
    if (now < opens || (closes && now >= closes)) continue;
    const last =
      rule.task === 'measure'
        ? tree.lastMeasuredAt
        : (tree.lastDone[ACTION_FOR_TASK[rule.task]] ?? null);
    const base = last && Date.parse(last) > planted.getTime() ? new Date(last) : planted;
    const dueAt = new Date(Math.max(after(base, rule.every).getTime(), opens.getTime()));
    if (dueAt > now) continue;
    due.push({
      task: rule.task,
      dueAt: dueAt.toISOString(),
      lastDoneAt: last,
      overdueDays: Math.floor((now.getTime() - dueAt.getTime()) / DAY_MS),
    });
  }
  return due;
}

/** One task of one tree, for "told once per task": the same due date is the same task. */
export const taskKey = (treeId: string, task: Pick<DueTask, 'task' | 'dueAt'>) =>
  `care:${treeId}:${task.task}:${task.dueAt.slice(0, 10)}`;

/** Weeks since 1970 starting on Mondays: one digest per member per week. */
export const weekKey = (now: Date) => Math.floor((Math.floor(now.getTime() / DAY_MS) + 3) / 7);

export const dayKey = (now: Date) => now.toISOString().slice(0, 10);
