import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';

export function calendarFeedRepository(db: Kysely<Database>) {
  return {
    findForUser: (userId: string) =>
      db.selectFrom('calendar_feeds').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    /** Creates the feed unless one exists (two first visits at once keep the first). */
    insertIfAbsent: (row: {
      user_id: string;
      nonce: string;
      token_hash: string;
      created_at: string;
    }) =>
      db
        .insertInto('calendar_feeds')
        .values(row)
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute(),

    /** A new address for the member; the old one stops working at once. */
    replace: (row: { user_id: string; nonce: string; token_hash: string; created_at: string }) =>
      db
        .insertInto('calendar_feeds')
        .values(row)
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            nonce: row.nonce,
            token_hash: row.token_hash,
            created_at: row.created_at,
          }),
        )
        .execute(),

    /** The member whose feed has this token hash (the service checks the account is live). */
    findOwnerByHash: (tokenHash: string) =>
      db
        .selectFrom('calendar_feeds')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst(),
  };
}
export type CalendarFeedRepository = ReturnType<typeof calendarFeedRepository>;
