import { CARE_SCHEDULE, type CareTask } from '../../../contract/tree-care';
import { TREE_PATHS } from '../../../contract/trees';
import type { TreeRow } from '../../db/tables';
import type { Executor, Tx, UnitOfWork } from '../../db/unit-of-work';
import type { JobsPort, MailQueue } from '../../jobs/jobs-port';
import type { Clock } from '../../lib/clock';
import type { Log } from '../../lib/log';
import { composeMail } from '../../lib/mailer';
import { stopIfAborted, yieldToEventLoop } from '../../lib/yield';
import type { DrivesService } from '../drives/drives.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { GiftTreeNews } from './gift-tree-news';
import type { CareCursor, CareSubjectWithCare } from './tree-care.repository';
import type { TreeCareService } from './tree-care.service';
import { dayKey, dueTasks, weekKey, type DueTask } from './tree-care-schedule';
import { speciesRef, treeTitle } from './tree-mapper';
import type { TreesStore } from './trees-people';

const DAY_MS = 86_400_000;
/**
 * Trees read per batch of the daily pass (one query with the care log's latest dates); each batch
 * is a few milliseconds of work and then the event loop runs (issue 20: no stall over 50 ms).
 */
export const CARE_BATCH = 250;
/** The record of care notices is kept this long (a task is never due that long without a newer date). */
const TOLD_KEPT_DAYS = 400;
/** Rows removed per statement of the daily prune. */
const PRUNE_BATCH = 1000;
/** At most this many tasks are named in one notice; the digest lists up to 20. */
const LISTED = 5;
const DIGEST_LISTED = 20;
/** Digest subscribers read per step. */
const DIGEST_BATCH = 200;
/** Month-based intervals are compared in SQL with this much slack; the schedule decides exactly. */
const SLACK_MS = 4 * DAY_MS;

const TASK_WORDS: Record<CareTask, string> = {
  water: 'Water',
  weed: 'Weed around',
  mulch: 'Mulch',
  measure: 'Measure',
};

type CareItem = { tree: CareSubjectWithCare; task: DueTask };

const describe = (named: CareItem[], total: number) => {
  const words = named
    .slice(0, LISTED)
    .map((i) => `${TASK_WORDS[i.task.task]} ${treeTitle(i.tree)}`);
  const more = total - words.length;
  return `${words.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`;
};

const monthsBefore = (now: Date, months: number) => {
  const d = new Date(now.getTime());
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
};

/**
 * The SQL pre-filter of the daily pass (a superset; `dueTasks` decides): a tree can have a task
 * due at `now` only while a non-measuring rule's window is open, or when its last measurement (or
 * planting) is at least one measuring interval old.
 */
function careFilter(now: Date) {
  const others = CARE_SCHEDULE.filter((r) => r.task !== 'measure');
  const young = others.some((r) => r.toYears === null)
    ? ''
    : new Date(
        monthsBefore(now, Math.max(...others.map((r) => r.toYears ?? 0)) * 12).getTime() - SLACK_MS,
      ).toISOString();
  const measure = CARE_SCHEDULE.find((r) => r.task === 'measure');
  const every = measure?.every;
  const measuredBefore = !every
    ? ''
    : new Date(
        ('days' in every
          ? now.getTime() - every.days * DAY_MS
          : monthsBefore(now, every.months).getTime()) + SLACK_MS,
      ).toISOString();
  return { youngAfter: young, measuredBefore };
}

/** The schedule's view of a row of the pass. */
const dueOf = (row: CareSubjectWithCare, now: Date) =>
  dueTasks(
    {
      plantedAt: row.planted_at,
      lastMeasuredAt: row.last_measured_at,
      lastDone: {
        ...(row.last_watered ? { watered: row.last_watered } : {}),
        ...(row.last_weeded ? { weeded: row.last_weeded } : {}),
        ...(row.last_mulched ? { mulched: row.last_mulched } : {}),
      },
    },
    now,
  );

