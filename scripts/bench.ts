import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { migrateToLatest, openDatabase, sqliteFileIn } from '../server/db/database';
import { hashPassword } from '../server/lib/passwords';
import { buildDrive, buildUser } from '../tests/support/factories';
import { freePort } from '../tests/support/free-port';
import { startServer, type StartedServer } from '../tests/support/start-server';

/**
 * `npm run bench [-- --duration 10]`: requests/s and p99 for our endpoints and for a bare Fastify route,
 * at 10 connections on loopback, each server started here with a fresh seeded SQLite database.
 * Budget (DESIGN.md §7): list endpoints ≥ 5,000 req/s with p99 ≤ 50 ms, and list latency flat from
 * 1k to 100k rows: the Plantations list is measured signed in over 1,000 and 100,000 drives, each
 * request as the next of 10 members (who joined different drives), so per-caller work is measured too.
 * Writes: acknowledged newsletter subscriptions per second with SQLite's synchronous=NORMAL and
 * FULL (the server's setting), to show what durability costs.
 * Each line also shows the server's CPU time per request and its ratio to bare Fastify's: when the
 * machine is shared with other work, compare those ratios (and req/s only within one run).
 */
const durationArg = process.argv.indexOf('--duration');
const duration = durationArg > 0 ? Number(process.argv[durationArg + 1]) : 10;
const CONNECTIONS = 10;

/** "Flat" from 1k to 100k rows: the larger table keeps at least this share of the smaller one's req/s. */
const FLAT_RATIO = 0.8;
const DRIVE_SIZES = [1_000, 100_000];
const BENCH_PASSWORD = 'bench-password-2026';
const MEMBERS = 10;

/** CPU time (user + system, µs) a process has used so far; undefined where /proc is missing. */
function cpuMicros(pid: number | undefined): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return undefined;
  }
}

/**
 * Measures `url`; with several header sets, each connection sends them in turn. Also the server's
 * CPU time per request (`pid`): on a machine shared with other work it moves far less than req/s.
 */
async function run(
  url: string,
  pid: number | undefined,
  headerSets: Array<Record<string, string>> = [{}],
) {
  const { pathname, search } = new URL(url);
  const cpuBefore = cpuMicros(pid);
  const result = await autocannon({
    url,
    requests: headerSets.map((headers) => ({ method: 'GET', path: pathname + search, headers })),
    connections: CONNECTIONS,
    duration,
    pipelining: 1,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const cpuAfter = cpuMicros(pid);
  const cpuPerRequest =
    cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
      ? undefined
      : (cpuAfter - cpuBefore) / result.requests.total;
  return { rps: result.requests.average, p99: result.latency.p99, cpuPerRequest };
}

/**
 * A fresh SQLite database with `count` drives spread from two years ago to three years ahead over
 * 5 countries and 50 organisers, every tenth with participants (an organiser and one of the members
 * in turn), and the members to sign in as.
 */
async function seedDrives(count: number): Promise<{ dataDir: string; emails: string[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-bench-'));
  const database = openDatabase({ sqliteFile: sqliteFileIn(dataDir) });
  try {
    await migrateToLatest(database);
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const members = Array.from({ length: MEMBERS }, () =>
      buildUser({ password_hash: passwordHash }),
    );
    const organisers = Array.from({ length: 50 }, (_, i) =>
      buildUser({ profile_type: 'corporate', name: `Organiser ${i}` }),
    );
    const now = Date.now();
    const span = 5 * 365 * 86_400_000;
    const countries = ['IN', 'KE', 'GB', 'ES', 'US'];
    await database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values([...members, ...organisers])
        .execute();
      for (let start = 0; start < count; start += 500) {
        const drives = Array.from({ length: Math.min(500, count - start) }, (_, k) => {
          const i = start + k;
          return buildDrive(organisers[i % organisers.length]!.id, {
            name: `Community planting ${i}`,
            starts_at: new Date(now - span * 0.4 + (span * i) / count).toISOString(),
            country: countries[i % countries.length]!,
            tree_types: JSON.stringify([1 + (i % 70), 1 + ((i * 7) % 70)]),
            sponsors: JSON.stringify(['Greenleaf Industries']),
            land_donors: JSON.stringify([organisers[(i + 1) % organisers.length]!.id]),
          });
        });
        await trx.insertInto('drives').values(drives).execute();
        const joined = drives.filter((_, k) => (start + k) % 10 === 0);
        if (joined.length)
          await trx
            .insertInto('drive_participants')
            .values(
              joined.flatMap((d, j) =>
                [members[(start / 10 + j) % MEMBERS]!, organisers[0]!].map((u) => ({
                  drive_id: d.id,
                  user_id: u.id,
                  joined_at: d.created_at,
                })),
              ),
            )
            .execute();
      }
    });
    return { dataDir, emails: members.map((m) => m.email) };
  } finally {
    await database.close();
  }
}

async function signIn(server: StartedServer, email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`bench sign-in failed: ${res.status}`);
  return ((await res.json()) as { result: { token: string } }).result.token;
}

