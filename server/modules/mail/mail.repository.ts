import type { Kysely, Selectable } from 'kysely';
import type { Database, MailsTable } from '../../db/tables';

export type MailRow = Selectable<MailsTable>;

/** The `mails` outbox: one row per mail, written in the transaction that asked for it. */
export function mailRepository(db: Kysely<Database>) {
  return {
    /** Queues a mail; false when its key was already used (the earlier mail stands). */
    async insert(row: Omit<MailRow, 'status' | 'attempts' | 'last_error' | 'sent_at'>) {
      const result = await db
        .insertInto('mails')
        .values({ ...row, status: 'queued', attempts: 0, last_error: null, sent_at: null })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    byId: (id: string) =>
      db.selectFrom('mails').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Counts an attempt that failed and will be retried. */
    recordFailure: (id: string, attempts: number, reason: string) =>
      db
        .updateTable('mails')
        .set({ attempts, last_error: reason })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .execute(),

    /** Sent (or failed for good); the bodies go unless mail is kept for /dev/mail. */
    finish: (
      id: string,
      fields: { status: 'sent' | 'failed'; attempts: number; at: string; error: string | null },
      keepBodies: boolean,
    ) =>
      db
        .updateTable('mails')
        .set({
          status: fields.status,
          attempts: fields.attempts,
          last_error: fields.error,
          sent_at: fields.status === 'sent' ? fields.at : null,
          ...(keepBodies ? {} : { text_body: null, html_body: null }),
        })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .execute(),

    /** Newest first. */
    newest: (limit: number) =>
      db
        .selectFrom('mails')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    async failedCount(): Promise<number> {
      const row = await db
        .selectFrom('mails')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'failed')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Sent and failed mail older than `before` (queued mail stays until it is delivered). */
    async prune(before: string): Promise<number> {
      const result = await db
        .deleteFrom('mails')
        .where('status', 'in', ['sent', 'failed'])
        .where('created_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows ?? 0);
    },
  };
}
