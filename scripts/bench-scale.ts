/**
 * `npm run bench:scale` (issue 20): every screen stays fast as the community grows, on SQLite and
 * PostgreSQL.
 *
 * Builds the demo community and, on a copy of it, the million-tree community (1,000,000 trees with
 * 1.46 million measurements, 50,000 drives, 200,000 donations, 20,000 members; asha@… owns 5,000
 * trees, greenleaf@… organises 2,000 drives) by direct bulk inserts with every summary brought in
 * step and checked against its rows. Then starts one server on each and times every GET a screen
 * makes, the same request on both, 10 connections (autocannon): the ratio of mean latencies must
 * stay ≤ 1.3× and the million's p99 under 50 ms (a download: its cost per KB ≤ 1.3× and its answer
 * starting within 50 ms). Also the longest event-loop stall in the server per endpoint
 * (`EVENT_LOOP_REPORT`, server/lib/event-loop-report.ts), and one timed pass of every scheduled job
 * on the million database, on its own: the servers timing endpoints run no schedules
 * (`SCHEDULED_JOBS=false`), so a job's pass does not land in some endpoint's window by chance.
 * Exits non-zero on any failure.
 *
 *   npm run bench:scale                          # SQLite, then PostgreSQL (TEST_DATABASE_URL)
 *   npm run bench:scale -- --build DIR           # only build the SQLite data directory
 *   npm run bench:scale -- --build DIR --postgres-only   # only build PostgreSQL's pair (kept, for --reuse DIR)
 *   npm run bench:scale -- --sqlite-only | --postgres-only [--postgres URL]
 *   npm run bench:scale -- --duration 5 --only 'trees map' --scale 0.1 --keep --json out.json
 *   npm run bench:scale -- --sqlite-only --reuse /tmp/canopy-scale-XXXX   # a --keep run's build
 *
 * The PostgreSQL role needs CREATEDB: the run makes (and drops) canopy_scale_demo and
 * canopy_scale_million next to the database in the URL (`--pg-name NAME`: NAME_demo and
 * NAME_million instead, e.g. to build a second pair while another is measured).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD } from './seed/people';
import { postgresBulk, sqliteBulk, type BulkDb } from './bench-scale/bulk-db';
import {
  analyzePostgres,
  analyzeSqlite,
  assertConsistent,
  buildPostgres,
  buildSqlite,
  dropDatabase,
  recreateDatabase,
  seedDemo,
  withDatabase,
  type BuildReport,
} from './bench-scale/build';
import {
  comparableAnswer,
  ENDPOINTS,
  itemCount,
  MY_TREES_LIST,
  resolveIds,
  sameContentUrl,
  type Caller,
  type Endpoint,
  type Ids,
  TWIN_CALLERS,
  type TwinCaller,
} from './bench-scale/endpoints';
import { FULL_SIZE, scaledSize } from './bench-scale/generate';
import { timeScheduledJobs, type JobTiming } from './bench-scale/jobs';
import { startBenchServer, type BenchServer } from './bench-scale/server';
import { checkConsistency, type Check } from './bench-scale/summaries';
import { sqliteFileIn } from '../server/db/database';
import { cpuMicros } from '../tests/support/process-cpu';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const flag = (name: string) => args.includes(name);

const CONNECTIONS = 10;
const RATIO_BUDGET = 1.3;
const P99_BUDGET_MS = 50;
const STALL_BUDGET_MS = 50;
const BUILD_BUDGET_S = 120;
/** A first answer slower than this is timed by three single requests instead of autocannon. */
const SLOW_MS = 1000;
const DEEP_PAGES = 40;
/** Requests sent alone, one after another, to see one request's own block (a download's fewer). */
const SOLO_REQUESTS = 10;
const SOLO_DOWNLOADS = 3;

const duration = Number(option('--duration') ?? 3);
/** The PostgreSQL databases' names: PG_NAME_demo and PG_NAME_million. */
const PG_NAME = option('--pg-name') ?? 'canopy_scale';
if (!/^[a-z][a-z0-9_]{0,40}$/.test(PG_NAME))
  throw new Error(`--pg-name: '${PG_NAME}' is not a plain lower-case name`);
const size = option('--scale') ? scaledSize(Number(option('--scale'))) : FULL_SIZE;
const only = option('--only') ? new RegExp(option('--only')!, 'i') : undefined;
const log = (line: string) => console.log(line);
const round = (n: number, digits = 1) => Number(n.toFixed(digits));
const checkTime = (c: Check) => (c.seconds === undefined ? '' : ` (${c.seconds.toFixed(1)} s)`);

