import type { Notification, NotificationKind } from '../../../contract/notifications';
import type { NotificationRow } from '../../db/tables';
import type { Tx, UnitOfWork } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { notificationsRepository } from './notifications.repository';

export interface NewNotice {
  kind: NotificationKind;
  title: string;
  body: string;
  link?: string | null;
}

/** Read notices are kept this long, then pruned. */
export const READ_NOTICES_KEPT_MS = 90 * 86_400_000;

const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind as NotificationKind,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.created_at,
  readAt: row.read_at,
});

export function notificationsService(deps: {
  uow: UnitOfWork;
  repo: typeof notificationsRepository;
  clock: Clock;
}) {
  const { uow, clock } = deps;
  const repo = deps.repo(uow.db);
  const nowIso = () => clock.now().toISOString();
  const rowFor = (userId: string, notice: NewNotice, at: string) => ({
    id: newId(),
    user_id: userId,
    kind: notice.kind,
    title: notice.title,
    body: notice.body,
    link: notice.link ?? null,
    created_at: at,
    read_at: null,
  });

  return {
    /** Other modules call this to tell one person something (usually from `tx.afterCommit`). */
    async notify(userId: string, notice: NewNotice): Promise<void> {
      await repo.insert(rowFor(userId, notice, nowIso()));
    },

    /**
     * One unread notice per `groupKey` instead of a new row each time (e.g. joins and leaves of one
     * drive): while the person has not read it, the notice is rewritten with `build(n)` for the n-th
     * event and moves to the top; once read, the next event starts a new one.
     */
    async notifyCoalesced(
      userId: string,
      groupKey: string,
      build: (count: number) => NewNotice,
    ): Promise<void> {
      // A concurrent update changes the count first; read again and retry (a few times at most).
      for (let tries = 0; tries < 5; tries++) {
        const at = nowIso();
        const open = await repo.findUnreadGroup(userId, groupKey);
        if (!open) {
          await repo.insert({ ...rowFor(userId, build(1), at), group_key: groupKey });
          return;
        }
        const count = Number(open.group_count);
        const notice = build(count + 1);
        const { link = null, ...text } = notice;
        const updated = await repo.updateGroup(open.id, count, { ...text, link }, at);
        if (Number(updated.numUpdatedRows) === 1) return;
      }
      await repo.insert({ ...rowFor(userId, build(1), nowIso()), group_key: groupKey });
    },

    /** The daily prune: read notices older than 90 days go. Returns how many. */
    async prune(now: Date): Promise<number> {
      const before = new Date(now.getTime() - READ_NOTICES_KEPT_MS).toISOString();
      return Number((await repo.pruneReadBefore(before)).numDeletedRows ?? 0);
    },

    /**
     * The same notice to several people at once (e.g. everyone who joined a drive). With `tx` the
     * notices are part of that transaction (a job that claims work and tells people in one step).
     */
    async notifyMany(userIds: readonly string[], notice: NewNotice, tx?: Tx): Promise<void> {
      const at = nowIso();
      const rows = [...new Set(userIds)].map((id) => rowFor(id, notice, at));
      await (tx ? deps.repo(tx.db) : repo).insertMany(rows);
    },

    /**
     * A notice of its own to each person, in one multi-row insert in `tx` (a batch of the daily
     * care pass: hundreds of members, one statement).
     */
    async notifyEach(
      notices: ReadonlyArray<{ userId: string; notice: NewNotice }>,
      tx: Tx,
    ): Promise<void> {
      const at = nowIso();
      await deps.repo(tx.db).insertMany(notices.map((n) => rowFor(n.userId, n.notice, at)));
    },

    async list(userId: string, page: number, limit: number) {
      const [rows, counts] = await Promise.all([
        repo.listForUser(userId, limit, (page - 1) * limit),
        repo.countForUser(userId),
      ]);
      return { data: rows.map(toNotification), page, limit, ...counts };
    },

    unreadCount: (userId: string) => repo.unreadCount(userId),

    /** Marks one of the user's own notifications read; someone else's is simply not found. */
    async markRead(userId: string, id: string) {
      if (!(await repo.findOwned(id, userId))) throw notFound('That notification does not exist.');
      await repo.markRead(id, userId, nowIso());
      return repo.unreadCount(userId);
    },

    async markAllRead(userId: string) {
      await repo.markAllRead(userId, nowIso());
      return 0;
    },

    /** A deleted account's notifications go with it. */
    async onAccountDeleted(userId: string, tx: Tx): Promise<void> {
      await deps.repo(tx.db).deleteForUser(userId);
    },
  };
}
export type NotificationsService = ReturnType<typeof notificationsService>;