/** One member's newly due tasks as the pass meets them: the first few named, and a count. */
interface MemberTasks {
  ownerId: string;
  named: CareItem[];
  count: number;
}

/** The job telling one member about their newly due care tasks (enqueued by the daily schedule). */
export const CARE_NOTICE_JOB = 'tree care notice';
/** The job telling who cares about a tree's death (enqueued in the transaction reporting it). */
export const DEATH_NOTICE_JOB = 'tree death notice';

export interface TreeNoticesDeps {
  uow: UnitOfWork;
  repo: (db: Executor) => TreesStore;
  clock: Clock;
  notifications: NotificationsService;
  /** Mail queued in the writing transaction (the weekly digest). */
  mail: MailQueue;
  jobs: JobsPort;
  log: Log;
  appUrl: string;
  care: Pick<TreeCareService, 'tasksFor' | 'careDue'>;
  /** The drive's organiser, through the drives service. */
  drives: Pick<DrivesService, 'detail'>;
  /** The donors whose gifts the tree holds hear of its death (gift-tree-news.ts). */
  news?: Pick<GiftTreeNews, 'onGiftTreeEvent'>;
}

const stringField = (payload: unknown, field: string): string | null => {
  const value = (payload as Record<string, unknown> | null)?.[field];
  return typeof value === 'string' ? value : null;
};

/**
 * What the module tells people: the daily care pass (at most one notice per member and UTC day,
 * naming the first few newly due tasks and counting the rest), the weekly digest for members who
 * opted in (a mail keyed by member and week, so once a week), and a death to the owner and the
 * drive's organiser (once a day per drive). A task is newly due when it fell due after the
 * member's latest care notice (`tree_care_days`), or its tree was registered since. The pass
 * walks living trees by (owner, registration, id) in SQL batches, writes each batch's notices and
 * day records in one transaction with multi-row inserts, lets the event loop run between batches
 * and stops between batches when its signal aborts (a member told today is skipped by the next
 * run, so a stopped pass is resumed by running it again).
 */
