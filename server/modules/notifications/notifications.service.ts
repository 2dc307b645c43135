import type { Notification, NotificationKind } from '../../../contract/notifications';
import type { NotificationRow } from '../../db/tables';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { NotificationsRepository } from './notifications.repository';

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

export function notificationsService(repo: NotificationsRepository, clock: Clock) {
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
    /** Other modules call this to tell one person something. */
    async notify(userId: string, notice: NewNotice): Promise<void> {
      await repo.insert(rowFor(userId, notice, nowIso()));
    },

    /** The same notice to several people at once (e.g. everyone who joined a drive). */
    async notifyMany(userIds: readonly string[], notice: NewNotice): Promise<void> {
      const at = nowIso();
      await repo.insertMany([...new Set(userIds)].map((id) => rowFor(id, notice, at)));
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

    deleteAllFor: (userId: string) => repo.deleteForUser(userId),
  };
}
export type NotificationsService = ReturnType<typeof notificationsService>;
