/**
 * Server CPU per request, in-process (issue 20): builds the app on a data directory (as
 * `server/main.ts` does, no schedules, no listening), signs in the demo members and sends each
 * endpoint N times one after another through `inject`. Prints per request: CPU (process.cpuUsage,
 * user + system), the part spent inside SQLite statements, statements run, wall time and size.
 * CPU per request is steadier than latency on a shared machine; compare runs at the same load.
 *
 *   npx tsx scripts/cpu-per-request.ts --data /tmp/scale-x/sqlite-million [--requests 300]
 *     [--only 'forest'] [--sql | --statements] [--profile out.cpuprofile] [--dump DIR]
 *
 * `--sql` times the statements (their wall time, so on a loaded machine it includes waiting for a
 * CPU, and the timing itself adds to the CPU figure: compare CPU without it); `--statements` also
 * lists each SQL text's share; `--dump DIR` writes each answer.
 *
 * The data directory is migrated first, like any server start: use a copy, never a shared build.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import SQLite from 'better-sqlite3';
import { startInProcessApp } from './bench-scale/in-process-app';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const dataDir = option('--data');
if (!dataDir) throw new Error('--data DIR is required');
const requests = Number(option('--requests') ?? 300);
const only = option('--only');
const profileFile = option('--profile');

/** The member screens' GETs this measures (the README's scale table names them the same way). */
const ENDPOINTS: Array<{ who: 'asha' | 'greenleaf' | 'public'; url: string }> = [
  { who: 'asha', url: '/api/forest' },
  { who: 'public', url: '/api/public/forests/asha' },
  { who: 'asha', url: '/api/dashboard/individual' },
  { who: 'asha', url: '/api/trees/registeredtree?limit=24' },
  { who: 'asha', url: '/api/drives/mine?when=upcoming' },
  { who: 'asha', url: '/api/drives/mine?when=past' },
  { who: 'asha', url: '/api/donations?page=1&limit=20' },
  { who: 'greenleaf', url: '/api/dashboard/corporate' },
  { who: 'greenleaf', url: '/api/drives/mine?when=upcoming' },
  { who: 'asha', url: '/api/users/currentuser' },
];

// Time inside SQLite: every statement shares one prototype, wrapped once.
const sqlite = new SQLite(':memory:');
const statementProto = Object.getPrototypeOf(sqlite.prepare('select 1')) as Record<
  string,
  (...a: unknown[]) => unknown
>;
sqlite.close();
let sqlNs = 0n;
let statements = 0;
/** With --statements: time and count per SQL text, printed after each endpoint. */
const perStatement = args.includes('--statements')
  ? new Map<string, { ns: bigint; n: number }>()
  : undefined;
// Only with --sql or --statements: the wrapper's own cost would count in the CPU figure.
const timeSql = args.includes('--sql') || args.includes('--statements');
for (const method of timeSql ? (['all', 'get', 'run', 'iterate'] as const) : []) {
  const original = statementProto[method]!;
  statementProto[method] = function (this: unknown, ...a: unknown[]) {
    const started = process.hrtime.bigint();
    try {
      return original.apply(this, a);
    } finally {
      const spent = process.hrtime.bigint() - started;
      sqlNs += spent;
      statements += 1;
      if (perStatement) {
        const text = (this as { source: string }).source;
        const entry = perStatement.get(text) ?? { ns: 0n, n: 0 };
        entry.ns += spent;
        entry.n += 1;
        perStatement.set(text, entry);
      }
    }
  };
}

const { app, database, tokens } = await startInProcessApp({ dataDir });

const session = profileFile ? new Session() : undefined;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
}

console.log(
  `${dataDir}: ${requests} requests each, sequential (load ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`,
);
console.log('endpoint'.padEnd(52), 'cpu ms  sql ms  stmts  wall ms   KB');
for (const endpoint of ENDPOINTS) {
  const name = `${endpoint.who}: ${endpoint.url}`;
  if (only && !new RegExp(only).test(name)) continue;
  const headers =
    endpoint.who === 'public' ? {} : ({ 'x-auth-token': tokens[endpoint.who] } as const);
  const send = () => app.inject({ method: 'GET', url: endpoint.url, headers });
  let size = 0;
  for (let i = 0; i < 30; i++) {
    const res = await send();
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
    size = res.rawPayload.length;
    if (i === 0 && option('--dump'))
      fs.writeFileSync(
        `${option('--dump')}/${endpoint.url.replace(/[^a-z0-9]+/gi, '_')}.json`,
        res.body,
      );
  }
  perStatement?.clear();
  if (session) await session.post('Profiler.start');
  const sql0 = sqlNs;
  const stmts0 = statements;
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  for (let i = 0; i < requests; i++) await send();
  const wall = performance.now() - wall0;
  const cpu = process.cpuUsage(cpu0);
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    const file =
      profileFile!.replace(/\.cpuprofile$/, '') +
      `-${endpoint.url.replace(/[^a-z0-9]+/gi, '_')}.cpuprofile`;
    fs.writeFileSync(file, JSON.stringify(profile));
  }
  const per = (n: number) => (n / requests).toFixed(2).padStart(6);
  console.log(
    name.padEnd(52),
    per((cpu.user + cpu.system) / 1000),
    per(Number(sqlNs - sql0) / 1e6),
    per(statements - stmts0),
    per(wall),
    (size / 1024).toFixed(1).padStart(5),
  );
  for (const [text, { ns, n }] of [...(perStatement ?? [])].sort((a, b) =>
    Number(b[1].ns - a[1].ns),
  ))
    console.log(
      `   ${(Number(ns) / 1e6 / requests).toFixed(3)} ms ×${(n / requests).toFixed(1)}  ${text.replace(/\s+/g, ' ').slice(0, args.includes('--full') ? undefined : 160)}`,
    );
}
await app.close();
await database.close();