export function treeNotices(deps: TreeNoticesDeps) {
  const { uow, clock, notifications } = deps;
  const repo = deps.repo(uow.db);

  /**
   * Walks living trees after `from` in batches: `visit` sees each batch (after the previous one
   * was handled and the event loop ran); stops at the end, at `onlyOwner`'s last tree, or on abort.
   */
  async function walk(
    now: Date,
    options: { day: string | null; onlyOwner?: string; from?: CareCursor; signal?: AbortSignal },
    visit: (rows: CareSubjectWithCare[], last: boolean) => Promise<void>,
  ): Promise<void> {
    const filter = {
      ...careFilter(now),
      day: options.day,
      ...(options.onlyOwner ? { onlyOwner: options.onlyOwner } : {}),
    };
    let cursor: CareCursor = options.from ?? {
      ownerId: options.onlyOwner ?? '',
      createdAt: '',
      id: '',
    };
    for (;;) {
      stopIfAborted(options.signal);
      const rows = await repo.careSubjectsAfter(cursor, CARE_BATCH, filter);
      const last = rows.length < CARE_BATCH;
      await visit(rows, last);
      if (last) return;
      const end = rows.at(-1)!;
      cursor = { ownerId: end.owner_id, createdAt: end.created_at, id: end.id };
      await yieldToEventLoop();
    }
  }

  /**
   * Adds a batch's newly due tasks to the members' tallies (members without an account or whose
   * tasks all fell due before their latest notice add nothing).
   */
  async function tally(rows: CareSubjectWithCare[], now: Date, into: Map<string, MemberTasks>) {
    const owners = [...new Set(rows.map((r) => r.owner_id))];
    const [live, told] = await Promise.all([repo.liveOwners(owners), repo.lastToldAt(owners)]);
    for (const row of rows) {
      if (!live.has(row.owner_id)) continue;
      const since = told.get(row.owner_id) ?? '';
      const fresh = row.created_at > since;
      for (const task of dueOf(row, now)) {
        if (!fresh && task.dueAt <= since) continue;
        let member = into.get(row.owner_id);
        if (!member)
          into.set(row.owner_id, (member = { ownerId: row.owner_id, named: [], count: 0 }));
        if (member.named.length < LISTED) member.named.push({ tree: row, task });
        member.count++;
      }
    }
  }

  /**
   * Tells each member their tally in one transaction: the day records (a member already told
   * today by another run is left out) and the notices, each a multi-row insert. Returns tasks told.
   */
  async function tell(members: MemberTasks[], now: Date): Promise<number> {
    if (members.length === 0) return 0;
    const day = dayKey(now);
    const toldAt = clock.now().toISOString();
    return uow.withTransaction(async (tx) => {
      const recorded = new Set(
        await deps
          .repo(tx.db)
          .recordDays(
            members.map((m) => ({ owner_id: m.ownerId, day, told_at: toldAt, tasks: m.count })),
          ),
      );
      const told = members.filter((m) => recorded.has(m.ownerId));
      await notifications.notifyEach(
        told.map((m) => ({
          userId: m.ownerId,
          notice: {
            kind: 'tree_care',
            title: m.count === 1 ? 'A tree needs care' : `${m.count} tree care tasks are due`,
            body: describe(m.named, m.count),
            link: TREE_PATHS.care,
          },
        })),
        tx,
      );
      return told.reduce((sum, m) => sum + m.count, 0);
    });
  }

  /** Mails each opted-in member with due tasks this week's digest (keyed: once a week). */
  async function sendDigests(now: Date, signal?: AbortSignal): Promise<number> {
    let queued = 0;
    let cursor = '';
    for (;;) {
      stopIfAborted(signal);
      const { members, next } = await repo.digestRecipients(cursor, DIGEST_BATCH);
      if (next === null) return queued;
      cursor = next;
      for (const member of members) {
        // Every due task (not only new ones), a batch of trees at a time.
        const due: CareItem[] = [];
        await walk(now, { day: null, onlyOwner: member.id, signal }, async (rows) => {
          for (const row of rows) for (const task of dueOf(row, now)) due.push({ tree: row, task });
        });
        await yieldToEventLoop();
        if (due.length === 0) continue;
        due.sort(
          (a, b) => a.task.dueAt.localeCompare(b.task.dueAt) || a.tree.id.localeCompare(b.tree.id),
        );
        const lines = due
          .slice(0, DIGEST_LISTED)
          .map(
            (t) =>
              `• ${TASK_WORDS[t.task.task]} ${treeTitle(t.tree)} (due ${t.task.dueAt.slice(0, 10)})`,
          );
        const url = `${deps.appUrl}${TREE_PATHS.care}`;
        const mail = composeMail(
          member.email,
          `Your trees this week: ${due.length} care task${due.length === 1 ? '' : 's'}`,
          [
            `Hello ${member.name?.trim() || member.username}, here is what your trees need this week.`,
            lines.join('\n'),
            'You get this digest because you asked for it; you can turn it off in your care settings.',
          ],
          { label: 'Open my care list', value: url, href: url },
        );
        await uow.withTransaction((tx) =>
          deps.mail.send(tx, mail, { key: `care-digest:${member.id}:${weekKey(now)}` }),
        );
        queued++;
      }
    }
  }

  return {
    /**
     * The daily schedule: one pass over the living trees in keyset batches telling each member
     * with newly due tasks once today, then the weekly digests. Returns the tasks told plus the
     * digests handed to the queue. `signal` (the job runner stopping) ends it between batches with
     * an abort error, so the queue runs it again; what was told stays told.
     */
    async sendCareReminders(signal?: AbortSignal): Promise<number> {
      const now = clock.now();
      let told = 0;
      const open = new Map<string, MemberTasks>();
      await walk(now, { day: dayKey(now), signal }, async (rows, last) => {
        await tally(rows, now, open);
        // The batch's last member may have more trees in the next batch.
        const carried = last ? undefined : rows.at(-1)?.owner_id;
        const done = [...open.values()].filter((m) => m.ownerId !== carried);
        for (const m of done) open.delete(m.ownerId);
        told += await tell(done, now);
      });
      return told + (await sendDigests(now, signal));
    },

    /**
     * One member's care notice (the job earlier versions queued per member): their newly due
     * tasks, unless they were told today. Returns tasks told.
     */
    async sendCareNotice(payload: unknown): Promise<number> {
      const ownerId = stringField(payload, 'ownerId');
      if (!ownerId) throw new Error('a care notice job without an owner');
      const at = stringField(payload, 'at');
      const now = at && !Number.isNaN(Date.parse(at)) ? new Date(at) : clock.now();
      const tallies = new Map<string, MemberTasks>();
      await walk(now, { day: dayKey(now), onlyOwner: ownerId }, (rows) =>
        tally(rows, now, tallies),
      );
      return tell([...tallies.values()], now);
    },

    /**
     * In the transaction that records a death: the notice job for the owner and the organiser,
     * and the news of the donors whose gifts the tree holds (with the cause and the date); both
     * run once that commits.
     */
    async onDeath(tree: TreeRow, tx: Tx): Promise<void> {
      await deps.jobs.enqueue(
        tx,
        DEATH_NOTICE_JOB,
        { treeId: tree.id },
        { key: `tree-death:${tree.id}` },
      );
      await deps.news?.onGiftTreeEvent(tx, tree.id, 'died', { cause: tree.cause ?? 'unknown' });
    },

    /**
     * The death notice job: tells the owner and the drive's organiser (the donors whose gifts
     * the tree holds hear through their own news, gift-tree-news.ts). A drive's people hear once a day: only the drive's first death of the UTC day (by the time it was
     * reported) is told, a later one that day is not. A tree revived meanwhile tells nobody.
     */
    async sendDeathNotice(payload: unknown): Promise<void> {
      const treeId = stringField(payload, 'treeId');
      if (!treeId) throw new Error('a death notice job without a tree');
      const tree = await repo.findById(treeId);
      if (!tree || tree.status !== 'dead') return;
      const told = new Set([tree.owner_id]);
      let where = '';
      if (tree.drive_id) {
        const diedAt = tree.status_changed_at ?? clock.now().toISOString();
        const day = Date.parse(`${diedAt.slice(0, 10)}T00:00:00.000Z`);
        const first = await repo.firstDeathOfDay(
          tree.drive_id,
          new Date(day).toISOString(),
          new Date(day + DAY_MS).toISOString(),
        );
        if (first && first.id !== tree.id) return;
        const drive = await deps.drives.detail(tree.owner_id, tree.drive_id).catch(() => null);
        if (drive) {
          told.add(drive.organizer.id);
          where = ` from "${drive.driveName}"`;
        }
      }
      await uow.withTransaction((tx) =>
        notifications.notifyMany(
          [...told],
          {
            kind: 'tree_died',
            title: `A tree${where} has died`,
            body: `${treeTitle(tree)} (${speciesRef(tree.species_id).label}) was reported dead (${tree.cause ?? 'cause unknown'}). A replanting task is open.`,
            link: TREE_PATHS.tree(tree.id),
          },
          tx,
        ),
      );
    },

    /**
     * The daily prune: care notice records older than 400 days, a batch per statement with the
     * event loop free between them.
     */
    async prune(now: Date, signal?: AbortSignal): Promise<number> {
      const before = new Date(now.getTime() - TOLD_KEPT_DAYS * DAY_MS).toISOString();
      let removed = 0;
      for (const step of [
        () => repo.pruneTold(before, PRUNE_BATCH),
        () => repo.pruneDays(before.slice(0, 10), PRUNE_BATCH),
      ])
        for (;;) {
          stopIfAborted(signal);
          const n = await step();
          removed += n;
          if (n < PRUNE_BATCH) break;
          await yieldToEventLoop();
        }
      return removed;
    },
  };
}
export type TreeNotices = ReturnType<typeof treeNotices>;
