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
     * The same notice to several people at once (e.g. everyone who joined a drive). With `tx` the
     * notices are part of that transaction (a job that claims work and tells people in one step).
     */
    async notifyMany(userIds: readonly string[], notice: NewNotice, tx?: Tx): Promise<void> {
      const at = nowIso();
      const rows = [...new Set(userIds)].map((id) => rowFor(id, notice, at));
      await (tx ? deps.repo(tx.db) : repo).insertMany(rows);
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
