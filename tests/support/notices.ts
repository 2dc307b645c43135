import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/tables';

/**
 * A member's notifications, oldest first. Ids are UUIDv7 from the real clock, so they break ties
 * between notices stamped with the same (test) time in the order they were written.
 */
export function noticesOf(db: Kysely<Database>, userId: string, kind?: string) {
  let query = db.selectFrom('notifications').selectAll().where('user_id', '=', userId);
  if (kind) query = query.where('kind', '=', kind);
  return query.orderBy('created_at').orderBy('id').execute();
}
