import type { Config } from '../../server/config';
import { createServices, type AppContext } from '../../server/context';
import type { DatabaseHandle } from '../../server/db/database';
import type { Clock } from '../../server/lib/clock';
import type { Mail, Mailer } from '../../server/lib/mailer';
import type { FileStore } from '../../server/modules/files/file-store';

/**
 * The app's own services on a clock the seed moves: each step happens "at" the moment the story
 * says (a drive created a month before it starts, a payment on its day), so the services' rules,
 * timestamps and notifications are the ones real use would leave. No mail leaves the machine.
 */
export interface Seeder {
  ctx: AppContext;
  /** The real moment the seed started: "now" for the story. */
  now: number;
  /** Runs `step` with the services' clock at `when`. */
  at<T>(when: Date | number, step: () => Promise<T>): Promise<T>;
  /** What the services logged as errors (after-commit effects); the seed fails on any. */
  errors: string[];
  /** Mail the services "sent" (kept here, never delivered): an invite's link is read from it. */
  mails: Mail[];
  /** Stops the job queue; call before closing the database. */
  close(): Promise<void>;
}

export function createSeeder(input: {
  config: Config;
  database: DatabaseHandle;
  fileStore?: FileStore;
  now?: number;
}): Seeder {
  const now = input.now ?? Date.now();
  let current = now;
  const clock: Clock = { now: () => new Date(current) };
  const mails: Mail[] = [];
  const mailer: Mailer = {
    send: async (mail) => {
      mails.push(mail);
    },
  };
  const errors: string[] = [];
  const log = {
    info: () => {},
    warn: () => {},
    error: (obj: object, msg?: string) => {
      const err = (obj as { err?: unknown }).err;
      errors.push(`${msg ?? 'error'}${err instanceof Error ? `: ${err.message}` : ''}`);
    },
  };
  const ctx = createServices({
    // Demo gifts are paid with the built-in test checkout, never through a real Stripe account.
    config: { ...input.config, stripe: { ...input.config.stripe, secretKey: undefined } },
    database: input.database,
    clock,
    mailer,
    log,
    ...(input.fileStore ? { fileStore: input.fileStore } : {}),
  });
  // Queued work (mail, notices, gift allocations) runs as in the app, but no schedules.
  let started: Promise<void> | null = null;
  return {
    ctx,
    now,
    errors,
    mails,
    async at(when, step) {
      current = typeof when === 'number' ? when : when.getTime();
      try {
        const result = await step();
        // What the step queued happens at the step's moment too.
        await (started ??= ctx.queue.start(ctx.background.tasks, []));
        await ctx.queue.idle(60_000);
        return result;
      } finally {
        current = now;
      }
    },
    async close() {
      if (started) await ctx.queue.stop();
    },
  };
}
