import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../tests/support/free-port';
import { startServer } from '../tests/support/start-server';

/**
 * `npm run bench [-- --duration 10]`: requests/s and p99 for our endpoints and for a bare Fastify route,
 * at 10 connections on loopback, each server started here with a fresh seeded SQLite database.
 * Budget (DESIGN.md §7): list endpoints ≥ 5,000 req/s with p99 ≤ 50 ms.
 */
const durationArg = process.argv.indexOf('--duration');
const duration = durationArg > 0 ? Number(process.argv[durationArg + 1]) : 10;
const CONNECTIONS = 10;

async function run(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function main() {
  const root = path.resolve(import.meta.dirname, '..');
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
    const results: Array<[string, { rps: number; p99: number }]> = [];
    for (const [name, url] of targets) {
      await run(url).catch(() => undefined); // warm-up
      results.push([name, await run(url)]);
    }
    const base = results[0]![1].rps;
    console.log(
      `\n${CONNECTIONS} connections, ${duration} s each, ${process.platform} ${process.arch}, Node ${process.version}`,
    );
    console.log(
      'endpoint'.padEnd(26),
      'req/s'.padStart(9),
      'p99 ms'.padStart(8),
      'vs bare'.padStart(9),
    );
    for (const [name, r] of results) {
      console.log(
        name.padEnd(26),
        r.rps.toFixed(0).padStart(9),
        String(r.p99).padStart(8),
        `${((r.rps / base) * 100).toFixed(0)}%`.padStart(9),
      );
    }
    const failing = results.slice(1).filter(([, r]) => r.rps < 5000 || r.p99 > 50);
    if (failing.length) {
      console.log(
        `\nBelow budget (≥ 5000 req/s, p99 ≤ 50 ms): ${failing.map(([n]) => n).join(', ')}`,
      );
      process.exitCode = 1;
    } else console.log('\nBudget met: every endpoint ≥ 5000 req/s with p99 ≤ 50 ms.');
  } finally {
    baseline.kill('SIGTERM');
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
