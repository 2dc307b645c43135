import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sqliteFileIn } from '../../server/db/database';
import { DEMO_EMAIL_DOMAIN } from '../seed/people';
import {
  BULK_TABLES,
  PG_LOAD_CONNECTIONS,
  postgresBulk,
  sqliteBulk,
  sqliteBulkThread,
  type BulkDb,
} from './bulk-db';
import { generate, readDemo, type GeneratedCounts, type ScaleSize } from './generate';
import { mainThreadCpuMs } from '../../server/lib/event-loop-report';
import { settleJobKeptSummaries } from './jobs';
import { deferTreesGeo } from './trees-geo';
import { driveMapGridStatements } from '../../server/modules/drives/drive-map-grid';
import { OPEN_BY_OWNER } from '../../server/db/migrations/0067-tree-replanting-counts';
import { FILL_DRIVE_MEMBER_TOTALS } from '../../server/db/migrations/0069-drive-member-totals';
import {
  addCohorts,
  addDonationTotals,
  checkConsistency,
  rebuildTreeMapGrid,
  rebuildOrganiserDriveDays,
  rebuildVerificationDrives,
  type Check,
} from './summaries';

const ROOT = path.resolve(import.meta.dirname, '../..');
const seconds = (since: number) => (performance.now() - since) / 1000;
/**
 * This process's CPU seconds since `since` and the load average: on a shared machine the wall
 * clock of a phase says little, its CPU (SQLite's work included, in-process) says more.
 */
const cpu = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return `CPU ${((used.user + used.system) / 1e6).toFixed(1)} s, load ${os.loadavg()[0]!.toFixed(1)}`;
};

/**
 * This thread's and the SQLite writer thread's CPU seconds since `since` (what a quiet machine's
 * two cores would each spend: the longer is the phase's least wall clock there), for the log.
 */
async function threadCpu(db: BulkDb, since: { main: number; writer: number | null }) {
  const writer = await db.writerCpu();
  if (writer === null || since.writer === null) return '';
  const main = mainThreadCpuMs() / 1000 - since.main;
  return `; this thread ${main.toFixed(1)} s, the writer thread ${(writer - since.writer).toFixed(1)} s`;
}
const threadsNow = async (db: BulkDb) => ({
  main: mainThreadCpuMs() / 1000,
  writer: await db.writerCpu(),
});

export interface BuildReport {
  counts: GeneratedCounts;
  /** Seconds: the demo seed, the bulk rows, summaries, ANALYZE, the consistency check. */
  seedSeconds: number;
  rowsSeconds: number;
  summarySeconds: number;
  analyzeSeconds: number;
  checkSeconds: number;
  checks: Check[];
}

/**
 * `url` whose sessions commit without waiting for their WAL to reach the disk, as the bulk load's
 * connections do (a failed build is thrown away): the seed commits each of its many small writes.
 */
export function withoutFlushWaits(url: string): string {
  const u = new URL(url);
  const options = u.searchParams.get('options');
  u.searchParams.set('options', `${options ? `${options} ` : ''}-c synchronous_commit=off`);
  return u.toString();
}

/** `npm run seed:demo` into a fresh data directory (and database, for PostgreSQL). */
export async function seedDemo(dataDir: string, databaseUrl = ''): Promise<number> {
  const started = performance.now();
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl && withoutFlushWaits(databaseUrl),
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`seed:demo failed:\n${output}`)),
    );
  });
  return seconds(started);
}

/**
 * ANALYZE, so each planner knows the tables' sizes (done for the demo database too). On
 * PostgreSQL the schema's own tables only: a database-wide ANALYZE also reads every other schema
 * (the tests' databases hold many, and one with an index on a dropped extension stops it).
 */
