import { sql } from 'kysely';
import { loadConfig } from '../../server/config';
import { createServices } from '../../server/context';
import { openDatabase, sqliteFileIn } from '../../server/db/database';
import { EVENT_LOOP_REPORT_PREFIX, startEventLoopReport } from '../../server/lib/event-loop-report';
import { resolveSessionSecret } from '../../server/lib/secrets';
import type { EventLoopFigures } from './server';

export interface JobTiming {
  name: string;
  cron: string;
  seconds: number;
  /** What the run returned (rows, notices or jobs it made), or the error's message. */
  result: string;
  ok: boolean;
  /** The longest event-loop delay while it ran (wall clock), and the CPU-busy part of it. */
  stallMs: number;
  blockMs: number;
}

/**
 * One pass of every scheduled job (every manifest's `jobs` and the daily prune), in this process
 * on the app's own services over the given database, one after another, each timed with the
 * longest event-loop stall it caused (server/lib/event-loop-report.ts, as in the server). Mail is kept, never
 * sent; jobs a schedule enqueues stay queued.
 */
export async function timeScheduledJobs(dataDir: string, databaseUrl = ''): Promise<JobTiming[]> {
  return withServices(dataDir, databaseUrl, (ctx, errors) => timeEach(ctx, errors));
}

/**
 * Summaries the app keeps by a job, or rebuilds itself after a bulk load, brought up to date the
 * way the app does it: `untilDone` schedules run until a pass has nothing left to do (the community
 * impact figure's partials, 'impact figures', when every cohort is marked changed; the build writes
 * them with the cohorts and passes none) and `once` schedules run one pass (the 'community charts'
 * snapshot). (The care due dates,
 * `tree_care_due`, the generator writes with each tree by the repository's `careDueRowsOf`.)
 * Schedules this version of the app does not have are skipped. Answers the passes run.
 */
export async function settleJobKeptSummaries(
  dataDir: string,
  databaseUrl: string,
  { untilDone = ['impact figures'], once = ['community charts'] } = {},
  steps: string[] = [],
): Promise<number> {
  return withServices(
    dataDir,
    databaseUrl,
    async (ctx, errors) => {
      let at = performance.now();
      const lap = (name: string) => {
        steps.push(`${name} ${((performance.now() - at) / 1000).toFixed(1)} s`);
        at = performance.now();
      };
      // SQLite: the bulk connection's settings while settling (no fsync, a large cache: a failed
      // build is thrown away), in WAL beside the builder's writer, waiting for its statements.
      const sqlite = ctx.database.dialect === 'sqlite';
      if (sqlite)
        for (const pragma of BULK_PRAGMAS)
          await sql.raw(`pragma ${pragma}`).execute(ctx.database.db);
      let passes = 0;
      for (const job of ctx.background.schedules) {
        const runs = untilDone.includes(job.name) ? 100 : once.includes(job.name) ? 1 : 0;
        for (let pass = 0; pass < runs; pass++) {
          passes++;
          if ((await job.run()) === 0) break;
        }
        if (runs) lap(job.name);
      }
      if (errors.length) throw new Error(`settling summaries: ${errors[0]}`);
      return passes;
    },
    'NORMAL',
  );
}

const BULK_PRAGMAS = [
  'busy_timeout = 120000',
  'synchronous = OFF',
  'cache_size = -262144',
  'temp_store = MEMORY',
];

type Services = ReturnType<typeof createServices>;

/** The app's services over a data directory (and database), with mail kept and errors collected. */
async function withServices<T>(
  dataDir: string,
  databaseUrl: string,
  work: (ctx: Services, errors: string[]) => Promise<T>,
  /** NORMAL for the build's settling (a failed build is thrown away); the app's FULL otherwise. */
  synchronous: 'FULL' | 'NORMAL' = 'FULL',
): Promise<T> {
  let config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'error' });
  config = { ...config, sessionSecret: resolveSessionSecret(config.dataDir, undefined) };
  const database = openDatabase({
    databaseUrl,
    sqliteFile: sqliteFileIn(config.dataDir),
    synchronous,
  });
  const errors: string[] = [];
  const quiet = () => {};
  const ctx = createServices({
    config,
    database,
    mailer: { send: async () => {} },
    log: {
      info: quiet,
      warn: quiet,
      error: (obj: object, msg?: string) => {
        const err = (obj as { err?: unknown }).err;
        errors.push(`${msg ?? 'error'}${err instanceof Error ? `: ${err.message}` : ''}`);
      },
    },
  });
  try {
    return await work(ctx, errors);
  } finally {
    await database.close();
  }
}

async function timeEach(ctx: Services, errors: string[]): Promise<JobTiming[]> {
  const timings: JobTiming[] = [];
  let seen: EventLoopFigures = { maxMs: 0, p99Ms: 0, meanMs: 0, blockMs: 0 };
  const monitor = startEventLoopReport((line) => {
    seen = JSON.parse(line.slice(EVENT_LOOP_REPORT_PREFIX.length)) as EventLoopFigures;
  });
  try {
    for (const job of ctx.background.schedules) {
      monitor.report(); // a fresh window for this job
      const started = performance.now();
      let result: string;
      let ok = true;
      try {
        result = String(await job.run(new AbortController().signal));
      } catch (error) {
        ok = false;
        result = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      }
      const seconds = (performance.now() - started) / 1000;
      // A few more turns of the loop, so a stall at the very end is seen.
      await new Promise((r) => setTimeout(r, 30));
      monitor.report();
      timings.push({
        name: job.name,
        cron: job.cron,
        seconds,
        result,
        ok,
        stallMs: seen.maxMs,
        blockMs: seen.blockMs,
      });
    }
  } finally {
    monitor.stop();
  }
  if (errors.length)
    timings.push({
      name: 'after-commit effects',
      cron: '',
      seconds: 0,
      result: errors[0]!,
      ok: false,
      stallMs: 0,
      blockMs: 0,
    });
  return timings;
}
