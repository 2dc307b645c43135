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
    /** The unread notice of `userId` with `groupKey`, if any (the one coalesced notices merge into). */
    findUnreadGroup: (userId: string, groupKey: string) =>
      db
        .selectFrom('notifications')
        .select(['id', 'group_count'])
        .where('user_id', '=', userId)
        .where('group_key', '=', groupKey)
        .where('read_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst(),
    /** Rewrites a coalesced notice in place (it moves to the top of the list again). */
    updateGroup: (
      id: string,
      expectedCount: number,
      notice: { kind: string; title: string; body: string; link: string | null },
      at: string,
    ) =>
      db
        .updateTable('notifications')
        .set({ ...notice, group_count: expectedCount + 1, created_at: at })
        .where('id', '=', id)
        .where('group_count', '=', expectedCount)
        .where('read_at', 'is', null)
        .executeTakeFirst(),
    pruneReadBefore: (before: string) =>
      db
        .deleteFrom('notifications')
        .where('read_at', 'is not', null)
        .where('created_at', '<', before)
        .executeTakeFirst(),
    deleteForUser: (userId: string) =>
      db.deleteFrom('notifications').where('user_id', '=', userId).execute(),
  };
}
export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
