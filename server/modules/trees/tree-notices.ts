import type { CareTask } from '../../../contract/tree-care';
import { TREE_PATHS } from '../../../contract/trees';
import type { TreeRow } from '../../db/tables';
import type { Executor, Tx, UnitOfWork } from '../../db/unit-of-work';
import type { JobsPort, MailQueue } from '../../jobs/jobs-port';
import type { Clock } from '../../lib/clock';
import type { Log } from '../../lib/log';
import { byLocale, translator, type Translator } from '../../lib/i18n';
import { composeMail, mailLayout } from '../../lib/mailer';
import { stopIfAborted, yieldToEventLoop } from '../../lib/yield';
import type { DrivesService } from '../drives/drives.service';
import type { NewNotice, NotificationsService } from '../notifications/notifications.service';
import { causeWords, speciesName, type GiftTreeNews } from './gift-tree-news';
import type { CareRange, NewlyDueTask } from './tree-care-due.repository';
import type { TreeCareService } from './tree-care.service';
import { dayKey, weekKey } from './tree-care-schedule';
import { treeTitle } from './tree-mapper';
import type { TreesStore } from './trees-people';

const DAY_MS = 86_400_000;
/**
 * Members per batch of the daily pass, to begin with. Each batch is a few statements in one
 * transaction; on SQLite the event loop waits for all of it, so there the pass sizes its batches
 * by how long the last one took, between 1 and CARE_BATCH_MAX members, aiming at CARE_BATCH_MS
 * (issue 20: no stall over 50 ms). On PostgreSQL the statements leave the loop free: batches of
 * CARE_BATCH_MAX.
 */
export const CARE_BATCH = 8;
export const CARE_BATCH_MAX = 256;
/** The most a timed (SQLite) batch grows to: a batch meeting cold pages costs several times more. */
const CARE_BATCH_TIMED_MAX = 64;
const CARE_BATCH_MS = 8;
/** The record of care notices is kept this long (a task is never due that long without a newer date). */
const TOLD_KEPT_DAYS = 400;
/**
 * Rows removed per statement of the daily prune (trees' records): at a million trees a 1,000-row
 * delete held the event loop 91 ms and a 200-row one 44 ms on cold pages (issue 20).
 */
export const PRUNE_BATCH = 100;
/** At most this many tasks are named in one notice; the digest lists up to 20. */
const LISTED = 5;
const DIGEST_LISTED = 20;
/** Digest subscribers read per step. */
const DIGEST_BATCH = 200;

type Words = Translator<'notices'>;
const ENGLISH = translator(null, 'notices');

const TASK_KEYS = {
  water: 'treeCare.task.water',
  weed: 'treeCare.task.weed',
  mulch: 'treeCare.task.mulch',
  measure: 'treeCare.task.measure',
  checkup: 'treeCare.task.checkup',
} as const satisfies Record<CareTask, Parameters<Words>[0]>;

/** A care notice's body: the first few tasks named ("Water Old oak"), then how many more. */
export const careNoticeBody = (
  named: ReadonlyArray<{ task: CareTask; treeName: string }>,
  total: number,
  t: Words = ENGLISH,
) => {
  const words = named.slice(0, LISTED).map((n) => t(TASK_KEYS[n.task], { tree: n.treeName }));
  const more = total - words.length;
  const items = words.join(', ');
  return more > 0
    ? t('treeCare.listMore', { items, more: String(more) })
    : t('treeCare.list', { items });
};

/** A tree as notices name it: its nickname, else its species in the reader's language. */
const treeName = (row: Pick<TreeRow, 'nickname' | 'species_id'>, t: Words) =>
  row.nickname ?? speciesName(row.species_id, t);

const describe = (named: readonly NewlyDueTask[], total: number, t: Words) =>
  careNoticeBody(
    named.map((task) => ({ task: task.task, treeName: treeName(task, t) })),
    total,
    t,
  );

/**
 * A batch of members (in id order) as runs of consecutive members with a live account: each run
 * is told by statements over an id range; a member whose account was deleted splits it.
 */
export function runsOf(
  ownerIds: readonly string[],
  live: { has(id: string): boolean },
): CareRange[] {
  const runs: CareRange[] = [];
  let run: CareRange | null = null;
  for (const id of ownerIds) {
    if (!live.has(id)) run = null;
    else if (run) run.last = id;
    else runs.push((run = { first: id, last: id }));
  }
  return runs;
}

/** The next batch size: doubled while batches are quick, halved when one was slow. */
export const nextCareBatch = (size: number, tookMs: number) =>
  tookMs > 2 * CARE_BATCH_MS
    ? Math.max(1, Math.floor(size / 2))
    : tookMs < CARE_BATCH_MS / 2
      ? Math.min(CARE_BATCH_TIMED_MAX, size * 2)
      : size;

