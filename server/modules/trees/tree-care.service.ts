import {
  CARE_LOG_MAX,
  CARE_MESSAGES,
  encodeCareCursor,
  encodeReplantingCursor,
  type CareEntry,
  type CareSettings,
  type CareForm,
  type CareTaskDue,
  type HealthForm,
  type MeasurementForm,
  type ReplantingTask,
} from '../../../contract/tree-care';
import { isInFuture, TREE_MESSAGES, type Measurement, type Tree } from '../../../contract/trees';
import { laterCheck } from '../../../contract/four-numbers';
import type { TreeRow } from '../../db/tables';
import type { Executor, Tx, UnitOfWork } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { conflict, fieldError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { readCache } from '../../lib/cache';
import { stopIfAborted, yieldToEventLoop } from '../../lib/yield';
import type { SessionUser } from '../auth/auth.service';
import type { FilesService, PreparedImage } from '../files/files.service';
import type { PhotoPlace } from './tree-photo-gps';
import type { CareSubjectRow } from './tree-care.repository';
import type { ReplantingKey } from './trees.repository';
import type { CareDuePosition, CareDueRow } from './tree-care-due.repository';
import { dueTasks, overdueDaysAt } from './tree-care-schedule';
import { rowStatus, speciesRef, toMeasurement, treeTitle } from './tree-mapper';
import type { TreesStore } from './trees-people';
import { PRUNE_BATCH } from './tree-notices';

export interface MeasurementInput {
  form: MeasurementForm;
  photo: Buffer | null;
}

/** A health report, with the photo of what is wrong when it needs care (multipart). */
export interface HealthInput {
  form: HealthForm;
  photo: Buffer | null;
}

export interface TreeCareDeps {
  uow: UnitOfWork;
  repo: (db: Executor) => TreesStore;
  clock: Clock;
  files: FilesService;
  /** The tree if the caller owns it: 404 when unknown, 403 for anyone else. */
  requireOwn(user: SessionUser, id: string): Promise<TreeRow>;
  present(id: string, callerId: string): Promise<Tree>;
  prepareImage(
    image: Buffer,
    field: string,
  ): Promise<PreparedImage & { place?: PhotoPlace | null }>;
  /** In the death's transaction: the job telling the owner, the drive's organiser and donors (tree-notices.ts). */
  onDeath(tree: TreeRow, tx: Tx): Promise<void>;
  /** In the measurement's transaction, when it carries a photo: the tree's donors hear of it. */
  onMeasuredWithPhoto?(
    treeId: string,
    tx: Tx,
    photo?: { place?: PhotoPlace | null },
  ): Promise<void>;
  /** In the report's transaction, when a living tree comes to need care: its organiser and donors hear. */
  onNeedsCare?(tree: TreeRow, tx: Tx): Promise<void>;
}

const day = (iso: string) => iso.slice(0, 10);
const DAY_MS = 86_400_000;
/** How long a member's care totals are kept unless a write makes them stale (issue 20). */
export const CARE_TOTALS_TTL_MS = 10_000;
const CARE_TOTALS_CACHE_MAX = 2_000;

/** Measurements, the care log, health reports and what is due: the nurturing half of the module. */
export function treeCareService(deps: TreeCareDeps) {
  const { uow, clock, files } = deps;
  const repo = deps.repo(uow.db);
  const nowIso = () => clock.now().toISOString();

  function assertAlive(tree: TreeRow) {
    if (tree.status === 'dead') throw conflict(CARE_MESSAGES.deadTree);
  }

  /** A date a member says something happened: not in the future, not before planting. */
  function checkDate(tree: TreeRow, iso: string, field: string, future: string, early: string) {
    if (isInFuture(iso, clock.now())) throw fieldError(field, future);
    if (day(iso) < day(tree.planted_at)) throw fieldError(field, early);
  }

  /** Living trees' due tasks, from their planting dates and the care log, at `now`. */
  async function tasksFor(trees: CareSubjectRow[], now: Date) {
    const last = await repo.lastCare(trees.map((t) => t.id));
    const lastByTree = new Map<string, Record<string, string>>();
    for (const row of last) {
      const entry = lastByTree.get(row.tree_id) ?? {};
      entry[row.action] = row.last;
      lastByTree.set(row.tree_id, entry);
    }
    return trees.flatMap((tree) =>
      dueTasks(
        {
          plantedAt: tree.planted_at,
          registeredAt: tree.created_at,
          lastMeasuredAt: tree.last_measured_at,
          lastCheckedAt: tree.last_checked_at,
          lastDone: lastByTree.get(tree.id) ?? {},
        },
        now,
      ).map((task) => ({ tree, task })),
    );
  }

  const taskOf = (row: CareDueRow, now: Date): CareTaskDue => ({
    treeId: row.tree_id,
    treeName: treeTitle(row),
    task: row.task,
    dueAt: row.due_at,
    overdueDays: overdueDaysAt(row.due_at, now),
    lastDoneAt: row.last_done_at,
  });

  /**
   * The member's tasks due at `now` after `after` (from the first when null), at most `limit`,
   * by due date, tree and the schedule's order, read from `tree_care_due` (with `treeId`, only
   * that tree's); `nextCursor` asks for the rest (null when there is none).
   */
  async function careDuePage(
    userId: string,
    after: CareDuePosition | null,
    limit: number,
    now = clock.now(),
    treeId?: string,
  ): Promise<{ tasks: CareTaskDue[]; nextCursor: string | null }> {
    const rows = await repo.careDuePage(userId, now.toISOString(), after, limit + 1, treeId);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      tasks: page.map((row) => taskOf(row, now)),
      nextCursor:
        rows.length > limit && last
          ? encodeCareCursor({ dueAt: last.due_at, treeId: last.tree_id, rule: Number(last.rule) })
          : null,
    };
  }

  /** Every task due at `now`, most overdue first (the weekly digest). */
  async function careDue(userId: string, now = clock.now()): Promise<CareTaskDue[]> {
    const rows = await repo.careDuePage(userId, now.toISOString(), null, null);
    return rows.map((row) => taskOf(row, now));
  }

  /**
   * A member's totals are a count over their rows of `tree_care_due` (14,000 for the busiest
   * member at a million trees, 2–6 ms): counted once per CARE_TOTALS_TTL_MS per member, and
   * again at once after any write to the table by this process (a task done, a tree changed).
   */
  const totalsCache = readCache<{ due: number; overdue: number; soon: number }>({
    max: CARE_TOTALS_CACHE_MAX,
    ttlMs: CARE_TOTALS_TTL_MS,
    clock,
    tables: ['tree_care_due'],
  });

  /**
   * Counts of the member's care at `now` (of one tree with `treeId`): due, overdue (a day or
   * more), falling due in `soonDays`. At the clock's moment they may be up to CARE_TOTALS_TTL_MS
   * old (tasks that fell due since, and other servers' writes, show after that).
   */
  function careTotals(userId: string, soonDays: number, now?: Date, treeId?: string) {
    const count = (at: Date) =>
      repo.careDueTotals(
        userId,
        at.toISOString(),
        new Date(at.getTime() - DAY_MS).toISOString(),
        new Date(at.getTime() + soonDays * DAY_MS).toISOString(),
        treeId,
      );
    // A moment of the caller's own (a test, a job) is counted as asked.
    if (now) return count(now);
    return totalsCache.get(JSON.stringify([userId, treeId ?? null, soonDays]), () =>
      count(clock.now()),
    );
  }

  /**
   * A page of the care list (My trees, the tree page, the dashboard) at one moment: the tasks
   * after `after` (the first `limit` when null) with the totals of the whole list (of one tree
   * with `treeId`), and the cursor for the rest.
   */
  async function careList(
    userId: string,
    options: {
      limit: number;
      soonDays: number;
      after?: CareDuePosition | undefined;
      treeId?: string | undefined;
    },
    at?: Date,
  ) {
    const now = at ?? clock.now();
    const [page, totals] = await Promise.all([
      careDuePage(userId, options.after ?? null, options.limit, now, options.treeId),
      careTotals(userId, options.soonDays, at, options.treeId),
    ]);
    return {
      tasks: page.tasks,
      total: totals.due,
      overdue: totals.overdue,
      dueThisWeek: totals.soon,
      nextCursor: page.nextCursor,
    };
  }

  /** Dead trees of the caller that no new registration replaced yet (the latest `limit`). */
  async function replanting(
    userId: string,
    limit: number,
    after?: ReplantingKey,
  ): Promise<ReplantingTask[]> {
    const rows = await repo.deadUnreplacedTasks(userId, limit, after);
    return rows.map((row) => ({
      tree: {
        id: row.id,
        name: row.nickname,
        species: speciesRef(row.species_id),
        count: row.tree_count,
      },
      cause: row.cause,
      diedAt: row.status_changed_at,
    }));
  }

  return {
    tasksFor,
    careDue,
    careDuePage,
    careTotals,
    careList,

    /**
     * The daily prune: care rules whose age window closed (they never show again), a batch per
     * statement with the event loop free between them.
     */
    async pruneClosedCare(now: Date, signal?: AbortSignal): Promise<number> {
      const before = now.toISOString();
      let removed = 0;
      for (;;) {
        stopIfAborted(signal);
        const n = await repo.pruneClosedCareDue(before, PRUNE_BATCH);
        removed += n;
        if (n < PRUNE_BATCH) return removed;
        await yieldToEventLoop();
      }
    },

    async addMeasurement(
      user: SessionUser,
      treeId: string,
      input: MeasurementInput,
    ): Promise<{ tree: Tree; measurement: Measurement }> {
      const tree = await deps.requireOwn(user, treeId);
      assertAlive(tree);
      const { form } = input;
      checkDate(
        tree,
        form.measuredAt,
        'measuredAt',
        CARE_MESSAGES.measuredInFuture,
        CARE_MESSAGES.measuredBeforePlanting,
      );
      if (form.aliveCount !== undefined && form.aliveCount > tree.tree_count)
        throw fieldError('aliveCount', CARE_MESSAGES.aliveTooMany);
      const photo = input.photo ? await deps.prepareImage(input.photo, 'photo') : null;
      const id = newId();
      let photoId: string | null = null;
      await uow.withTransaction(async (tx) => {
        const trees = deps.repo(tx.db);
        const current = (await trees.findById(treeId)) ?? tree;
        photoId = photo ? (await files.saveImage(tx, user.id, photo)).id : null;
        await trees.insertMeasurement({
          id,
          tree_id: treeId,
          measured_at: form.measuredAt,
          height_cm: form.heightCm,
          diameter_cm: form.diameterCm,
          alive_count: form.aliveCount ?? null,
          photo_file_id: photoId,
          created_at: nowIso(),
        });
        // A measurement is a check (issue 21 §3): the tree's last check is the later of the two.
        const checked = { last_checked_at: laterCheck(current.last_checked_at, form.measuredAt) };
        // The tree keeps its latest measurement; an older one typed in later only joins the history.
        if (!current.last_measured_at || form.measuredAt >= current.last_measured_at)
          await trees.update(treeId, {
            last_measured_at: form.measuredAt,
            last_height_cm: form.heightCm,
            last_diameter_cm: form.diameterCm,
            ...(form.aliveCount !== undefined ? { alive_count: form.aliveCount } : {}),
            ...checked,
          });
        else if (checked.last_checked_at !== current.last_checked_at)
          await trees.update(treeId, checked);
        if (photoId && photo) await deps.onMeasuredWithPhoto?.(treeId, tx, photo);
      });
      const measurement = toMeasurement({
        id,
        measured_at: form.measuredAt,
        height_cm: form.heightCm,
        diameter_cm: form.diameterCm,
        alive_count: form.aliveCount ?? null,
        photo_file_id: photoId,
      });
      return { tree: await deps.present(treeId, user.id), measurement };
    },

    async logCare(user: SessionUser, treeId: string, input: CareForm): Promise<CareEntry> {
      const tree = await deps.requireOwn(user, treeId);
      assertAlive(tree);
      const at = input.at ?? nowIso();
      checkDate(tree, at, 'at', CARE_MESSAGES.careInFuture, CARE_MESSAGES.careBeforePlanting);
      const entry = { id: newId(), action: input.action, note: input.note, at };
      await uow.withTransaction(async (tx) => {
        const trees = deps.repo(tx.db);
        await trees.insertCare({
          id: entry.id,
          tree_id: treeId,
          action: entry.action,
          note: entry.note,
          done_at: at,
          created_at: nowIso(),
        });
        // A care entry is a check (issue 21 §3).
        const current = (await trees.findById(treeId)) ?? tree;
        const checked = laterCheck(current.last_checked_at, at);
        if (checked !== current.last_checked_at)
          await trees.update(treeId, { last_checked_at: checked });
      });
      return entry;
    },

    /** A tree's care log, newest first; any member may read it, like the tree itself. */
    async careLog(treeId: string): Promise<CareEntry[]> {
      if (!(await repo.findById(treeId))) throw notFound(TREE_MESSAGES.notFound);
      const rows = await repo.careLog(treeId, CARE_LOG_MAX);
      return rows.map((r) => ({ id: r.id, action: r.action, note: r.note, at: r.done_at }));
    },

    /**
     * Healthy, needs care or dead; a death opens a replanting task and tells who cares. Needing
     * care keeps what is wrong (the note and a photo) until the tree is reported healthy again,
     * and tells the drive's organiser and the tree's donors when it starts.
     */
    async reportHealth(user: SessionUser, treeId: string, input: HealthInput): Promise<Tree> {
      const { form } = input;
      const tree = await deps.requireOwn(user, treeId);
      if (form.aliveCount !== undefined && form.aliveCount > tree.tree_count)
        throw fieldError('aliveCount', CARE_MESSAGES.aliveTooMany);
      const status = rowStatus(form.status);
      const dead = status === 'dead';
      const sick = status === 'needs_care';
      const aliveCount = dead
        ? 0
        : (form.aliveCount ?? (tree.status === 'dead' ? tree.tree_count : tree.alive_count));
      const photo = sick && input.photo ? await deps.prepareImage(input.photo, 'photo') : null;
      await uow.withTransaction(async (tx) => {
        const trees = deps.repo(tx.db);
        const current = (await trees.findById(treeId)) ?? tree;
        const stored = photo ? await files.saveImage(tx, user.id, photo) : null;
        // A new report of the same trouble keeps its photo unless it brings another.
        const photoId = sick
          ? (stored?.id ?? (current.status === 'needs_care' ? current.health_photo_file_id : null))
          : null;
        if (current.health_photo_file_id && current.health_photo_file_id !== photoId) {
          const old = current.health_photo_file_id;
          tx.afterCommit(() => files.discardIfUnused(old));
        }
        await trees.update(treeId, {
          status,
          alive_count: aliveCount,
          cause: status === 'alive' ? null : (form.cause ?? null),
          health_note: sick ? (form.note ?? null) : null,
          health_photo_file_id: photoId,
          status_changed_at: status !== current.status ? nowIso() : current.status_changed_at,
          // A health report is a check (issue 21 §3).
          last_checked_at: laterCheck(current.last_checked_at, nowIso()),
        });
        if (dead && current.status !== 'dead')
          await deps.onDeath({ ...current, status, cause: form.cause ?? null }, tx);
        if (sick && current.status !== 'needs_care')
          await deps.onNeedsCare?.({ ...current, status, cause: form.cause ?? null }, tx);
      });
      return deps.present(treeId, user.id);
    },

    replanting,

    /** How many replanting tasks the caller has open. */
    replantingCount: (userId: string) => repo.countDeadUnreplaced(userId),

    /**
     * A page of the caller's replanting tasks (latest death first) after `after`, with how many
     * are open and the cursor for the rest (GET /api/trees/replanting).
     */
    async replantingPage(userId: string, after: ReplantingKey | undefined, limit: number) {
      const [tasks, total] = await Promise.all([
        replanting(userId, limit + 1, after),
        repo.countDeadUnreplaced(userId),
      ]);
      const page = tasks.slice(0, limit);
      const last = page.at(-1);
      return {
        data: page,
        total,
        nextCursor:
          tasks.length > limit && last
            ? encodeReplantingCursor({ diedAt: last.diedAt, id: last.tree.id })
            : null,
      };
    },

    async settings(userId: string): Promise<CareSettings> {
      return { weeklyDigest: await repo.digestOptIn(userId) };
    },

    async saveSettings(userId: string, settings: CareSettings): Promise<CareSettings> {
      await repo.setDigestOptIn(userId, settings.weeklyDigest, nowIso());
      return settings;
    },
  };
}
export type TreeCareService = ReturnType<typeof treeCareService>;
