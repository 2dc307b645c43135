import { parseCronItems } from 'graphile-worker';
import type { Kysely, Selectable } from 'kysely';
import type { Database, JobsTable } from '../db/tables';
import type { Clock } from '../lib/clock';
import type { Log } from '../lib/log';
import { DEFAULT_MAX_ATTEMPTS, retryDelayMs } from './backoff';
import type { JobHandler, JobQueue, Schedule } from './jobs-port';

export interface SqliteQueueOptions {
  db: Kysely<Database>;
  clock: Clock;
  log: Log;
  /** How often to look for jobs that became due without a commit waking the loop (retries, runAt). */
  pollMs?: number;
  /** Jobs run at once (each is async: a slow SMTP server does not hold the others up). */
  concurrency?: number;
}

type JobRow = Selectable<JobsTable>;

const MINUTE_MS = 60_000;
/** A scheduled run is retried a few times; the next tick comes anyway. */
const SCHEDULE_ATTEMPTS = 5;
export const scheduleTask = (name: string) => `schedule:${name}`;

const errorText = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).slice(0, 2000) || 'failed';

/**
 * The jobs port on SQLite: jobs are rows of `jobs` written in the caller's transaction and run by
 * an in-process loop, woken after a commit that enqueued and polling as a fallback. A failed run
 * waits e^attempts seconds (capped at e^10) and is marked failed after `max_attempts`. Schedules
 * are evaluated here once a minute: a matching minute is recorded in `job_schedule_runs` in the
 * same transaction as its job, so it is enqueued once, even across a restart.
 */