/** The job telling one member about their newly due care tasks (enqueued by the daily schedule). */
export const CARE_NOTICE_JOB = 'tree care notice';
/** The job telling who cares about a tree's death (enqueued in the transaction reporting it). */
export const DEATH_NOTICE_JOB = 'tree death notice';
/** The job telling a drive's organiser that one of its trees needs care. */
export const NEEDS_CARE_NOTICE_JOB = 'tree needs care notice';

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
 * reads the stored due dates (`tree_care_due`), never the schedule: it walks the members who have
 * care rows by id in batches, and for each batch counts the newly due tasks per member and writes
 * the day records in one insert … select, reads the first few named tasks per member, and writes
 * the notices in one multi-row insert, all in one transaction; between batches the event loop
 * runs and the signal is checked (a member told today is skipped by the next run, so a stopped
 * pass is resumed by running it again). docs/decisions/care-reminders-in-sql.md
 */
export function treeNotices(deps: TreeNoticesDeps) {
  const { uow, clock, notifications } = deps;
  const repo = deps.repo(uow.db);

  /**
   * Tells these members (one batch, in id order) their newly due tasks at `now`, in one
   * transaction: for each run of members with a live account (a deleted account splits a run;
   * it is not told), the members not told on `day` with their latest notice, their day records
   * with the tasks counted in SQL (one insert … select; a member claimed meanwhile by another run
   * is left out), and the first few tasks of each; then one notice per member claimed, in one
   * multi-row insert. Returns tasks told.
   */
  async function tell(ownerIds: readonly string[], now: Date): Promise<number> {
    if (ownerIds.length === 0) return 0;
    const live = await repo.liveOwners(ownerIds);
    const ranges = runsOf(ownerIds, live);
    if (ranges.length === 0) return 0;
    const day = dayKey(now);
    const at = now.toISOString();
    return uow.withTransaction(async (tx) => {
      const store = deps.repo(tx.db);
      const notices: Array<{ userId: string; notice: NewNotice }> = [];
      let told = 0;
      // Between statements the event loop runs (SQLite's run on its thread, and the statements
      // chained by promises alone would hold it for the whole batch); the transaction waits.
      for (const range of ranges) {
        const due = await store.careSince(range, day);
        if (due.length === 0) continue;
        await yieldToEventLoop();
        const claimed = await store.claimCareDay(range, day, clock.now().toISOString(), at);
        if (claimed.length === 0) continue;
        await yieldToEventLoop();
        const ids = new Set(claimed.map((c) => c.ownerId));
        const named = new Map<string, NewlyDueTask[]>();
        const first = await store.newlyDueFirst(
          due.filter((m) => ids.has(m.ownerId)),
          at,
          LISTED,
        );
        await yieldToEventLoop();
        for (const task of first)
          named.set(task.owner_id, [...(named.get(task.owner_id) ?? []), task]);
        for (const m of claimed) {
          told += m.tasks;
          const t = translator(live.get(m.ownerId), 'notices');
          notices.push({
            userId: m.ownerId,
            notice: {
              kind: 'tree_care',
              title:
                m.tasks === 1
                  ? t('treeCare.titleOne')
                  : t('treeCare.titleMany', { count: String(m.tasks) }),
              body: describe(named.get(m.ownerId) ?? [], m.tasks, t),
              link: TREE_PATHS.care,
            },
          });
        }
      }
      await notifications.notifyEach(notices, tx);
      return told;
    });
  }

  /** Mails each opted-in member with due tasks this week's digest (keyed: once a week). */
  async function sendDigests(now: Date, signal?: AbortSignal): Promise<number> {
    const at = now.toISOString();
    let queued = 0;
    let cursor = '';
    for (;;) {
      stopIfAborted(signal);
      const { members, next } = await repo.digestRecipients(cursor, DIGEST_BATCH);
      if (next === null) return queued;
      cursor = next;
      for (const member of members) {
        // Every due task (not only new ones): the first few from the owner index, and a count.
        const total = await repo.careDueCount(member.id, at);
        if (total === 0) continue;
        const due = await repo.careDuePage(member.id, at, null, DIGEST_LISTED);
        const t = translator(member.locale, 'mail');
        const lines = due.map((task) =>
          t('careDigest.line', {
            task: task.task,
            tree: treeTitle(task),
            due: task.due_at.slice(0, 10),
          }),
        );
        const url = `${deps.appUrl}${TREE_PATHS.care}`;
        const mail = composeMail(
          member.email,
          t('careDigest.subject', { total }),
          [
            t('careDigest.intro', { name: member.name?.trim() || member.username }),
            lines.join('\n'),
            t('careDigest.why'),
          ],
          { label: t('careDigest.button'), value: url, href: url },
          mailLayout(t),
        );
        await uow.withTransaction((tx) =>
          deps.mail.send(tx, mail, { key: `care-digest:${member.id}:${weekKey(now)}` }),
        );
        queued++;
      }
      await yieldToEventLoop();
    }
  }

  return {
    /**
     * The daily schedule: the members with stored care rules in batches by id, each batch told
     * once today in one transaction, then the weekly digests. Returns the tasks told plus the
     * digests handed to the queue. `signal` (the job runner stopping) ends it between batches with
     * an abort error, so the queue runs it again; what was told stays told.
     */
    async sendCareReminders(signal?: AbortSignal): Promise<number> {
      const now = clock.now();
      let told = 0;
      let cursor = '';
      let size = repo.careStatementsBlock ? CARE_BATCH : CARE_BATCH_MAX;
      for (;;) {
        stopIfAborted(signal);
        const owners = await repo.careOwnersAfter(cursor, size);
        if (owners.length === 0) break;
        const started = performance.now();
        told += await tell(owners, now);
        if (repo.careStatementsBlock) size = nextCareBatch(size, performance.now() - started);
        cursor = owners.at(-1)!;
        await yieldToEventLoop();
      }
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
      return tell([ownerId], now);
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
     * In the transaction that reports a living tree needing care: the notice job for the drive's
     * organiser, and the news of the donors whose gifts the tree holds; both run once it commits.
     */
    async onNeedsCare(tree: TreeRow, tx: Tx): Promise<void> {
      if (tree.drive_id)
        await deps.jobs.enqueue(
          tx,
          NEEDS_CARE_NOTICE_JOB,
          { treeId: tree.id, since: tree.status_changed_at ?? '' },
          { key: `tree-needs-care:${tree.id}:${clock.now().toISOString().slice(0, 10)}` },
        );
      await deps.news?.onGiftTreeEvent(tx, tree.id, 'needs_care', { cause: tree.cause ?? null });
    },

    /**
     * The needs-care notice job: tells the organiser of the tree's drive (unless they reported
     * it themselves) what is wrong, while the tree still needs care.
     */
    async sendNeedsCareNotice(payload: unknown): Promise<void> {
      const treeId = stringField(payload, 'treeId');
      if (!treeId) throw new Error('a needs-care notice job without a tree');
      const tree = await repo.findById(treeId);
      if (!tree || tree.status !== 'needs_care' || !tree.drive_id) return;
      const drive = await deps.drives.detail(tree.owner_id, tree.drive_id).catch(() => null);
      if (!drive || drive.organizer.id === tree.owner_id) return;
      const organiserId = drive.organizer.id;
      const t = translator((await repo.localesOf([organiserId])).get(organiserId), 'notices');
      const what = [tree.cause ? causeWords(tree.cause, t) : null, tree.health_note]
        .filter(Boolean)
        .join(': ');
      const named = { tree: treeName(tree, t), species: speciesName(tree.species_id, t) };
      await uow.withTransaction((tx) =>
        notifications.notifyMany(
          [organiserId],
          {
            kind: 'tree_needs_care',
            title: t('treeNeedsCare.title', { drive: drive.driveName }),
            body: what
              ? t('treeNeedsCare.bodyWhat', { ...named, what })
              : t('treeNeedsCare.body', named),
            link: TREE_PATHS.tree(tree.id),
          },
          tx,
        ),
      );
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
      let where: string | null = null;
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
          where = drive.driveName;
        }
      }
      // The owner and the organiser each in their language (one read for both).
      const locales = await repo.localesOf([...told]);
      await uow.withTransaction(async (tx) => {
        for (const [locale, ids] of byLocale(told, (id) => locales.get(id))) {
          const t = translator(locale, 'notices');
          await notifications.notifyMany(
            ids,
            {
              kind: 'tree_died',
              title:
                where === null
                  ? t('treeDied.title')
                  : t('treeDied.titleFromDrive', { drive: where }),
              body: t('treeDied.body', {
                tree: treeName(tree, t),
                species: speciesName(tree.species_id, t),
                // English keeps the cause as reported (as it always read).
                cause:
                  t.locale === 'en'
                    ? (tree.cause ?? 'cause unknown')
                    : causeWords(tree.cause ?? 'unknown', t),
              }),
              link: TREE_PATHS.tree(tree.id),
            },
            tx,
          );
        }
      });
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