/**
 * Acknowledged writes per second: POST /api/newsletter with a new address each time (a row insert
 * in its own transaction), on a server started here with SQLite at the given sync level.
 */
async function runWrites(synchronous: 'FULL' | 'NORMAL', root: string) {
  const port = await freePort();
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench-write-server.ts', String(port), synchronous],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve) => server.stdout!.once('data', () => resolve()));
  try {
    let n = 0;
    const measure = async () => {
      const cpuBefore = cpuMicros(server.pid);
      const result = await autocannon({
        url: `http://127.0.0.1:${port}`,
        connections: CONNECTIONS,
        duration,
        pipelining: 1,
        requests: [
          {
            method: 'POST',
            path: '/api/newsletter',
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({ email: `bench-${synchronous}-${n++}@example.test` }),
            }),
          },
        ],
      });
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`newsletter writes: ${result.non2xx} non-2xx, ${result.errors} errors`);
      const cpuAfter = cpuMicros(server.pid);
      const cpuPerRequest =
        cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
          ? undefined
          : (cpuAfter - cpuBefore) / result.requests.total;
      return { rps: result.requests.average, p99: result.latency.p99, cpuPerRequest };
    };
    await measure().catch(() => undefined); // warm-up
    return await measure();
  } finally {
    server.kill('SIGTERM');
  }
}

/** `npm run bench -- --writes`: only the write comparison (NORMAL vs FULL). */
async function writesOnly(root: string) {
  const normal = await runWrites('NORMAL', root);
  const full = await runWrites('FULL', root);
  reportWrites({ NORMAL: normal, FULL: full });
}

function reportWrites(writeRuns: Record<'NORMAL' | 'FULL', Awaited<ReturnType<typeof runWrites>>>) {
  console.log(
    `\nWrites (POST /api/newsletter, a new row each): synchronous=NORMAL ` +
      `${writeRuns.NORMAL.rps.toFixed(0)} req/s (p99 ${writeRuns.NORMAL.p99} ms), ` +
      `FULL ${writeRuns.FULL.rps.toFixed(0)} req/s (p99 ${writeRuns.FULL.p99} ms): FULL keeps ` +
      `${((writeRuns.FULL.rps / writeRuns.NORMAL.rps) * 100).toFixed(0)}% of NORMAL's rate ` +
      `(CPU µs/req ${writeRuns.NORMAL.cpuPerRequest?.toFixed(0) ?? '–'} vs ${writeRuns.FULL.cpuPerRequest?.toFixed(0) ?? '–'}).`,
  );
}