interface Timing {
  status: number;
  /** The first request's latency (caches cold). */
  firstMs: number;
  /** The answer's size as sent (compressed if the server compressed it), KB. */
  kb: number;
  /** A JSON answer's items (`itemCount`: its longest array). */
  items: number;
  meanMs: number;
  p99Ms: number;
  rps: number;
  cpuUsPerRequest: number | null;
  /**
   * The longest event-loop delay in the server while this endpoint was timed (wall clock), and
   * the part of it the server spent on the CPU at 10 connections, where one turn of the loop may
   * run the callbacks of all ten requests (printed, not judged).
   */
  stallMs: number;
  concurrentBlockMs: number;
  /** The CPU-busy block while the same request ran alone, one after another: one request's own (judged). */
  blockMs: number;
  /** Timed by single requests (the first took over a second). */
  single: boolean;
  errors: number;
  /** Downloads: the answer's size, and when its headers came (5 single requests, mean and max). */
  download?: { kb: number; startMeanMs: number; startMaxMs: number };
}

/** A download's size and when its answer starts: 5 single requests, timed to their headers. */
async function timeDownloadStart(
  server: BenchServer,
  url: string,
  headers: Record<string, string>,
): Promise<NonNullable<Timing['download']>> {
  const starts: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    const res = await fetch(server.url + url, { headers });
    starts.push(performance.now() - t);
    bytes = (await res.arrayBuffer()).byteLength;
  }
  return {
    kb: bytes / 1024,
    startMeanMs: starts.reduce((a, b) => a + b, 0) / starts.length,
    startMaxMs: Math.max(...starts),
  };
}

async function timeEndpoint(
  server: BenchServer,
  url: string,
  headers: Record<string, string>,
  download = false,
): Promise<Timing> {
  const timing = await timeWhole(server, url, headers, download ? SOLO_DOWNLOADS : SOLO_REQUESTS);
  if (!download || timing.status !== 200) return timing;
  return { ...timing, download: await timeDownloadStart(server, url, headers) };
}