export function createSqliteQueue(options: SqliteQueueOptions): JobQueue {
  const { db, clock, log } = options;
  const pollMs = options.pollMs ?? 1000;
  const concurrency = options.concurrency ?? 4;
  let handlers: Readonly<Record<string, JobHandler>> = {};
  let names: string[] = [];
  let started = false;
  let stopping = false;
  /** Aborted by `stop`: scheduled runs stop between their batches. */
  let stopSignal = new AbortController();
  let pumping = false;
  let again = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let tickTimer: NodeJS.Timeout | undefined;
  const running = new Set<Promise<void>>();
  let schedules: ReadonlyArray<{ schedule: Schedule; match: (minute: Date) => boolean }> = [];

  const nowIso = () => clock.now().toISOString();

  async function claim(): Promise<JobRow | undefined> {
    if (names.length === 0) return undefined;
    const now = nowIso();
    return db
      .updateTable('jobs')
      .set((eb) => ({ status: 'running', locked_at: now, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where('status', '=', 'pending')
          .where('run_at', '<=', now)
          .where('name', 'in', names)
          .orderBy('run_at')
          .orderBy('id')
          .limit(1),
      )
      .returningAll()
      .executeTakeFirst();
  }

  async function runJob(job: JobRow): Promise<void> {
    try {
      await handlers[job.name]!(JSON.parse(job.payload) as unknown);
      await db.deleteFrom('jobs').where('id', '=', job.id).execute();
    } catch (err) {
      const reason = errorText(err);
      try {
        if (job.attempts >= job.max_attempts) {
          await db
            .updateTable('jobs')
            .set({ status: 'failed', last_error: reason, locked_at: null })
            .where('id', '=', job.id)
            .execute();
          log.error(
            { err, job: job.name, id: job.id, attempts: job.attempts },
            'job failed for good',
          );
        } else {
          const base = Math.max(clock.now().getTime(), Date.parse(job.run_at));
          const runAt = new Date(base + retryDelayMs(job.attempts)).toISOString();
          await db
            .updateTable('jobs')
            .set({ status: 'pending', last_error: reason, locked_at: null, run_at: runAt })
            .where('id', '=', job.id)
            .execute();
          log.warn(
            { err, job: job.name, id: job.id, attempts: job.attempts, retryAt: runAt },
            'job failed; retrying',
          );
        }
      } catch (recordErr) {
        // The database is gone (shutting down): the row stays 'running' and is reset on start.
        log.error({ err: recordErr, job: job.name }, 'recording a job failure failed');
      }
    }
  }

  /** Starts due jobs up to `concurrency`; called after commits, on the poll and when one ends. */
  async function pump(): Promise<void> {
    if (!started || stopping) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        while (!stopping && running.size < concurrency) {
          const job = await claim();
          if (!job) break;
          const run: Promise<void> = runJob(job).finally(() => {
            running.delete(run);
            void pump();
          });
          running.add(run);
        }
      } while (again && !stopping);
    } catch (err) {
      if (!stopping) log.error({ err }, 'reading the jobs queue failed');
    } finally {
      pumping = false;
    }
  }

  const wake = () => {
    void pump();
  };

  function poll() {
    pollTimer = setTimeout(() => {
      void pump().finally(() => {
        if (!stopping) poll();
      });
    }, pollMs);
    pollTimer.unref();
  }

  /** Enqueues each schedule matching this minute, unless this minute was already recorded. */
  async function tick(): Promise<void> {
    const minute = new Date(Math.floor(clock.now().getTime() / MINUTE_MS) * MINUTE_MS);
    const at = minute.toISOString();
    for (const { schedule, match } of schedules) {
      if (!match(minute)) continue;
      try {
        const enqueued = await db.transaction().execute(async (trx) => {
          const last = await trx
            .selectFrom('job_schedule_runs')
            .select('last_tick')
            .where('name', '=', schedule.name)
            .executeTakeFirst();
          if (last && last.last_tick >= at) return false;
          await trx
            .insertInto('job_schedule_runs')
            .values({ name: schedule.name, last_tick: at })
            .onConflict((oc) => oc.column('name').doUpdateSet({ last_tick: at }))
            .execute();
          await insertJob(trx, scheduleTask(schedule.name), { tick: at }, {}, SCHEDULE_ATTEMPTS);
          return true;
        });
        if (enqueued) wake();
      } catch (err) {
        if (!stopping) log.error({ err, job: schedule.name }, 'scheduling a job failed');
      }
    }
  }

  function nextTick() {
    const now = clock.now().getTime();
    // Just after the next minute starts (by the clock the queue is given).
    const wait = Math.max(1000, MINUTE_MS - (now % MINUTE_MS) + 50);
    tickTimer = setTimeout(() => {
      void tick().finally(() => {
        if (!stopping) nextTick();
      });
    }, wait);
    tickTimer.unref();
  }

  async function insertJob(
    executor: Kysely<Database>,
    name: string,
    payload: unknown,
    opts: { runAt?: Date; key?: string },
    maxAttempts = DEFAULT_MAX_ATTEMPTS,
  ): Promise<void> {
    const now = nowIso();
    const row = {
      name,
      payload: JSON.stringify(payload ?? null),
      run_at: opts.runAt ? opts.runAt.toISOString() : now,
      attempts: 0,
      max_attempts: maxAttempts,
      status: 'pending' as const,
      last_error: null,
      locked_at: null,
    };
    if (opts.key) {
      const existing = await executor
        .selectFrom('jobs')
        .select(['id', 'status'])
        .where('key', '=', opts.key)
        .executeTakeFirst();
      if (existing && existing.status !== 'running') {
        // Not started (or failed for good): this enqueue replaces it.
        await executor.updateTable('jobs').set(row).where('id', '=', existing.id).execute();
        return;
      }
      // Already running: it keeps running without its key; this one waits its turn.
      if (existing)
        await executor
          .updateTable('jobs')
          .set({ key: null })
          .where('id', '=', existing.id)
          .execute();
    }
    await executor
      .insertInto('jobs')
      .values({ ...row, key: opts.key ?? null, created_at: now })
      .execute();
  }

  return {
    jobs: {
      async enqueue(tx, name, payload, opts = {}) {
        await insertJob(tx.db, name, payload, opts);
        tx.afterCommit(wake);
      },
    },

    async start(taskHandlers, scheduleList) {
      if (started) throw new Error('the jobs queue is already started');
      const all: Record<string, JobHandler> = { ...taskHandlers };
      for (const schedule of scheduleList) {
        const task = scheduleTask(schedule.name);
        if (all[task]) throw new Error(`two jobs are named ${task}`);
        all[task] = async () => {
          const count = await schedule.run(stopSignal.signal);
          if (count > 0) log.info({ job: schedule.name, count }, 'background job done');
        };
      }
      // graphile-worker's own crontab parser, so both databases read a pattern the same way.
      const parsed = parseCronItems(
        scheduleList.map((s) => ({
          task: scheduleTask(s.name),
          match: s.cron,
          identifier: s.name,
        })),
      );
      schedules = scheduleList.map((schedule, i) => ({
        schedule,
        match: (minute: Date) =>
          parsed[i]!.match({
            min: minute.getUTCMinutes(),
            hour: minute.getUTCHours(),
            date: minute.getUTCDate(),
            month: minute.getUTCMonth() + 1,
            dow: minute.getUTCDay(),
          }),
      }));
      handlers = all;
      names = Object.keys(all);
      // One process owns a SQLite file: a job left running is one a crash interrupted.
      await db
        .updateTable('jobs')
        .set({ status: 'pending', locked_at: null })
        .where('status', '=', 'running')
        .execute();
      started = true;
      stopSignal = new AbortController();
      poll();
      if (schedules.length > 0) {
        await tick();
        nextTick();
      }
      wake();
    },

    async stop() {
      stopping = true;
      stopSignal.abort(new Error('the jobs queue is stopping'));
      clearTimeout(pollTimer);
      clearTimeout(tickTimer);
      const deadline = new Promise((resolve) => setTimeout(resolve, 5000).unref());
      await Promise.race([Promise.allSettled([...running]), deadline]);
    },

    async counts() {
      const rows = await db
        .selectFrom('jobs')
        .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
        .groupBy('status')
        .execute();
      const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
      // A job given up on keeps the run_at of its last attempt.
      const since = new Date(clock.now().getTime() - 86_400_000).toISOString();
      const recent = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'failed')
        .where('run_at', '>=', since)
        .executeTakeFirstOrThrow();
      return {
        pending: of('pending') + of('running'),
        failed: of('failed'),
        failedRecently: Number(recent.n),
      };
    },

    async idle(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (running.size === 0 && !pumping) {
          const due =
            names.length === 0
              ? undefined
              : await db
                  .selectFrom('jobs')
                  .select('id')
                  .where('status', '=', 'pending')
                  .where('run_at', '<=', nowIso())
                  .where('name', 'in', names)
                  .executeTakeFirst();
          if (!due && running.size === 0) return;
          wake();
        }
        if (Date.now() > deadline)
          throw new Error(`the jobs queue was still busy after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}
