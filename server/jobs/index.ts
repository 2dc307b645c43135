import type { AppContext } from '../context';

export const JOB_INTERVAL_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

/** Jobs get their services from `createServices`, like route plugins do. */
export type JobContext = Pick<
  AppContext,
  'drives' | 'auth' | 'trees' | 'notifications' | 'rateLimits' | 'clock' | 'log'
>;

/**
 * Once a day (claimed in the shared counters, so one app server does it): each module prunes its
 * own tables — ended sessions, used or expired codes and reset tokens, sign-in attempts older than
 * a day, read notifications older than 90 days, finished rate-limit windows. Returns rows removed.
 */
export async function dailyPrune(
  ctx: Pick<JobContext, 'auth' | 'notifications' | 'rateLimits' | 'clock'>,
): Promise<number> {
  const now = ctx.clock.now();
  if (!(await ctx.rateLimits.claimOnce('job:daily-prune', DAY_MS - JOB_INTERVAL_MS))) return 0;
  return (
    (await ctx.auth.prune(now)) +
    (await ctx.notifications.prune(now)) +
    (await ctx.rateLimits.prune(now))
  );
}

const JOBS: ReadonlyArray<[string, (ctx: JobContext) => Promise<number>]> = [
  ['drive reminders', (ctx) => ctx.drives.sendDueReminders()],
  ['daily prune', dailyPrune],
  ['tree care reminders', (ctx) => ctx.trees.sendCareReminders()],
];

/** One pass of every job; a failing job is logged and the others still run. */
export async function runJobsOnce(ctx: JobContext): Promise<void> {
  for (const [name, job] of JOBS) {
    try {
      const count = await job(ctx);
      if (count > 0) ctx.log.info({ job: name, count }, 'background job done');
    } catch (err) {
      ctx.log.error({ err, job: name }, 'background job failed');
    }
  }
}

/**
 * Runs the jobs now and then every 5 minutes (never two passes at once). Called by main.ts after
 * listen, not by buildApp, so tests drive the jobs directly with their own clock.
 */
export function startJobs(
  ctx: JobContext,
  intervalMs = JOB_INTERVAL_MS,
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runJobsOnce(ctx).finally(() => {
      running = null;
    });
  };
  const first = setTimeout(tick, 0);
  const timer = setInterval(tick, intervalMs);
  // Shutdown stops the jobs itself; the timers alone must not keep the process alive.
  first.unref();
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