async function timeWhole(
  server: BenchServer,
  url: string,
  headers: Record<string, string>,
  soloRequests: number,
): Promise<Timing> {
  await server.eventLoop(); // start the stall window here
  const started = performance.now();
  const first = await fetch(server.url + url, { headers });
  const body = Buffer.from(await first.arrayBuffer());
  const kb = body.byteLength / 1024;
  const firstMs = performance.now() - started;
  const items = first.headers.get('content-type')?.includes('json')
    ? itemCount(JSON.parse(body.toString('utf8')))
    : 0;
  if (!first.ok) {
    const stall = await server.eventLoop();
    return {
      status: first.status,
      firstMs,
      kb,
      items,
      meanMs: firstMs,
      p99Ms: firstMs,
      rps: 0,
      cpuUsPerRequest: null,
      stallMs: stall.maxMs,
      concurrentBlockMs: stall.blockMs,
      blockMs: stall.blockMs,
      single: true,
      errors: 1,
    };
  }
  const singles = async (times: number[]): Promise<Timing> => {
    while (times.length < 3) {
      const t = performance.now();
      await (await fetch(server.url + url, { headers })).arrayBuffer();
      times.push(performance.now() - t);
    }
    const stall = await server.eventLoop();
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    return {
      status: first.status,
      firstMs,
      kb,
      items,
      meanMs: mean,
      p99Ms: Math.max(...times),
      rps: 1000 / mean,
      cpuUsPerRequest: null,
      stallMs: stall.maxMs,
      concurrentBlockMs: stall.blockMs,
      blockMs: stall.blockMs,
      single: true,
      errors: 0,
    };
  };
  if (firstMs > SLOW_MS) return singles([firstMs]);
  const request = { method: 'GET' as const, path: url, headers };
  // Warm-up: prepared statements, caches, JIT.
  await autocannon({ url: server.url, requests: [request], connections: CONNECTIONS, duration: 1 });
  const pid = server.process.pid;
  const cpuBefore = cpuMicros(pid);
  const result = await autocannon({
    url: server.url,
    requests: [request],
    connections: CONNECTIONS,
    duration,
    timeout: 30,
  });
  const cpuAfter = cpuMicros(pid);
  // Under 10 connections no answer came back within the run: time it by single requests instead.
  if (result.requests.total < CONNECTIONS) return singles([]);
  const stall = await server.eventLoop();
  // The same request alone, one after another: the longest block is then one request's own work.
  for (let i = 0; i < soloRequests; i++)
    await (await fetch(server.url + url, { headers })).arrayBuffer();
  const solo = await server.eventLoop();
  return {
    status: first.status,
    firstMs,
    kb,
    items,
    meanMs: result.latency.mean,
    p99Ms: result.latency.p99,
    rps: result.requests.average,
    cpuUsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
        ? null
        : (cpuAfter - cpuBefore) / result.requests.total,
    stallMs: stall.maxMs,
    concurrentBlockMs: stall.blockMs,
    blockMs: solo.blockMs,
    single: false,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function signIn(
  server: BenchServer,
  who: Exclude<Caller, 'public'> | TwinCaller,
): Promise<string> {
  const res = await fetch(`${server.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${who}@${DEMO_EMAIL_DOMAIN}`, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`signing in as ${who} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { result: { token: string } }).result.token;
}

async function getJson<T>(server: BenchServer, url: string, token: string): Promise<T> {
  const res = await fetch(server.url + url, { headers: { 'x-auth-token': token } });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return (await res.json()) as T;
}

/**
 * A list's cursor `DEEP_PAGES` pages in on this server (or its last page's): the Plantations list,
 * or another keyset list (`list`, a path with its query).
 */
async function deepCursor(
  server: BenchServer,
  token: string,
  list = '/api/trees/geteventdetail?when=upcoming&limit=12',
): Promise<string | null> {
  let cursor: string | null = null;
  for (let page = 1; page < DEEP_PAGES; page++) {
    const url: string = `${list}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const answer: { nextCursor?: string | null } = await getJson(server, url, token);
    if (!answer.nextCursor) break;
    cursor = answer.nextCursor;
  }
  return cursor;
}

interface Row {
  endpoint: Endpoint;
  url: string;
  as: Caller;
  demo: Timing;
  million: Timing;
  ratio: number;
  verdict: 'pass' | 'FAIL' | 'n/a';
  why: string;
  /**
   * Fuller on the million than on the demo, so compared at equal content: a page of the caller's
   * own list asked for the demo's number of items (`demo` absent: the demo's own answer), or the
   * endpoint's twin (`twin`: another demo member or place, the same answer on both databases);
   * with the ratio of the full answers (not judged).
   */
  sameContent?: { items: number; million: Timing; fullRatio: number; demo?: Timing; twin?: string };
}

/** Milliseconds per kilobyte of a download at 10 connections. */
const msPerKb = (t: Timing) => t.meanMs / Math.max(t.download?.kb ?? 0, 0.001);

/**
 * An endpoint's verdict. A download (an export: the member's whole history by design) is judged by
 * its cost per kilobyte against the demo's and by when its answer starts (headers within 50 ms);
 * every other answer by its whole latency.
 */
function judge(
  demo: Timing,
  million: Timing,
  sameContent?: Timing & { demo?: Timing },
): Pick<Row, 'ratio' | 'verdict' | 'why'> {
  const download = demo.download && million.download;
  const ratio = download
    ? msPerKb(million) / Math.max(msPerKb(demo), 0.000001)
    : (sameContent ?? million).meanMs / Math.max((sameContent?.demo ?? demo).meanMs, 0.001);
  if (demo.status === 404 && million.status === 404)
    return { ratio: 1, verdict: 'n/a', why: 'not on this server (404)' };
  const why: string[] = [];
  if (million.status === 200 && !(million.meanMs > 0)) why.push('no answer');
  for (const t of sameContent ? [million, sameContent, sameContent.demo ?? demo] : [million])
    if (t.status !== 200 || t.errors > 0)
      why.push(`${t.status !== 200 ? t.status : `${t.errors} errors`}`);
  if (ratio > RATIO_BUDGET)
    why.push(
      `${ratio.toFixed(2)}×${download ? ' per KB' : sameContent?.demo ? ' at equal content' : sameContent ? ` at ${sameContent.items} item${sameContent.items === 1 ? '' : 's'}` : ''}`,
    );
  if (download) {
    if (download.startMaxMs > P99_BUDGET_MS)
      why.push(`starts after ${Math.round(download.startMaxMs)} ms`);
  } else if (million.p99Ms > P99_BUDGET_MS) why.push(`p99 ${Math.round(million.p99Ms)} ms`);
  const blockMs = Math.max(million.blockMs, sameContent?.blockMs ?? 0);
  if (blockMs > STALL_BUDGET_MS) why.push(`blocks ${Math.round(blockMs)} ms`);
  return { ratio, verdict: why.length ? 'FAIL' : 'pass', why: why.join(', ') };
}

interface Target {
  name: 'SQLite' | 'PostgreSQL';
  demo: { dataDir: string; databaseUrl: string };
  million: { dataDir: string; databaseUrl: string };
  build: Omit<BuildReport, 'seedSeconds'> & {
    seedSeconds: number;
    totalSeconds: number;
    /** Reused from a `--keep` run (`--reuse`): nothing was built, so no build time is judged. */
    reused?: boolean;
  };
  demoChecks: Check[];
  cleanup(): Promise<void>;
}

async function prepareSqlite(base: string): Promise<Target> {
  const demoDir = path.join(base, 'sqlite-demo');
  const millionDir = path.join(base, 'sqlite-million');
  log('\nSQLite: seeding the demo community…');
  const started = performance.now();
  const seedSeconds = await seedDemo(demoDir);
  await analyzeSqlite(demoDir);
  fs.cpSync(demoDir, millionDir, { recursive: true });
  log(`  demo community seeded (${seedSeconds.toFixed(1)} s); growing a copy to a million trees…`);
  const report = await buildSqlite(millionDir, size, log, { seeded: true });
  const totalSeconds = (performance.now() - started) / 1000;
  const demoDb = sqliteBulk(sqliteFileIn(demoDir));
  const demoChecks = await checkConsistency(demoDb).finally(() => demoDb.close());
  return {
    name: 'SQLite',
    demo: { dataDir: demoDir, databaseUrl: '' },
    million: { dataDir: millionDir, databaseUrl: '' },
    build: { ...report, seedSeconds, totalSeconds },
    demoChecks,
    cleanup: async () => {
      if (!flag('--keep')) fs.rmSync(base, { recursive: true, force: true });
    },
  };
}

/**
 * `--reuse BASE`: the demo and million-tree data directories (and, for PostgreSQL, the databases)
 * a `--keep` run left in BASE, instead of building them again. Each is first brought to the
 * current migrations by starting a server on it (an upgrade, as production would see it); then
 * the consistency check runs on both, so a summary a new migration filled wrongly still fails.
 */
async function reuseBuilt(base: string, name: Target['name'], adminUrl: string): Promise<Target> {
  const sqlite = name === 'SQLite';
  const demo = {
    dataDir: path.join(base, sqlite ? 'sqlite-demo' : 'pg-demo'),
    databaseUrl: sqlite ? '' : withDatabase(adminUrl, `${PG_NAME}_demo`),
  };
  const million = {
    dataDir: path.join(base, sqlite ? 'sqlite-million' : 'pg-million'),
    databaseUrl: sqlite ? '' : withDatabase(adminUrl, `${PG_NAME}_million`),
  };
  for (const dir of [demo.dataDir, million.dataDir])
    if (!fs.existsSync(dir)) throw new Error(`--reuse: ${dir} is missing (made by a --keep run)`);
  log(`\n${name}: reusing ${base} (migrating and checking it)…`);
  const started = performance.now();
  for (const t of [demo, million]) await (await startBenchServer(t.dataDir, t.databaseUrl)).stop();
  const open = (t: typeof demo) =>
    sqlite ? Promise.resolve(sqliteBulk(sqliteFileIn(t.dataDir))) : postgresBulk(t.databaseUrl);
  // A kept pair's earlier job pass leaves its mails queued; a timing server would run them.
  for (const t of [demo, million]) {
    const db = await open(t);
    const dropped = await emptyJobQueue(db, sqlite).finally(() => db.close());
    if (dropped)
      log(`  ${path.basename(t.dataDir)}: dropped ${dropped} queued jobs left by an earlier run`);
  }
  const checkedAt = performance.now();
  const [checks, demoChecks] = await Promise.all(
    [million, demo].map(async (t) => {
      const db = await open(t);
      return checkConsistency(db).finally(() => db.close());
    }),
  );
  const db = await open(million);
  const count = async (table: string) =>
    Number((await db.all<{ n: number }>(`select count(*) as n from ${table}`))[0]!.n);
  const counts = {
    members: await count('users'),
    drives: await count('drives'),
    participants: await count('drive_participants'),
    trees: await count('trees'),
    measurements: await count('tree_measurements'),
    care: await count('tree_care_log'),
    careDue: await count('tree_care_due'),
    donations: await count('donations'),
  };
  await db.close();
  const seconds = (from: number) => (performance.now() - from) / 1000;
  return {
    name,
    demo,
    million,
    build: {
      counts,
      seedSeconds: 0,
      rowsSeconds: 0,
      summarySeconds: 0,
      analyzeSeconds: 0,
      checkSeconds: seconds(checkedAt),
      totalSeconds: seconds(started),
      checks: checks!,
      reused: true,
    },
    demoChecks: demoChecks!,
    cleanup: async () => undefined,
  };
}

/**
 * Empties the job queue (SQLite's `jobs`, graphile-worker's jobs on PostgreSQL) so the timing
 * servers only answer requests; answers how many jobs were dropped.
 */
async function emptyJobQueue(db: BulkDb, sqlite: boolean): Promise<number> {
  const table = sqlite ? 'jobs' : 'graphile_worker._private_jobs';
  if (!sqlite) {
    const [found] = await db.all<{ t: string | null }>(`select to_regclass('${table}')::text as t`);
    if (!found?.t) return 0;
  }
  const [row] = await db.all<{ n: number }>(`select count(*) as n from ${table}`);
  const n = Number(row!.n);
  if (n) await db.run(`delete from ${table}`);
  return n;
}

async function preparePostgres(base: string, adminUrl: string): Promise<Target> {
  const demoName = `${PG_NAME}_demo`;
  const millionName = `${PG_NAME}_million`;
  const demoUrl = withDatabase(adminUrl, demoName);
  const millionUrl = withDatabase(adminUrl, millionName);
  const demoDir = path.join(base, 'pg-demo');
  const millionDir = path.join(base, 'pg-million');
  log('\nPostgreSQL: seeding the demo community…');
  const started = performance.now();
  await recreateDatabase(adminUrl, demoName);
  const seedSeconds = await seedDemo(demoDir, demoUrl);
  await analyzePostgres(demoUrl);
  await recreateDatabase(adminUrl, millionName, demoName);
  fs.cpSync(demoDir, millionDir, { recursive: true });
  log(`  demo community seeded (${seedSeconds.toFixed(1)} s); growing a copy to a million trees…`);
  const report = await buildPostgres(millionUrl, millionDir, size, log);
  const totalSeconds = (performance.now() - started) / 1000;
  const demoDb = await postgresBulk(demoUrl);
  const demoChecks = await checkConsistency(demoDb).finally(() => demoDb.close());
  return {
    name: 'PostgreSQL',
    demo: { dataDir: demoDir, databaseUrl: demoUrl },
    million: { dataDir: millionDir, databaseUrl: millionUrl },
    build: { ...report, seedSeconds, totalSeconds },
    demoChecks,
    cleanup: async () => {
      if (flag('--keep')) return;
      await dropDatabase(adminUrl, millionName);
      await dropDatabase(adminUrl, demoName);
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}

interface Outcome {
  target: string;
  build: Target['build'];
  checks: Check[];
  demoChecks: Check[];
  rows: Row[];
  jobs: JobTiming[];
  /** The million server's longest event-loop delay and CPU-busy block over every endpoint. */
  millionStall: { delayMs: number; blockMs: number };
}

/** The build's own time, demo seed included: the consistency check verifies it, not builds it. */
const buildSeconds = (build: Target['build']) => build.totalSeconds - build.checkSeconds;

async function measure(target: Target): Promise<Outcome> {
  const { build } = target;
  log(
    `  built: ${build.counts.trees.toLocaleString('en')} trees, ${build.counts.measurements.toLocaleString('en')} measurements, ` +
      `${build.counts.drives.toLocaleString('en')} drives, ${build.counts.donations.toLocaleString('en')} donations, ` +
      `${build.counts.members.toLocaleString('en')} members added in ${build.rowsSeconds.toFixed(1)} s ` +
      `(+ summaries ${build.summarySeconds.toFixed(1)} s, ANALYZE ${build.analyzeSeconds.toFixed(1)} s, check ${build.checkSeconds.toFixed(1)} s; ` +
      `${buildSeconds(build).toFixed(1)} s with the demo seed, without the check)`,
  );
  for (const c of build.checks)
    log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}${checkTime(c)}`);
  for (const c of target.demoChecks.filter((c) => !c.ok)) log(`  FAIL demo ${c.name}: ${c.detail}`);
  assertConsistent(`${target.name} million`, build.checks);

  const demo = await startBenchServer(target.demo.dataDir, target.demo.databaseUrl);
  const million = await startBenchServer(target.million.dataDir, target.million.databaseUrl);
  const rows: Row[] = [];
  try {
    // Every member an endpoint or its twin is asked as, signed in on both servers.
    const signInAll = async (server: BenchServer) => {
      const callers = ['asha', 'greenleaf', ...TWIN_CALLERS] as const;
      const signed = await Promise.all(callers.map((who) => signIn(server, who)));
      return Object.fromEntries(callers.map((who, i) => [who, signed[i]!])) as Record<
        Exclude<Caller, 'public'> | TwinCaller,
        string
      >;
    };
    const tokens = { demo: await signInAll(demo), million: await signInAll(million) };
    /** The twin timed on both, when both answer it with the same text (else not used: said so). */
    const timeTwin = async (twin: NonNullable<Endpoint['twin']>, url: string) => {
      // A public page's twin is asked as nobody, as the page is.
      const headers: Record<'demo' | 'million', Record<string, string>> = twin.as === 'public'
        ? { demo: {}, million: {} }
        : {
            demo: { 'x-auth-token': tokens.demo[twin.as] },
            million: { 'x-auth-token': tokens.million[twin.as] },
          };
      const [a, b] = await Promise.all(
        [demo.url, million.url].map(async (base, i) =>
          comparableAnswer(
            await (await fetch(base + url, { headers: i ? headers.million : headers.demo })).text(),
          ),
        ),
      );
      if (a !== b) {
        log(`  (the twin ${twin.as}: ${url} differs between the databases: not used)`);
        return undefined;
      }
      const twinDemo = await timeEndpoint(demo, url, headers.demo);
      return { ...(await timeEndpoint(million, url, headers.million)), demo: twinDemo };
    };
    const shared = await resolveIds((url, as) => getJson(demo, url, tokens.demo[as]));
    const ids: { demo: Ids; million: Ids } = {
      demo: {
        ...shared,
        deepCursor: await deepCursor(demo, tokens.demo.asha),
        deepTreeCursor: await deepCursor(demo, tokens.demo.asha, MY_TREES_LIST),
      },
      million: {
        ...shared,
        deepCursor: await deepCursor(million, tokens.million.asha),
        deepTreeCursor: await deepCursor(million, tokens.million.asha, MY_TREES_LIST),
      },
    };
    log(
      `\n  ${'screen'.padEnd(20)} ${'endpoint'.padEnd(58)} ${'demo mean/p99 ms'.padStart(17)} ${'million mean/p99 ms'.padStart(20)} ${'ratio'.padStart(7)} ${'block ms'.padStart(9)} ${'KB demo→million'.padStart(16)}  verdict`,
    );
    for (const endpoint of ENDPOINTS) {
      const demoUrl = endpoint.path(ids.demo);
      const millionUrl = endpoint.path(ids.million);
      if (!demoUrl || !millionUrl) continue;
      const label = `${endpoint.as === 'public' ? '' : `${endpoint.as}: `}${millionUrl.replace(/cursor=[^&]+/, `cursor=<page ${DEEP_PAGES}>`)}`;
      if (only && !only.test(`${endpoint.screen} ${label}`)) continue;
      const headers = (who: 'demo' | 'million'): Record<string, string> =>
        endpoint.as === 'public' ? {} : { 'x-auth-token': tokens[who][endpoint.as] };
      const d = await timeEndpoint(demo, demoUrl, headers('demo'), endpoint.download);
      const m = await timeEndpoint(million, millionUrl, headers('million'), endpoint.download);
      // The rule is about the community's size: a page fuller than the demo member's is also
      // timed holding the demo's items (docs/decisions/scale-bench-equal-content.md).
      const fuller = endpoint.paged && d.items > 0 && m.items > d.items;
      const twinUrl = endpoint.twin?.path(ids.demo);
      const same: (Timing & { demo?: Timing }) | undefined = fuller
        ? await timeEndpoint(million, sameContentUrl(millionUrl, d.items), headers('million'))
        : endpoint.twin && twinUrl
          ? await timeTwin(endpoint.twin, twinUrl)
          : undefined;
      const row: Row = {
        endpoint,
        url: label,
        as: endpoint.as,
        demo: d,
        million: m,
        ...judge(d, m, same),
        ...(same && {
          sameContent: {
            items: same.demo ? same.items : d.items,
            million: same,
            fullRatio: m.meanMs / Math.max(d.meanMs, 0.001),
            ...(same.demo && { demo: same.demo, twin: `${endpoint.twin!.as}: ${twinUrl}` }),
          },
        }),
      };
      rows.push(row);
      const fmt = (t: Timing) =>
        t.status !== 200
          ? `HTTP ${t.status}`
          : t.download
            ? `${t.meanMs.toFixed(1)}/${Math.round(t.download.kb)}KB/${Math.round(t.download.startMaxMs)}†`
            : `${t.meanMs.toFixed(1)} / ${Math.round(t.p99Ms)}${t.single ? '*' : ''}`;
      log(
        `  ${endpoint.screen.padEnd(20)} ${label.slice(0, 58).padEnd(58)} ${fmt(d).padStart(17)} ${fmt(m).padStart(20)} ${`${row.ratio.toFixed(2)}×`.padStart(7)} ${m.blockMs.toFixed(0).padStart(9)} ${`${d.kb.toFixed(1)}→${m.kb.toFixed(1)}`.padStart(16)}  ${row.verdict}${row.why ? ` (${row.why})` : ''}`,
      );
      if (row.sameContent)
        log(
          `  ${''.padEnd(20)} ${(row.sameContent.twin ? `  ‖ twin ${row.sameContent.twin}` : `  ‖ the million at the demo's ${row.sameContent.items} of ${m.items} items`).slice(0, 58).padEnd(58)} ${(row.sameContent.demo ? fmt(row.sameContent.demo) : '').padStart(17)} ${fmt(row.sameContent.million).padStart(20)} ${`${row.ratio.toFixed(2)}×`.padStart(7)}  (full answers ${row.sameContent.fullRatio.toFixed(2)}×, not judged)`,
        );
    }
  } finally {
    await Promise.all([demo.stop(), million.stop()]);
  }
  const worst = (pick: (t: Timing) => number) =>
    Math.max(0, ...rows.map((r) => pick(r.million))).toFixed(1);
  log(
    `  † a download: mean ms at ${CONNECTIONS} connections / its size / the longest of 5 starts (headers) in ms; judged per KB and by its start`,
  );
  log(
    `  ‖ fuller on the million: a page of the caller's own list is judged at the demo's number of items, a dashboard, calendar or map view by its twin (another demo member or place, the same answer on both); p99 and block on the full answer`,
  );
  log(
    `  * timed by 3 single requests (the first took over ${SLOW_MS / 1000} s, or fewer than ${CONNECTIONS} answers came back in ${duration} s at ${CONNECTIONS} connections). Million server while endpoints were timed: ` +
      `longest event-loop delay ${worst((t) => t.stallMs)} ms (wall clock), longest CPU-busy block ${worst((t) => t.concurrentBlockMs)} ms at ${CONNECTIONS} connections and ${worst((t) => t.blockMs)} ms by a request alone (judged)`,
  );

  let jobs: JobTiming[] = [];
  if (!flag('--no-jobs')) {
    log(`\n  One pass of every scheduled job on the million database:`);
    jobs = await timeScheduledJobs(target.million.dataDir, target.million.databaseUrl);
    for (const j of jobs)
      log(
        `  ${j.ok && j.blockMs <= STALL_BUDGET_MS ? 'ok  ' : 'FAIL'} ${j.name.padEnd(28)} ${j.seconds.toFixed(2).padStart(7)} s   ` +
          `event-loop delay ${j.stallMs.toFixed(1).padStart(6)} ms, CPU-busy block ${j.blockMs.toFixed(1).padStart(6)} ms   → ${j.result}`,
      );
  }
  return {
    target: target.name,
    build: target.build,
    checks: build.checks,
    demoChecks: target.demoChecks,
    rows,
    jobs,
    millionStall: {
      delayMs: Math.max(0, ...rows.map((r) => r.million.stallMs)),
      blockMs: Math.max(0, ...rows.map((r) => r.million.blockMs)),
    },
  };
}

async function buildOnly(dir: string) {
  const started = performance.now();
  log(`Building the million-tree community in ${dir} (SQLite)…`);
  const report = await buildSqlite(dir, size, log);
  for (const c of report.checks)
    log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}${checkTime(c)}`);
  assertConsistent('SQLite', report.checks);
  log(
    `Built in ${((performance.now() - started) / 1000).toFixed(1)} s (demo seed ${report.seedSeconds.toFixed(1)} s, rows ${report.rowsSeconds.toFixed(1)} s). ` +
      `Start Canopy on it: DATA_DIR=${dir} npm start (asha@${DEMO_EMAIL_DOMAIN} / greenleaf@${DEMO_EMAIL_DOMAIN}, password "${DEMO_PASSWORD}").`,
  );
}

/**
 * `--build DIR --postgres-only`: the PostgreSQL demo and million-tree databases (canopy_scale_demo
 * and canopy_scale_million, or `--pg-name`'s) with their data directories in DIR, built, checked and kept, so
 * `--reuse DIR --postgres-only` measures them later.
 */
async function buildOnlyPostgres(dir: string, pgUrl: string) {
  if (!pgUrl)
    throw new Error('--build --postgres-only: set TEST_DATABASE_URL or pass --postgres URL');
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0)
    throw new Error(`${dir} is not empty; the databases' data directories go in a fresh one`);
  fs.mkdirSync(dir, { recursive: true });
  const target = await preparePostgres(dir, pgUrl);
  const { build } = target;
  for (const c of build.checks)
    log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}${checkTime(c)}`);
  assertConsistent('PostgreSQL', build.checks);
  assertConsistent('PostgreSQL demo', target.demoChecks);
  log(
    `Built in ${build.totalSeconds.toFixed(1)} s (demo seed ${build.seedSeconds.toFixed(1)} s, rows ${build.rowsSeconds.toFixed(1)} s, ` +
      `summaries ${build.summarySeconds.toFixed(1)} s, ANALYZE ${build.analyzeSeconds.toFixed(1)} s, check ${build.checkSeconds.toFixed(1)} s): ` +
      `${target.million.databaseUrl} (demo: ${target.demo.databaseUrl}); measure with --reuse ${dir} --postgres-only${PG_NAME === 'canopy_scale' ? '' : ` --pg-name ${PG_NAME}`}.`,
  );
}

async function main() {
  const pgUrl = option('--postgres') ?? process.env.TEST_DATABASE_URL ?? '';
  const buildDir = option('--build');
  if (buildDir)
    return flag('--postgres-only')
      ? buildOnlyPostgres(path.resolve(buildDir), pgUrl)
      : buildOnly(path.resolve(buildDir));

  const loadAtStart = os.loadavg()[0]!;
  const wanted: Array<'SQLite' | 'PostgreSQL'> = [];
  if (!flag('--postgres-only')) wanted.push('SQLite');
  if (!flag('--sqlite-only')) wanted.push('PostgreSQL');
  const outcomes: Outcome[] = [];
  const notes: string[] = [];
  for (const name of wanted) {
    if (name === 'PostgreSQL' && !pgUrl) {
      notes.push('PostgreSQL not measured: set TEST_DATABASE_URL or pass --postgres URL');
      continue;
    }
    const reuse = option('--reuse');
    const base = reuse
      ? path.resolve(reuse)
      : fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-scale-'));
    const target = reuse
      ? await reuseBuilt(base, name, pgUrl)
      : name === 'SQLite'
        ? await prepareSqlite(base)
        : await preparePostgres(base, pgUrl);
    try {
      outcomes.push(await measure(target));
    } finally {
      await target.cleanup();
    }
  }

  log(
    `\n${CONNECTIONS} connections, ${duration} s per endpoint, ${process.platform} ${process.arch}, Node ${process.version}, ` +
      `${os.cpus().length} CPUs, load ${loadAtStart.toFixed(1)} at start and ${os.loadavg()[0]!.toFixed(1)} at the end`,
  );
  let failed = false;
  for (const o of outcomes) {
    const bad = o.rows.filter((r) => r.verdict === 'FAIL');
    const badJobs = o.jobs.filter((j) => !j.ok || j.blockMs > STALL_BUDGET_MS);
    const badDemo = o.demoChecks.filter((c) => !c.ok);
    log(
      (o.build.reused
        ? `${o.target}: reused a kept build (migrated and checked in ${o.build.totalSeconds.toFixed(1)} s; build time not measured); `
        : `${o.target}: built in ${buildSeconds(o.build).toFixed(1)} s (rows ${o.build.rowsSeconds.toFixed(1)} s${buildSeconds(o.build) > BUILD_BUDGET_S ? `, over the ${BUILD_BUDGET_S} s budget` : ''}; then checked in ${o.build.checkSeconds.toFixed(1)} s); `) +
        `${o.rows.length - bad.length} of ${o.rows.length} endpoints within budget` +
        (bad.length ? `; FAILING: ${bad.map((r) => `${r.url} (${r.why})`).join('; ')}` : '') +
        (badJobs.length
          ? `; jobs FAILING: ${badJobs.map((j) => `${j.name} (${j.ok ? `blocks ${j.blockMs.toFixed(0)} ms` : j.result})`).join('; ')}`
          : '') +
        (badDemo.length
          ? `; demo summaries out of step: ${badDemo.map((c) => c.name).join(', ')}`
          : '') +
        `; million server: longest event-loop delay ${o.millionStall.delayMs} ms, CPU-busy block ${o.millionStall.blockMs} ms`,
    );
    if (bad.length || badJobs.length || badDemo.length) failed = true;
  }
  for (const n of notes) log(n);
  const json = option('--json');
  if (json)
    fs.writeFileSync(
      json,
      JSON.stringify(
        outcomes.map((o) => ({
          ...o,
          rows: o.rows.map(({ endpoint, ...r }) => ({
            screen: endpoint.screen,
            ...r,
            demo: { ...r.demo, meanMs: round(r.demo.meanMs, 2) },
            million: { ...r.million, meanMs: round(r.million.meanMs, 2) },
          })),
        })),
        null,
        2,
      ),
    );
  process.exitCode = failed || outcomes.length === 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(`bench:scale: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
