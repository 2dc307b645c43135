import {
  Logger,
  parseCronItems,
  run,
  runMigrations,
  type Runner,
  type Task,
} from 'graphile-worker';
import { sql } from 'kysely';
import type pg from 'pg';
import type { DatabaseHandle } from '../db/database';
import type { Log } from '../lib/log';
import { DEFAULT_MAX_ATTEMPTS } from './backoff';
import type { JobCounts, JobHandler, JobQueue, Schedule } from './jobs-port';
import { scheduleTask } from './sqlite-queue';

/** A scheduled run is retried a few times; the next tick comes anyway. */
const SCHEDULE_ATTEMPTS = 5;

/**
 * Where graphile-worker keeps its tables: its usual `graphile_worker` beside an app in `public`,
 * or `<schema>_worker` beside an app in a schema of its own (each test database, each proof), so
 * two apps on one PostgreSQL never run each other's jobs.
 */
export const workerSchemaFor = (appSchema: string) =>
  appSchema === 'public' ? 'graphile_worker' : `${appSchema}_worker`;

function graphileLogger(log: Log): Logger {
  return new Logger((scope) => (level, message, meta) => {
    const fields = { ...scope, ...meta, worker: 'graphile-worker' };
    if (level === 'error') log.error(fields, message);
    else if (level === 'warning') log.warn(fields, message);
    // 'info' is a line per job started and completed; too much for the app's log.
  });
}

/**
 * The jobs port on PostgreSQL: graphile-worker 0.17. A job is added with its SQL function
 * `add_job` inside the caller's transaction (so it exists exactly when that commits), its
 * crontab runs the schedules (each tick once across every app server: known_crontabs is locked
 * per tick), and a failed job is retried after e^min(attempts, 10) seconds up to max_attempts.
 */
export function createGraphileQueue(options: {
  database: DatabaseHandle;
  log: Log;
  concurrency?: number;
  pollMs?: number;
}): JobQueue {
  const { database, log } = options;
  const pool: pg.Pool | undefined = database.pgPool;
  if (!pool) throw new Error('the PostgreSQL jobs queue needs the database handle’s pgPool');
  const logger = graphileLogger(log);
  let runner: Runner | undefined;
  let stopping = false;
  /** Aborted by `stop`: scheduled runs stop between their batches (and are retried later). */
  let stopSignal = new AbortController();
  const { concurrency, pollMs } = options;
  let handlerNames: string[] = [];
  let schema: Promise<string> | undefined;
  let installed: Promise<string> | undefined;

  const workerSchema = () =>
    (schema ??= sql<{ schema: string }>`select current_schema() as schema`
      .execute(database.db)
      .then(({ rows }) => workerSchemaFor(rows[0]!.schema)));
  /** graphile-worker's own migrations, once per process (a no-op when they are current). */
  const ready = () =>
    (installed ??= workerSchema().then(async (name) => {
      await runMigrations({ pgPool: pool, schema: name, logger });
      return name;
    })).catch((err: unknown) => {
      installed = undefined;
      throw err;
    });

  return {
    jobs: {
      async enqueue(tx, name, payload, opts = {}) {
        const workerSchema = await ready();
        await sql`select ${sql.id(workerSchema)}.add_job(
          ${name},
          ${JSON.stringify(payload ?? null)}::json,
          run_at => ${opts.runAt?.toISOString() ?? null}::timestamptz,
          max_attempts => ${DEFAULT_MAX_ATTEMPTS}::int,
          job_key => ${opts.key ?? null}::text
        )`.execute(tx.db);
      },
    },

    async start(handlers, schedules: ReadonlyArray<Schedule>) {
      if (runner) throw new Error('the jobs queue is already started');
      const workerSchema = await ready();
      const taskList: Record<string, Task> = {};
      for (const [name, handler] of Object.entries(handlers))
        taskList[name] = (payload) => (handler as JobHandler)(payload);
      for (const schedule of schedules) {
        const task = scheduleTask(schedule.name);
        if (taskList[task]) throw new Error(`two jobs are named ${task}`);
        // Our stop aborts at once; graphile-worker's own signal only after its shutdown timeout.
        taskList[task] = async (_payload, helpers) => {
          const count = await schedule.run(
            AbortSignal.any([stopSignal.signal, helpers.abortSignal]),
          );
          if (count > 0) log.info({ job: schedule.name, count }, 'background job done');
        };
      }
      handlerNames = Object.keys(taskList);
      const options = {
        pgPool: pool,
        schema: workerSchema,
        logger,
        concurrency: concurrency ?? 4,
        pollInterval: pollMs ?? 2000,
        // main.ts handles SIGTERM/SIGINT and stops the queue itself.
        noHandleSignals: true,
        // Unbatched, graphile-worker does not await a job's completion write, so a lost connection
        // is an unhandled rejection; batched (even with no delay) it is logged and the runner
        // stops, and `launch` below starts it again.
        preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
        taskList,
        parsedCronItems: parseCronItems(
          schedules.map((s) => ({
            task: scheduleTask(s.name),
            match: s.cron,
            identifier: s.name,
            options: { backfillPeriod: 0, maxAttempts: SCHEDULE_ATTEMPTS },
          })),
        ),
      };
      stopping = false;
      stopSignal = new AbortController();
      const launch = async (): Promise<void> => {
        const current = await run(options);
        runner = current;
        // graphile-worker stops when any schema on the server announces a breaking migration
        // (its notification channel is not per schema: a second app or test database being
        // installed). Start again: run() itself refuses a schema that is really too new.
        void current.promise
          .catch(() => undefined)
          .then(() => {
            if (stopping || runner !== current) return;
            log.warn({ worker: 'graphile-worker' }, 'the jobs runner stopped; starting it again');
            setTimeout(() => {
              if (!stopping && runner === current)
                launch().catch((err: unknown) => {
                  runner = undefined;
                  log.error({ err }, 'the jobs runner could not start again');
                });
            }, 100).unref();
          });
      };
      await launch();
    },

    async stop() {
      stopping = true;
      stopSignal.abort(new Error('the jobs queue is stopping'));
      const current = runner;
      runner = undefined;
      // Already stopped by graphile-worker itself: nothing to wait for.
      await current?.stop().catch(() => undefined);
    },

    async counts() {
      const workerSchema = await ready();
      const { rows } = await sql<JobCounts>`select
          count(*) filter (where attempts < max_attempts)::int as pending,
          count(*) filter (where attempts >= max_attempts)::int as failed,
          count(*) filter (where attempts >= max_attempts
            and updated_at > now() - interval '1 day')::int as "failedRecently"
        from ${sql.id(workerSchema)}.jobs`.execute(database.db);
      return rows[0] ?? { pending: 0, failed: 0, failedRecently: 0 };
    },

    async idle(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      const workerSchema = await ready();
      for (;;) {
        const { rows } = await sql<{ busy: number }>`select count(*)::int as busy
          from ${sql.id(workerSchema)}.jobs
          where attempts < max_attempts and (locked_at is not null or run_at <= now())
            and task_identifier = any(${handlerNames}::text[])`.execute(database.db);
        if ((rows[0]?.busy ?? 0) === 0) return;
        if (Date.now() > deadline)
          throw new Error(`the jobs queue was still busy after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
