import type { Tx } from '../db/unit-of-work';
import type { Mail, Mailer } from '../lib/mailer';

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

/** How services send mail: queued in the writing transaction, delivered (and retried) by the jobs. */
export interface MailQueue {
  send(tx: Tx, mail: Mail): Promise<void>;
}

/** Interim mail port until the queue lands: sends after commit (a failure is logged, not retried). */
export function afterCommitMail(mailer: Mailer): MailQueue {
  return {
    async send(tx, mail) {
      tx.afterCommit(() => mailer.send(mail));
    },
  };
}