export async function analyze(db: BulkDb): Promise<void> {
  if (db.dialect === 'sqlite') return db.run('analyze');
  const tables = await db.all<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables where schemaname = current_schema()
      order by pg_relation_size(to_regclass(quote_ident(tablename))) desc`,
  );
  // The largest first, on the load's connections beside each other (each samples its own table).
  await Promise.all(
    [db, ...(db.beside?.() ?? [])].map(async (on) => {
      for (let t = tables.shift(); t !== undefined; t = tables.shift())
        await on.run(`analyze ${t.name}`);
    }),
  );
}

export async function analyzeSqlite(dataDir: string): Promise<void> {
  const db = sqliteBulk(sqliteFileIn(dataDir));
  try {
    await analyze(db);
  } finally {
    await db.close();
  }
}

export async function analyzePostgres(url: string): Promise<void> {
  const db = await postgresBulk(url);
  try {
    await analyze(db);
  } finally {
    await db.close();
  }
}

/**
 * SQLite: summaries kept by a per-row insert trigger, set aside while the bulk rows go in and
 * brought in step afterwards by one set-based statement over the new rows (the same sums the
 * trigger adds row by row; the consistency check compares each with its rows): each tree's owner
 * count (0045) and the plants by day of last check (0049); the drives map's grid (0038) is made
 * again by its own rebuild. Then the triggers come back from their stored definitions.
 */
async function deferSummaryTriggers(db: BulkDb): Promise<() => Promise<void>> {
  if (db.dialect !== 'sqlite') return async () => {};
  const [{ last }] = (await db.all<{ last: number | null }>(
    'select max(rowid) as last from trees',
  )) as [{ last: number | null }];
  const after = [last ?? 0];
  const catchUp: Record<string, () => Promise<void>> = {
    tree_owner_counts_insert: () =>
      db.run(
        `insert into tree_owner_counts (owner_id, records)
           select * from (select owner_id, count(*) from trees where rowid > ? group by owner_id)
           where true
           on conflict (owner_id) do update set records = tree_owner_counts.records + excluded.records`,
        after,
      ),
    tree_check_days_insert: () =>
      db.run(
        `insert into tree_check_days (checked_day, verified, planted, alive)
           select * from (select coalesce(substr(last_checked_at, 1, 10), '') as day,
               case when verification_status = 'verified' then 1 else 0 end as verified,
               sum(tree_count), sum(case when status = 'dead' then 0 else alive_count end)
             from trees where rowid > ? and verification_status <> 'rejected'
             group by day, verified) where true
           on conflict (checked_day, verified) do update
             set planted = tree_check_days.planted + excluded.planted,
                 alive = tree_check_days.alive + excluded.alive`,
        after,
      ),
    tree_replanting_counts_insert: () => db.run(FILL_REPLANTING_COUNTS),
    drive_map_cells_insert: async () => {
      for (const statement of driveMapGridStatements('sqlite').rebuild) await db.run(statement);
    },
    // The generator writes each new drive's count with it (its participants join no other drive).
    drive_participant_counts_insert: async () => {},
    // Each member's drive totals (0069): the migration's fill over every row, once.
    ...memberTotalsCatchUp(
      'sqlite',
      () => db.run(FILL_DRIVE_MEMBER_TOTALS),
      async () => {},
    ),
  };
  const triggers = await db.all<{ name: string; sql: string }>(
    `select name, sql from sqlite_master where type = 'trigger' and name in
       (${Object.keys(catchUp)
         .map((name) => `'${name}'`)
         .join(', ')})`,
  );
  for (const trigger of triggers) await db.run(`drop trigger ${trigger.name}`);
  return async () => {
    for (const trigger of triggers) {
      await catchUp[trigger.name]!();
      await db.run(trigger.sql);
    }
  };
}

/**
 * 0069's triggers (drives, participations, attendance): the first named does the fill, the rest
 * nothing. On PostgreSQL the update triggers wait too (the generator's recount updates drives).
 */
function memberTotalsCatchUp<T>(dialect: 'sqlite' | 'postgres', fill: T, none: T) {
  const names = ['drive', 'participant', 'attendance'].flatMap((n) =>
    dialect === 'postgres'
      ? [`drive_member_totals_${n}_insert_delete`, `drive_member_totals_${n}_update`]
      : [`drive_member_totals_${n}_insert`],
  );
  return Object.fromEntries(names.map((name, i) => [name, i === 0 ? fill : none]));
}

/** Each member's open replanting tasks (0067) from the rows, over what the triggers kept. */
const FILL_REPLANTING_COUNTS = `insert into tree_replanting_counts (owner_id, open)
  select * from (${OPEN_BY_OWNER}) c where true
  on conflict (owner_id) do update set open = excluded.open`;

/**
 * PostgreSQL: per-row insert triggers set aside while the bulk rows go in (each ran a plpgsql
 * upsert per row, most of them on the same few summary rows), then the summaries brought in step
 * by one statement each: the migration's own fill (0045, 0049, 0044, the drives' summaries) over
 * every row, written over each key's stored row (a key with no rows left keeps its row, as the
 * triggers leave it). The participations' count (0046) the generator writes with each drive.
 * Then the triggers are enabled again. The consistency check compares each summary with its rows.
 */
async function deferPostgresTriggers(db: BulkDb): Promise<() => Promise<void>> {
  if (db.dialect !== 'postgres') return async () => {};
  const catchUp: Record<string, string> = {
    tree_owner_counts_insert_delete: `insert into tree_owner_counts (owner_id, records)
        select owner_id, count(*) from trees group by owner_id
        on conflict (owner_id) do update set records = excluded.records`,
    tree_check_days_insert_delete: `insert into tree_check_days (checked_day, verified, planted, alive)
        select coalesce(substr(last_checked_at, 1, 10), ''),
          case when verification_status = 'verified' then 1 else 0 end,
          sum(tree_count), sum(case when status = 'dead' then 0 else alive_count end)
        from trees where verification_status <> 'rejected'
        group by coalesce(substr(last_checked_at, 1, 10), ''),
          case when verification_status = 'verified' then 1 else 0 end
        on conflict (checked_day, verified) do update
          set planted = excluded.planted, alive = excluded.alive`,
    tree_replanting_counts_insert: FILL_REPLANTING_COUNTS,
    donation_donor_totals_summary: `insert into donation_donor_totals
          (donor_id, currency, amount_minor, trees, donations)
        select donor_id, currency, sum(amount_minor), sum(trees), count(*) from donations
        where status = 'paid' group by donor_id, currency
        on conflict (donor_id, currency) do update set amount_minor = excluded.amount_minor,
          trees = excluded.trees, donations = excluded.donations`,
    drive_participant_counts: '',
    // The drives' summaries (0031, 0035, 0037, 0047), filled as the check counts them: each
    // organiser's months (drives, sign-ups, hours; the community's months follow by the trigger
    // on drive_organiser_months, left on), the countries, the attended minutes (both tables
    // written only by these triggers, a row of zero kept), each participation's drive start.
    drives_summary_insert: `insert into drive_organiser_months
          (organizer_id, month, drives, participants, hours)
        select d.organizer_id, substr(d.starts_at, 1, 7), count(*), coalesce(sum(p.n), 0),
          sum(d.duration_hours * (1 + coalesce(p.n, 0)))
        from drives d
        left join (select drive_id, count(*) as n from drive_participants group by drive_id) p
          on p.drive_id = d.id
        group by d.organizer_id, substr(d.starts_at, 1, 7)
        on conflict (organizer_id, month) do update set drives = excluded.drives,
          participants = excluded.participants, hours = excluded.hours
        where (drive_organiser_months.drives, drive_organiser_months.participants,
          drive_organiser_months.hours) is distinct from
          (excluded.drives, excluded.participants, excluded.hours)`,
    // (Counted by the organiser months' fill above: it runs after every participation.)
    drive_participants_summary: '',
    drive_countries_insert_delete: `insert into drive_countries (country, drives)
        select country, count(*) from drives group by country
        on conflict (country) do update set drives = excluded.drives`,
    drives_attended_insert_delete: `insert into drive_attended_months (organizer_id, month, minutes)
        select organizer_id, substr(starts_at, 1, 7), sum(attendance_minutes
          + case when organiser_attended = 0 then duration_hours * 60 else 0 end)
        from drives group by organizer_id, substr(starts_at, 1, 7)
        on conflict (organizer_id, month) do update set minutes = excluded.minutes;
      insert into drive_community_attended_months (month, minutes)
        select month, sum(minutes) from drive_attended_months group by month
        on conflict (month) do update set minutes = excluded.minutes`,
    drive_participants_starts: `update drive_participants p set drive_starts_at = d.starts_at
        from drives d where d.id = p.drive_id and p.drive_starts_at is distinct from d.starts_at`,
    // The drives map's grid (0038): a statement trigger upserting each COPY batch's 28 cells a
    // drive; made again from every drive by its own rebuild, as on SQLite.
    drive_map_cells_insert: driveMapGridStatements('postgres').rebuild.join(';\n'),
    // Each member's drive totals (0069): the migration's fill over every row, once.
    ...memberTotalsCatchUp('postgres', FILL_DRIVE_MEMBER_TOTALS, ''),
  };
  const triggers = await db.all<{ name: string; table: string }>(
    `select t.tgname as name, c.relname as table from pg_trigger t
       join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where not t.tgisinternal and n.nspname = current_schema() and t.tgname = any(?)`,
    [Object.keys(catchUp)],
  );
  for (const t of triggers) await db.run(`alter table ${t.table} disable trigger ${t.name}`);
  return async () => {
    // Each fill writes its own summary tables: on the load's connections beside each other.
    const fills = triggers.map((t) => catchUp[t.name]!).filter(Boolean);
    await Promise.all(
      [db, ...(db.beside?.() ?? [])].map(async (on) => {
        for (let fill = fills.shift(); fill !== undefined; fill = fills.shift())
          await on.exec(fill);
      }),
    );
    for (const t of triggers) await db.run(`alter table ${t.table} enable trigger ${t.name}`);
  };
}

/**
 * Grows the demo community to `size` with direct bulk inserts, brings every summary in step (by
 * the app's rules; the ones a job keeps by running that job), runs ANALYZE and checks every
 * summary against its rows.
 */
export async function growOnTop(
  /** The database, for the load, summaries and ANALYZE, then for the check. */
  open: (use: 'load' | 'check') => Promise<BulkDb>,
  target: { dataDir: string; databaseUrl: string },
  size: ScaleSize,
  log: (line: string) => void,
  { check = true }: { check?: boolean } = {},
): Promise<Omit<BuildReport, 'seedSeconds'>> {
  let started = performance.now();
  let cpuStarted = process.cpuUsage();
  let db = await open('load');
  let counts: GeneratedCounts;
  let summarySeconds: number;
  let rowsSeconds: number;
  let analyzeSeconds: number;
  try {
    let threads = await threadsNow(db);
    const demo = await readDemo(db, DEMO_EMAIL_DOMAIN);
    // (tree_care_due too: the generator writes each living tree's care rules with it.)
    const restoreIndexes = await db.deferIndexes([...BULK_TABLES, 'tree_care_due']);
    const treesGeo = await deferTreesGeo(db);
    const restoreTriggers = await deferSummaryTriggers(db);
    const restorePostgresTriggers = await deferPostgresTriggers(db);
    const generated = await generate(db, demo, size, Date.now(), log, treesGeo.add);
    counts = generated.counts;
    await db.drain();
    const inserts = db.insertCpu();
    const indexStarted = performance.now();
    // (SQLite: the writer thread builds the indexes while this one builds the trees map's R*Tree.)
    const indexesBuilt = restoreIndexes();
    indexesBuilt.catch(() => undefined); // (awaited below)
    treesGeo.build();
    const geoSeconds = seconds(indexStarted);
    const slowestIndexes = await indexesBuilt;
    const indexSeconds = seconds(indexStarted);
    const catchUp: string[] = [];
    for (const [name, step] of [
      ['trees map R*Tree', treesGeo.restore],
      ['SQLite triggers', restoreTriggers],
      ['PostgreSQL triggers', restorePostgresTriggers],
    ] as const) {
      const at = performance.now();
      await step();
      if (seconds(at) >= 0.1) catchUp.push(`${name} ${seconds(at).toFixed(1)} s`);
    }
    rowsSeconds = seconds(started);
    log(
      `  indexes built again (${indexSeconds.toFixed(1)} s; slowest: ${slowestIndexes}${db.dialect === 'sqlite' ? `; beside them the trees map's R*Tree, ${geoSeconds.toFixed(1)} s` : ''}), summaries of the set-aside triggers (${catchUp.join(', ') || 'none'}); rows ${rowsSeconds.toFixed(1)} s, ${cpu(cpuStarted)}${await threadCpu(db, threads)}${inserts ? `; ${db.dialect === 'sqlite' ? "inserts' CPU" : 'COPY time by table'}: ${inserts}` : ''}`,
    );
    threads = await threadsNow(db);
    started = performance.now();
    cpuStarted = process.cpuUsage();
    // The job-kept summary (the community charts, made from the trees alone) is made by the
    // app's job on a connection of its own while the summaries below are written: on SQLite in
    // this thread while the writer thread writes (WAL from here on, so neither waits on the
    // other), on PostgreSQL by another server process.
    if (db.dialect === 'sqlite') await db.run('pragma journal_mode = WAL');
    const settled: string[] = [];
    // (The impact figure's partials are written with the cohorts: `addCohorts`.)
    const settling = settleJobKeptSummaries(
      target.dataDir,
      target.databaseUrl,
      { untilDone: [] },
      settled,
    ).then((passes) => ({ passes, seconds: seconds(started) }));
    settling.catch(() => undefined); // (awaited below; a summary's failure is thrown first)
    // Each summary's own time, so the slowest one is plain in the log.
    const steps: string[] = [];
    const timed = async <T>(name: string, step: () => Promise<T>): Promise<T> => {
      const at = performance.now();
      const result = await step();
      steps.push(`${name} ${seconds(at).toFixed(1)} s`);
      return result;
    };
    // Three groups writing tables of their own: on PostgreSQL each on a connection of its own,
    // beside each other (and the job); on SQLite one after another on the writer.
    const groups = [
      async (on: BulkDb) => {
        const rows = await timed('cohorts', () => addCohorts(on, generated.cohorts));
        await timed('donation totals', () => addDonationTotals(on, generated.totals));
        return [rows];
      },
      async (on: BulkDb) => [await timed('map grid', () => rebuildTreeMapGrid(on))],
      async (on: BulkDb) => [
        await timed('drive days', () => rebuildOrganiserDriveDays(on)),
        await timed('to verify', () => rebuildVerificationDrives(on)),
      ],
    ];
    const beside = db.beside?.() ?? [];
    const results: number[][] = [];
    if (beside.length >= groups.length - 1)
      results.push(
        ...(await Promise.all(groups.map((group, i) => group(i ? beside[i - 1]! : db)))),
      );
    else for (const group of groups) results.push(await group(db));
    const [[cohortRows], [gridRows], [driveDayRows, waitingDrives]] = results as [
      [number],
      [number],
      [number, number],
    ];
    const written = seconds(started);
    const { passes, seconds: settleSeconds } = await settling;
    summarySeconds = seconds(started);
    log(
      `  summaries: ${cohortRows.toLocaleString('en')} impact cohorts, donation totals, ${gridRows.toLocaleString('en')} map grid cells, ${driveDayRows.toLocaleString('en')} organisers' drive days, ${waitingDrives.toLocaleString('en')} drives with trees to verify (${written.toFixed(1)} s: ${steps.join(', ')}); beside them the job-kept summaries, ${passes} passes (${settleSeconds.toFixed(1)} s: ${settled.join(', ')}); ${summarySeconds.toFixed(1)} s, ${cpu(cpuStarted)}${await threadCpu(db, threads)}`,
    );
    started = performance.now();
    cpuStarted = process.cpuUsage();
    await analyze(db);
    analyzeSeconds = seconds(started);
    log(`  ANALYZE (${analyzeSeconds.toFixed(1)} s, ${cpu(cpuStarted)})`);
  } finally {
    await db.close();
  }
  db = await open('check');
  try {
    started = performance.now();
    cpuStarted = process.cpuUsage();
    // (Left out only by a caller timing the build alone.)
    const checks = check ? await checkConsistency(db) : [];
    const checkSeconds = seconds(started);
    log(`  consistency check (${checkSeconds.toFixed(1)} s, ${cpu(cpuStarted)})`);
    return { counts, rowsSeconds, summarySeconds, analyzeSeconds, checkSeconds, checks };
  } finally {
    await db.close();
  }
}