async function main() {
  const loadAtStart = os.loadavg()[0]!;
  const root = path.resolve(import.meta.dirname, '..');
  if (process.argv.includes('--writes')) return writesOnly(root);
  const basePort = await freePort();
  const baseline = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench-baseline-server.ts', String(basePort)],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve) => baseline.stdout!.once('data', () => resolve()));
  const server = await startServer({ LOG_LEVEL: 'error' });
  try {
    // Demo data so /api/stats aggregates over real rows.
    await new Promise<void>((resolve, reject) => {
      const seed = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts'], {
        cwd: root,
        env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '' },
        stdio: 'ignore',
      });
      seed.on('exit', (code) => (code === 0 ? resolve() : reject(new Error('seed failed'))));
    });
    const targets: Array<[string, string]> = [
      ['bare Fastify (baseline)', `http://127.0.0.1:${basePort}/bare`],
      ['GET /api/health', `${server.url}/api/health`],
      ['GET /api/stats', `${server.url}/api/stats`],
    ];
    const results: Array<[string, Awaited<ReturnType<typeof run>>]> = [];
    for (const [name, url] of targets) {
      const pid = url.startsWith(server.url) ? server.process.pid : baseline.pid;
      await run(url, pid).catch(() => undefined); // warm-up
      results.push([name, await run(url, pid)]);
    }
    // The Plantations list, signed in, over 1k and 100k drives (one fresh server each).
    const listRuns: Array<{ size: number; rps: number; p99: number }> = [];
    for (const size of DRIVE_SIZES) {
      const seeded = await seedDrives(size);
      const listServer = await startServer({ LOG_LEVEL: 'error', DATA_DIR: seeded.dataDir });
      try {
        const headerSets: Array<Record<string, string>> = [];
        for (const email of seeded.emails)
          headerSets.push({ 'x-auth-token': await signIn(listServer, email) });
        const url = `${listServer.url}/api/trees/geteventdetail`;
        for (const headers of headerSets) {
          const check = await fetch(url, { headers });
          const body = (await check.json()) as { total?: number; data?: unknown[] };
          if (!check.ok || !body.data?.length)
            throw new Error(`list over ${size} drives answered ${check.status}`);
        }
        const pid = listServer.process.pid;
        await run(url, pid, headerSets).catch(() => undefined); // warm-up
        const result = await run(url, pid, headerSets);
        const name = `GET /api/trees/geteventdetail (${size.toLocaleString('en-US')} drives)`;
        results.push([name, result]);
        listRuns.push({ size, ...result });
      } finally {
        await listServer.stop();
        fs.rmSync(seeded.dataDir, { recursive: true, force: true });
      }
    }

    // Writes: what synchronous=FULL (a commit is on disk before it is acknowledged) costs.
    const writeRuns = {
      NORMAL: await runWrites('NORMAL', root),
      FULL: await runWrites('FULL', root),
    };
    const base = results[0]![1];
    console.log(
      `\n${CONNECTIONS} connections, ${duration} s each, ${process.platform} ${process.arch}, Node ${process.version}, ` +
        // Other work on the machine skews every number; the load shows how much.
        `${os.cpus().length} CPUs, load ${loadAtStart.toFixed(1)} at start and ${os.loadavg()[0]!.toFixed(1)} at the end`,
    );
    console.log(
      'endpoint'.padEnd(50),
      'req/s'.padStart(9),
      'p99 ms'.padStart(8),
      'vs bare'.padStart(9),
      'CPU µs/req'.padStart(11),
      'CPU vs bare'.padStart(12),
    );
    for (const [name, r] of results) {
      console.log(
        name.padEnd(50),
        r.rps.toFixed(0).padStart(9),
        String(r.p99).padStart(8),
        `${((r.rps / base.rps) * 100).toFixed(0)}%`.padStart(9),
        (r.cpuPerRequest?.toFixed(1) ?? '–').padStart(11),
        (r.cpuPerRequest && base.cpuPerRequest
          ? `${((base.cpuPerRequest / r.cpuPerRequest) * 100).toFixed(0)}%`
          : '–'
        ).padStart(12),
      );
    }
    const failing = results.slice(1).filter(([, r]) => r.rps < 5000 || r.p99 > 50);
    if (failing.length) {
      console.log(
        `\nBelow budget (≥ 5000 req/s, p99 ≤ 50 ms): ${failing.map(([n]) => n).join(', ')}`,
      );
      process.exitCode = 1;
    } else console.log('\nBudget met: every endpoint ≥ 5000 req/s with p99 ≤ 50 ms.');
    reportWrites(writeRuns);
    const [small, large] = listRuns;
    if (small && large) {
      const ratio = large.rps / small.rps;
      const flat = ratio >= FLAT_RATIO;
      console.log(
        `List over ${large.size.toLocaleString('en-US')} vs ${small.size.toLocaleString('en-US')} drives: ` +
          `${(ratio * 100).toFixed(0)}% of the req/s (flat means ≥ ${FLAT_RATIO * 100}%): ${flat ? 'flat' : 'NOT flat'}.`,
      );
      if (!flat) process.exitCode = 1;
    }
  } finally {
    baseline.kill('SIGTERM');
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
