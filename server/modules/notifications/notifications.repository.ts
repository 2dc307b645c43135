import type { Kysely } from 'kysely';
import type { Database, NewNotification } from '../../db/tables';

export function notificationsRepository(db: Kysely<Database>) {
  return {
    insert: (notification: NewNotification) =>
      db.insertInto('notifications').values(notification).execute(),
    insertMany: (notifications: NewNotification[]) =>
      notifications.length === 0
        ? Promise.resolve()
        : db.insertInto('notifications').values(notifications).execute(),
    listForUser: (userId: string, limit: number, offset: number) =>
      db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    async countForUser(userId: string): Promise<{ total: number; unread: number }> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.count<number>('id').filterWhere('read_at', 'is', null).as('unread'),
        ])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), unread: Number(row.unread) };
    },
    async unreadCount(userId: string): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('unread'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.unread);
    },
    findOwned: (id: string, userId: string) =>
      db
        .selectFrom('notifications')
        .select(['id', 'read_at'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    markRead: (id: string, userId: string, at: string) =>
      db
        .updateTable('notifications')
        .set({ read_at: at })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .execute(),
    markAllRead: (userId: string, at: string) =>
      db
        .updateTable('notifications')
        .set({ read_at: at })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .execute(),
    deleteForUser: (userId: string) =>
      db.deleteFrom('notifications').where('user_id', '=', userId).execute(),
  };
}
export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