export function assertConsistent(label: string, checks: Check[]): void {
  const bad = checks.filter((c) => !c.ok);
  if (bad.length)
    throw new Error(
      `${label}: summaries out of step with their rows: ${bad.map((c) => `${c.name} (${c.detail})`).join('; ')}`,
    );
}

/** `--build DIR`: the demo community and the million-tree rows in a fresh SQLite data directory. */
export async function buildSqlite(
  dataDir: string,
  size: ScaleSize,
  log: (line: string) => void,
  options: { seeded?: boolean; check?: boolean } = {},
): Promise<BuildReport> {
  let seedSeconds = 0;
  if (!options.seeded) {
    if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0)
      throw new Error(
        `${dataDir} is not empty; the million-tree database is built in a fresh directory`,
      );
    seedSeconds = await seedDemo(dataDir);
    log(`  demo community seeded (${seedSeconds.toFixed(1)} s)`);
  }
  const report = await growOnTop(
    // The load on a writer thread of its own, while this one generates the rows.
    async (use) =>
      use === 'load' ? sqliteBulkThread(sqliteFileIn(dataDir)) : sqliteBulk(sqliteFileIn(dataDir)),
    { dataDir, databaseUrl: '' },
    size,
    log,
    { check: options.check },
  );
  return { seedSeconds, ...report };
}

/** A database URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Drops (when there) and creates a database with the admin URL's role as owner; a new one (no
 * `template`) sorts text bytewise (`lc_collate 'C'`), as README advises for production: the same
 * order as C.UTF-8, without a locale call per comparison (docs/decisions/pg-c-collation.md).
 */
export async function recreateDatabase(adminUrl: string, name: string, template?: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name} template ${template ?? `template0 lc_collate 'C'`}`);
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/** The PostgreSQL million-tree database `url` (already holding the demo community) grown on top. */
export async function buildPostgres(
  url: string,
  dataDir: string,
  size: ScaleSize,
  log: (line: string) => void,
): Promise<Omit<BuildReport, 'seedSeconds'>> {
  return growOnTop(
    (use) => postgresBulk(url, { connections: use === 'load' ? PG_LOAD_CONNECTIONS : 1 }),
    { dataDir, databaseUrl: url },
    size,
    log,
  );
}
