import type { Kysely, Selectable } from 'kysely';
import type { Database, MailsTable } from '../../db/tables';

export type MailRow = Selectable<MailsTable>;

export interface MailFigures {
  queued: number;
  /** Queued mail whose last attempt failed: it is being retried. */
  retrying: number;
  sent: number;
  failed: number;
  /** Given up on, and queued within the window asked for. */
  failedRecently: number;
}

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

    /**
     * Mail by status, the queued mail whose last attempt failed (being retried), and the mail
     * given up on that was queued since `recentSince` (/api/metrics and /api/health).
     */
    async figures(recentSince: string): Promise<MailFigures> {
      const rows = await db
        .selectFrom('mails')
        .select((eb) => [
          'status',
          eb.fn.countAll<number>().as('n'),
          eb.fn
            .sum<number>(eb.case().when('last_error', 'is not', null).then(1).else(0).end())
            .as('erred'),
          eb.fn
            .sum<number>(eb.case().when('created_at', '>=', recentSince).then(1).else(0).end())
            .as('recent'),
        ])
        .groupBy('status')
        .execute();
      const of = (status: string) => rows.find((r) => r.status === status);
      return {
        queued: Number(of('queued')?.n ?? 0),
        retrying: Number(of('queued')?.erred ?? 0),
        sent: Number(of('sent')?.n ?? 0),
        failed: Number(of('failed')?.n ?? 0),
        failedRecently: Number(of('failed')?.recent ?? 0),
      };
    },

    /** Whether any mail is being retried or was given up on since `recentSince`: two index probes, never a count of all mail. */
    async trouble(recentSince: string): Promise<{ retrying: boolean; failedRecently: boolean }> {
      const [retrying, failed] = await Promise.all([
        db
          .selectFrom('mails')
          .select('id')
          .where('status', '=', 'queued')
          .where('last_error', 'is not', null)
          .limit(1)
          .executeTakeFirst(),
        db
          .selectFrom('mails')
          .select('id')
          .where('status', '=', 'failed')
          .where('created_at', '>=', recentSince)
          .limit(1)
          .executeTakeFirst(),
      ]);
      return { retrying: retrying !== undefined, failedRecently: failed !== undefined };
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
