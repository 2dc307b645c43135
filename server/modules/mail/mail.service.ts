import type { Config } from '../../config';
import type { Executor } from '../../db/unit-of-work';
import type { JobsPort, MailQueue } from '../../jobs/jobs-port';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { Log } from '../../lib/log';
import type { Mailer } from '../../lib/mailer';
import { mailRepository, type MailRow } from './mail.repository';

/** The job that delivers one queued mail. */
export const MAIL_JOB = 'mail';
/** A mail is retried (with the queue's backoff) for at least this long, then marked failed. */
export const MAIL_RETRY_MS = 24 * 3_600_000;
/** Sent and failed mail is forgotten after this long; kept mail (/dev/mail) too. */
const KEPT_DAYS = 30;
const DAY_MS = 86_400_000;

const reasonOf = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).slice(0, 1000) || 'sending failed';

/**
 * The MailQueue services send through: the mail becomes a row of `mails` and a 'mail' job, both
 * in the caller's transaction, so it exists exactly when the write that caused it commits.
 */
export function mailOutbox(deps: { jobs: JobsPort; clock: Clock }): MailQueue {
  return {
    async send(tx, mail, options = {}) {
      const id = newId();
      const queued = await mailRepository(tx.db).insert({
        id,
        key: options.key ?? null,
        to_address: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
        created_at: deps.clock.now().toISOString(),
      });
      if (queued) await deps.jobs.enqueue(tx, MAIL_JOB, { id });
    },
  };
}

export interface MailServiceDeps {
  db: Executor;
  mailer: Mailer;
  clock: Clock;
  log: Log;
  config: Pick<Config, 'devMail'>;
}

/**
 * Delivery of queued mail (the 'mail' job), what /dev/mail shows and the operator's count of
 * mail that failed for good.
 */
export function mailService(deps: MailServiceDeps) {
  const repo = mailRepository(deps.db);
  const { clock, log } = deps;
  const keepBodies = deps.config.devMail;

  return {
    /**
     * Sends one queued mail. A failure within MAIL_RETRY_MS of queueing is thrown, so the queue
     * retries it with backoff; after that the mail is marked failed and logged with its reason.
     */
    async deliver(payload: unknown): Promise<void> {
      const id = (payload as { id?: unknown } | null)?.id;
      if (typeof id !== 'string') throw new Error('a mail job without a mail id');
      const row = await repo.byId(id);
      // Already sent (a job run twice) or gone: nothing to do.
      if (!row || row.status !== 'queued') return;
      const attempts = row.attempts + 1;
      try {
        await deps.mailer.send({
          to: row.to_address,
          subject: row.subject,
          text: row.text_body ?? '',
          html: row.html_body ?? '',
        });
      } catch (err) {
        const reason = reasonOf(err);
        const now = clock.now();
        if (now.getTime() - Date.parse(row.created_at) < MAIL_RETRY_MS) {
          await repo.recordFailure(id, attempts, reason);
          throw err;
        }
        await repo.finish(
          id,
          { status: 'failed', attempts, at: now.toISOString(), error: reason },
          keepBodies,
        );
        log.error(
          { mail: id, to: row.to_address, subject: row.subject, attempts, reason },
          'mail failed for good',
        );
        return;
      }
      await repo.finish(
        id,
        { status: 'sent', attempts, at: clock.now().toISOString(), error: null },
        keepBodies,
      );
    },

    /** The newest mail, for /dev/mail. */
    newest: (limit = 100): Promise<MailRow[]> => repo.newest(limit),

    /** Mail that kept failing and was given up on (shown in /api/health for the operator). */
    failedCount: () => repo.failedCount(),

    /** Daily: sent and failed mail older than 30 days. */
    prune: (now: Date) => repo.prune(new Date(now.getTime() - KEPT_DAYS * DAY_MS).toISOString()),
  };
}
export type MailService = ReturnType<typeof mailService>;
