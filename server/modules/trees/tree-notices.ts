import type { CareTask } from '../../../contract/tree-care';
import { TREE_PATHS } from '../../../contract/trees';
import type { TreeRow } from '../../db/tables';
import type { Executor, Tx, UnitOfWork } from '../../db/unit-of-work';
import type { JobsPort, MailQueue } from '../../jobs/jobs-port';
import type { Clock } from '../../lib/clock';
import type { Log } from '../../lib/log';
import { composeMail } from '../../lib/mailer';
import type { DrivesService } from '../drives/drives.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { GiftTreeNews } from './gift-tree-news';
import type { CareSubjectRow } from './tree-care.repository';
import type { TreeCareService } from './tree-care.service';
import { dayKey, taskKey, weekKey, type DueTask } from './tree-care-schedule';
import { speciesRef, treeTitle } from './tree-mapper';
import type { TreesStore } from './trees-people';

const DAY_MS = 86_400_000;
/** Trees read per step of the daily job; members per step of the digest. */
const TREE_BATCH = 500;
const DIGEST_BATCH = 200;
/** The record of care notices is kept this long (a task is never due that long without a newer date). */
const TOLD_KEPT_DAYS = 400;
/** At most this many tasks are named in one notice or digest. */
const LISTED = 5;

const TASK_WORDS: Record<CareTask, string> = {
  water: 'Water',
  weed: 'Weed around',
  mulch: 'Mulch',
  measure: 'Measure',
};

const describe = (items: Array<{ tree: CareSubjectRow; task: DueTask }>) => {
  const named = items
    .slice(0, LISTED)
    .map((i) => `${TASK_WORDS[i.task.task]} ${treeTitle(i.tree)}`);
  const more = items.length - named.length;
  return `${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`;
};

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
 * What the module tells people, all through the jobs queue: the daily care reminders (each due
 * task once), the weekly digest for members who opted in (a mail keyed by member and week, so
 * once a week), and a death to the owner and the drive's organiser (once a day per drive). The schedule runs once per tick across every app server; it enqueues one notice job per
 * member with newly due tasks. "Newly due" is due and not in `tree_care_notices`, the record the
 * notice job writes in the notice's transaction (so a job run twice tells nobody twice).
 */
export function treeNotices(deps: TreeNoticesDeps) {
  const { uow, clock, notifications } = deps;
  const repo = deps.repo(uow.db);

  /** Mails each opted-in member with due tasks this week's digest (keyed: once a week). */
  async function sendDigests(now: Date): Promise<number> {
    let queued = 0;
    let cursor = '';
    for (;;) {
      const { members, next } = await repo.digestRecipients(cursor, DIGEST_BATCH);
      if (next === null) return queued;
      cursor = next;
      for (const member of members) {
        const due = await deps.care.careDue(member.id, now);
        if (due.length === 0) continue;
        const lines = due
          .slice(0, 20)
          .map((t) => `• ${TASK_WORDS[t.task]} ${t.treeName} (due ${t.dueAt.slice(0, 10)})`);
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
     * The daily schedule: finds every member's newly due tasks and enqueues one notice job per
     * member (keyed by member and day), then queues the weekly digests. Returns the newly due
     * tasks found plus the digests handed to the queue (a digest already sent this week is not
     * sent again).
     */
    async sendCareReminders(): Promise<number> {
      const now = clock.now();
      let due = 0;
      let cursor = '';
      for (;;) {
        const { trees, next } = await repo.livingTreesAfter(cursor, TREE_BATCH);
        if (next === null) break;
        cursor = next;
        const told = new Set(
          (await repo.toldTasks(trees.map((t) => t.id))).map((r) =>
            taskKey(r.tree_id, { task: r.task, dueAt: r.due_on }),
          ),
        );
        const owners = new Set<string>();
        for (const item of await deps.care.tasksFor(trees, now)) {
          if (told.has(taskKey(item.tree.id, item.task))) continue;
          owners.add(item.tree.owner_id);
          due++;
        }
        if (owners.size === 0) continue;
        await uow.withTransaction(async (tx) => {
          for (const ownerId of owners)
            await deps.jobs.enqueue(
              tx,
              CARE_NOTICE_JOB,
              { ownerId, at: now.toISOString() },
              { key: `tree-care:${ownerId}:${dayKey(now)}` },
            );
        });
      }
      return due + (await sendDigests(now));
    },

    /**
     * The care notice job: the member's tasks due at the schedule's time that are not in the
     * record are recorded and told in one notice, in one transaction. Returns tasks told.
     */
    async sendCareNotice(payload: unknown): Promise<number> {
      const ownerId = stringField(payload, 'ownerId');
      if (!ownerId) throw new Error('a care notice job without an owner');
      const at = stringField(payload, 'at');
      const now = at && !Number.isNaN(Date.parse(at)) ? new Date(at) : clock.now();
      const items = await deps.care.tasksFor(await repo.livingTreesOfLiveOwner(ownerId), now);
      if (items.length === 0) return 0;
      return uow.withTransaction(async (tx) => {
        const record = deps.repo(tx.db);
        const createdAt = clock.now().toISOString();
        const fresh: typeof items = [];
        for (const item of items)
          if (
            await record.recordTold({
              tree_id: item.tree.id,
              task: item.task.task,
              due_on: item.task.dueAt.slice(0, 10),
              owner_id: ownerId,
              created_at: createdAt,
            })
          )
            fresh.push(item);
        if (fresh.length === 0) return 0;
        await notifications.notifyMany(
          [ownerId],
          {
            kind: 'tree_care',
            title:
              fresh.length === 1 ? 'A tree needs care' : `${fresh.length} tree care tasks are due`,
            body: describe(fresh),
            link: TREE_PATHS.care,
          },
          tx,
        );
        return fresh.length;
      });
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

    /** The daily prune: the record of care notices older than 400 days. */
    prune: (now: Date) =>
      repo.pruneTold(new Date(now.getTime() - TOLD_KEPT_DAYS * DAY_MS).toISOString()),
  };
}
export type TreeNotices = ReturnType<typeof treeNotices>;
