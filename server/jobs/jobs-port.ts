import type { Tx } from '../db/unit-of-work';
import type { Mail, MailAttachment, Mailer } from '../lib/mailer';

export interface EnqueueOptions {
  /** Not before this time. */
  runAt?: Date;
  /** At most one pending job with this key: a second enqueue with the same key replaces it. */
  key?: string;
}

/** The one jobs port: a job enqueued in `tx` exists exactly when `tx` commits. */
export interface JobsPort {
  enqueue(tx: Tx, name: string, payload: unknown, options?: EnqueueOptions): Promise<void>;
}

export interface MailOptions {
  /**
   * At most one mail per key, ever (e.g. `drive-reminder:<drive>:<start>:<user>`): a second send
   * with the same key does nothing, so a reminder or notice computed twice is still sent once.
   */
  key?: string;
  /**
   * Files made when the mail is sent, each by the module that owns it (its `mailAttachments` hook),
   * e.g. `{ kind: 'donation-certificate', id: donationId }`: the queue holds this JSON, not bytes.
   */
  attachments?: MailAttachmentRef[];
}

/** A file a queued mail names: made at sending time by the module answering `kind`. */
export interface MailAttachmentRef {
  kind: string;
  id: string;
}

/** Makes one kind of attachment from its id; null when it no longer applies (the mail goes without). */
export type MailAttachmentMaker = (id: string) => Promise<MailAttachment | null>;

/** How services send mail: queued in the writing transaction, delivered (and retried) by the jobs. */
export interface MailQueue {
  send(tx: Tx, mail: Mail, options?: MailOptions): Promise<void>;
}

/** A job run once per enqueue, by name; a throw is retried with exponential backoff. */
export type JobHandler = (payload: unknown) => Promise<void>;

/** A job run on a five-field crontab pattern (UTC); each tick runs once across every app server. */
export interface Schedule {
  name: string;
  cron: string;
  /**
   * Returns how many things it did (logged when more than 0). `signal` aborts when the queue
   * stops (SIGTERM): a long job checks it between batches and throws, so it runs again later.
   */
  run(signal?: AbortSignal): Promise<number>;
}

/** The queue behind the port: graphile-worker on PostgreSQL, the `jobs` table on SQLite. */
export interface JobQueue {
  readonly jobs: JobsPort;
  /** Starts running jobs by name, and the schedules; call once. */
  start(
    handlers: Readonly<Record<string, JobHandler>>,
    schedules: ReadonlyArray<Schedule>,
  ): Promise<void>;
  /** Lets running jobs finish (up to a few seconds) and stops. */
  stop(): Promise<void>;
  /** Resolves once no job is due or running (tests wait for mail with it); rejects after `timeoutMs`. */
  idle(timeoutMs?: number): Promise<void>;
  /** For /api/metrics and /api/health: jobs waiting or running, and jobs given up on (all servers). */
  counts(): Promise<JobCounts>;
}

export interface JobCounts {
  pending: number;
  /** Given up on after every attempt (kept for the operator to read their last error). */
  failed: number;
  /** Of those, the ones whose last attempt was in the last 24 hours. */
  failedRecently: number;
}

/**
 * A MailQueue without the queue, for service tests that build a service alone: sends after
 * commit (a failure is logged by the unit of work, not retried), without attachments. The app uses
 * the mail outbox.
 */
export function afterCommitMail(mailer: Mailer): MailQueue {
  return {
    async send(tx, mail) {
      tx.afterCommit(() => mailer.send(mail));
    },
  };
}
