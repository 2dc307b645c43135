import type { CareTask } from '../../../contract/tree-care';
import { TREE_PATHS } from '../../../contract/trees';
import type { TreeRow } from '../../db/tables';
import type { Executor, UnitOfWork } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import type { Log } from '../../lib/log';
import { composeMail, type Mailer } from '../../lib/mailer';
import type { DrivesService } from '../drives/drives.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { CareSubjectRow } from './tree-care.repository';
import type { TreeCareService } from './tree-care.service';
import { dayKey, taskKey, weekKey, type DueTask } from './tree-care-schedule';
import { speciesRef, treeTitle } from './tree-mapper';
import type { TreesStore } from './trees-people';

const DAY_MS = 86_400_000;
/** Trees read per step of the daily job; members per step of the digest. */
const TREE_BATCH = 500;
const DIGEST_BATCH = 200;
/** Claims older than this are forgotten (a task is never due that long without a newer date). */
const CLAIMS_KEPT_DAYS = 400;
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

export interface TreeNoticesDeps {
  uow: UnitOfWork;
  repo: (db: Executor) => TreesStore;
  clock: Clock;
  notifications: NotificationsService;
  mailer: Mailer;
  log: Log;
  appUrl: string;
  care: Pick<TreeCareService, 'tasksFor' | 'careDue'>;
  /** The drive's organiser, through the drives service. */
  drives: Pick<DrivesService, 'detail'>;
  /** Who donated to a drive (the donations module's answer); none when it has no say yet. */
  driveDonorIds(driveId: string): Promise<string[]>;
}

/**
 * What the module tells people: the daily care reminders (each due task once), the weekly digest
 * for members who opted in (once a week), and a death to the owner, the drive's organiser and its
 * donors (once a day per drive). "Once" is a row in `tree_notice_claims` inserted in the same
 * transaction as the notices, so several app servers can run this side by side.
 */
export function treeNotices(deps: TreeNoticesDeps) {
  const { uow, clock, notifications } = deps;
  const repo = deps.repo(uow.db);

  /** Claims each newly due task of one member and tells them about the new ones in one notice. */
  async function remind(ownerId: string, items: Array<{ tree: CareSubjectRow; task: DueTask }>) {
    return uow.withTransaction(async (tx) => {
      const claims = deps.repo(tx.db);
      const at = clock.now().toISOString();
      const fresh: typeof items = [];
      for (const item of items)
        if (await claims.claim(taskKey(item.tree.id, item.task), ownerId, at)) fresh.push(item);
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
  }

  async function sendDigests(now: Date): Promise<number> {
    let sent = 0;
    let cursor = '';
    for (;;) {
      const { members, next } = await repo.digestRecipients(cursor, DIGEST_BATCH);
      if (next === null) return sent;
      cursor = next;
      for (const member of members) {
        const due = await deps.care.careDue(member.id, now);
        if (due.length === 0) continue;
        if (
          !(await repo.claim(`digest:${member.id}:${weekKey(now)}`, member.id, now.toISOString()))
        )
          continue;
        const lines = due
          .slice(0, 20)
          .map((t) => `• ${TASK_WORDS[t.task]} ${t.treeName} (due ${t.dueAt.slice(0, 10)})`);
        const url = `${deps.appUrl}${TREE_PATHS.care}`;
        try {
          await deps.mailer.send(
            composeMail(
              member.email,
              `Your trees this week: ${due.length} care task${due.length === 1 ? '' : 's'}`,
              [
                `Hello ${member.name?.trim() || member.username}, here is what your trees need this week.`,
                lines.join('\n'),
                'You get this digest because you asked for it; you can turn it off in your care settings.',
              ],
              { label: 'Open my care list', value: url, href: url },
            ),
          );
          sent++;
        } catch (err) {
          deps.log.error({ err }, 'sending the care digest failed');
        }
      }
    }
  }

  return {
    /**
     * The daily job: the first run of a UTC day (on any server) turns newly due tasks into
     * notices and sends the weekly digests; later runs that day return 0 at once.
     */
    async sendCareReminders(): Promise<number> {
      const now = clock.now();
      if (!(await repo.claim(`job:care:${dayKey(now)}`, null, now.toISOString()))) return 0;
      await repo.pruneClaims(new Date(now.getTime() - CLAIMS_KEPT_DAYS * DAY_MS).toISOString());
      let told = 0;
      let cursor = '';
      for (;;) {
        const { trees, next } = await repo.livingTreesAfter(cursor, TREE_BATCH);
        if (next === null) break;
        cursor = next;
        const byOwner = new Map<string, Awaited<ReturnType<typeof deps.care.tasksFor>>>();
        for (const item of await deps.care.tasksFor(trees, now)) {
          const list = byOwner.get(item.tree.owner_id) ?? [];
          list.push(item);
          byOwner.set(item.tree.owner_id, list);
        }
        for (const [ownerId, items] of byOwner) told += await remind(ownerId, items);
      }
      return told + (await sendDigests(now));
    },

    /** After a death is committed: one notice per drive and day (or per death without a drive). */
    async onDeath(tree: TreeRow): Promise<void> {
      const now = clock.now();
      const told = new Set([tree.owner_id]);
      let where = '';
      if (tree.drive_id) {
        const drive = await deps.drives.detail(tree.owner_id, tree.drive_id).catch(() => null);
        if (drive) {
          told.add(drive.organizer.id);
          const donors = await deps.driveDonorIds(tree.drive_id).catch((err: unknown) => {
            deps.log.error({ err }, 'reading the drive’s donors failed');
            return [];
          });
          for (const id of donors) told.add(id);
          where = ` from "${drive.driveName}"`;
        }
      }
      const claimKey = tree.drive_id ? `death:${tree.drive_id}:${dayKey(now)}` : null;
      await uow.withTransaction(async (tx) => {
        if (claimKey && !(await deps.repo(tx.db).claim(claimKey, null, now.toISOString()))) return;
        await notifications.notifyMany(
          [...told],
          {
            kind: 'tree_died',
            title: `A tree${where} has died`,
            body: `${treeTitle(tree)} (${speciesRef(tree.species_id).label}) was reported dead (${tree.cause ?? 'cause unknown'}). A replanting task is open.`,
            link: TREE_PATHS.tree(tree.id),
          },
          tx,
        );
      });
    },
  };
}
export type TreeNotices = ReturnType<typeof treeNotices>;
