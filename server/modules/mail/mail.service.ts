import type { Config } from '../../config';
import type { Executor } from '../../db/unit-of-work';
import type {
  JobsPort,
  MailAttachmentMaker,
  MailAttachmentRef,
  MailQueue,
} from '../../jobs/jobs-port';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { Log } from '../../lib/log';
import type { MailAttachment, Mailer } from '../../lib/mailer';
import { mailRepository, type MailRow } from './mail.repository';

/** The job that delivers one queued mail. */
export const MAIL_JOB = 'mail';
/** A mail is retried (with the queue's backoff) for at least this long, then marked failed. */
export const MAIL_RETRY_MS = 24 * 3_600_000;
/** Sent and failed mail is forgotten after this long; kept mail (/dev/mail) too. */
const KEPT_DAYS = 30;
const DAY_MS = 86_400_000;
/** A mail given up on counts as a recent failure (health: degraded) for this long after it was queued. */
const RECENT_FAILURE_MS = MAIL_RETRY_MS + DAY_MS;

const reasonOf = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).slice(0, 1000) || 'sending failed';

/** The 'mail' job's payload: the mail's row, and the files to make when it is sent. */
interface MailJob {
  id: string;
  attachments?: MailAttachmentRef[];
}

const isRef = (value: unknown): value is MailAttachmentRef =>
  typeof (value as MailAttachmentRef | null)?.kind === 'string' &&
  typeof (value as MailAttachmentRef).id === 'string';

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
      // Attachments travel as references (JSON, a few bytes) and are made at sending: see deliver.
      const job: MailJob = options.attachments?.length
        ? { id, attachments: options.attachments.map(({ kind, id }) => ({ kind, id })) }
        : { id };
      if (queued) await deps.jobs.enqueue(tx, MAIL_JOB, job);
    },
  };
}

export interface MailServiceDeps {
  db: Executor;
  mailer: Mailer;
  clock: Clock;
  log: Log;
  config: Pick<Config, 'devMail'>;
  /** The maker of one kind of attachment (the modules' `mailAttachments` hooks). */
  attachmentMaker?: (kind: string) => MailAttachmentMaker | undefined;
}

/**
 * Delivery of queued mail (the 'mail' job), what /dev/mail shows and the operator's count of
 * mail that failed for good.
 */
export function mailService(deps: MailServiceDeps) {
  const repo = mailRepository(deps.db);
  const { clock, log } = deps;
  const keepBodies = deps.config.devMail;
  const recentFailureSince = () =>
    new Date(clock.now().getTime() - RECENT_FAILURE_MS).toISOString();

  /** The files a mail names, made now; one whose maker answers null no longer applies and is left out. */
  async function makeAttachments(refs: MailAttachmentRef[]): Promise<MailAttachment[]> {
    const made: MailAttachment[] = [];
    for (const ref of refs) {
      const make = deps.attachmentMaker?.(ref.kind);
      if (!make) throw new Error(`no module makes mail attachments of kind ${ref.kind}`);
      const file = await make(ref.id);
      if (file) made.push(file);
    }
    return made;
  }

  return {
    /**
     * Sends one queued mail. A failure within MAIL_RETRY_MS of queueing is thrown, so the queue
     * retries it with backoff; after that the mail is marked failed and logged with its reason.
     * Its attachments are made now from their references; one that cannot be made is retried the
     * same way, and past MAIL_RETRY_MS the mail goes without it (the mail matters more).
     */
    async deliver(payload: unknown): Promise<void> {
      const job = payload as Partial<MailJob> | null;
      const id = job?.id;
      if (typeof id !== 'string') throw new Error('a mail job without a mail id');
      const refs = Array.isArray(job?.attachments) ? job.attachments.filter(isRef) : [];
      const row = await repo.byId(id);
      // Already sent (a job run twice) or gone: nothing to do.
      if (!row || row.status !== 'queued') return;
      const attempts = row.attempts + 1;
      let attachments: MailAttachment[] = [];
      try {
        attachments = await makeAttachments(refs);
      } catch (err) {
        const reason = `attachment: ${reasonOf(err)}`;
        if (clock.now().getTime() - Date.parse(row.created_at) < MAIL_RETRY_MS) {
          await repo.recordFailure(id, attempts, reason);
          throw err;
        }
        log.error({ mail: id, to: row.to_address, reason }, 'mail sent without its attachment');
      }
      try {
        await deps.mailer.send({
          to: row.to_address,
          subject: row.subject,
          text: row.text_body ?? '',
          html: row.html_body ?? '',
          ...(attachments.length ? { attachments } : {}),
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

    /**
     * Mail by status for /api/metrics and /api/health; `failedRecently` counts mail given up on
     * that was queued in the last two days (a mail fails for good a day after it was queued).
     */
    figures: () => repo.figures(recentFailureSince()),

    /** For the public /api/health: whether mail is failing, without counting every mail kept. */
    trouble: () => repo.trouble(recentFailureSince()),

    /** Daily: sent and failed mail older than 30 days. */
    prune: (now: Date) => repo.prune(new Date(now.getTime() - KEPT_DAYS * DAY_MS).toISOString()),
  };
}
export type MailService = ReturnType<typeof mailService>;
