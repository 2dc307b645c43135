/**
 * PostgreSQL per-request trace (issue 20): builds the app in-process on a PostgreSQL database
 * (a kept `bench:scale` build: it is migrated first), sends each screen's GET N times one after
 * another through `inject`, and prints per request the Node CPU, the statements' summed round
 * trips, their number, wall time and size, each statement's share; with --explain also
 * EXPLAIN (ANALYZE, BUFFERS) of every distinct select with the parameters of its last call.
 *
 * --generic audits the named statements' plans (docs/decisions/pg-named-statements.md): each
 * distinct select is prepared and run (EXPLAIN ANALYZE) with its last call's parameters under a
 * custom plan and under the generic plan PostgreSQL may keep after five calls; one whose generic
 * plan differs and runs over twice as long is printed with both plans (the trap fixed in one
 * tree's care due and the map's cells).
 *
 *   npx tsx scripts/pg-trace.ts --url postgres://…/canopy_scale_million --data DIR/pg-million
 *     [--requests 50] [--only 'forest'] [--explain | --generic] [--endpoints 'asha:/api/…']
 */
import fs from 'node:fs';
import pg from 'pg';
import {
  ENDPOINTS as SCREEN_ENDPOINTS,
  resolveIds,
  type Caller,
  type Ids,
} from './bench-scale/endpoints';
import { startInProcessApp } from './bench-scale/in-process-app';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const url = option('--url')!;
const dataDir = option('--data')!;
const requests = Number(option('--requests') ?? 50);
const only = option('--only');
const explain = args.includes('--explain');
const generic = args.includes('--generic');
const extra = option('--endpoints')?.split(',') ?? [];

let recording = false;
const calls: Array<{ text: string; values: unknown[]; ms: number }> = [];
const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
const original = proto.query;
proto.query = function (this: unknown, ...a: unknown[]) {
  const first = a[0] as string | { text: string; values?: unknown[] };
  const text = typeof first === 'string' ? first : first?.text;
  const values = (typeof first === 'string' ? a[1] : first?.values) as unknown[] | undefined;
  const started = performance.now();
  const result = original.apply(this, a);
  if (
    recording &&
    typeof text === 'string' &&
    result &&
    typeof (result as Promise<unknown>).then === 'function'
  )
    (result as Promise<unknown>).then(
      () => calls.push({ text, values: values ?? [], ms: performance.now() - started }),
      () => undefined,
    );
  return result;
};

const { app, database, tokens } = await startInProcessApp({ dataDir, databaseUrl: url });
// Every GET a screen makes but the downloads (scripts/bench-scale/endpoints.ts), on the first
// page of each list, and any --endpoints given.
const ids: Ids = {
  ...(await resolveIds(async (url, as) => {
    const res = await app.inject({ url, headers: { 'x-auth-token': tokens[as] } });
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode}`);
    return res.json();
  })),
  deepCursor: null,
  deepTreeCursor: null,
};
const screenGets = SCREEN_ENDPOINTS.filter((e) => !e.download).flatMap((e) => {
  const path = e.path(ids);
  return path === null ? [] : [{ who: e.as, url: path }];
});
const ENDPOINTS: Array<{ who: Caller; url: string }> = [
  ...screenGets.filter(
    (e, at) => screenGets.findIndex((o) => o.who === e.who && o.url === e.url) === at,
  ),
  ...extra.map((e) => {
    const [who, u] = e.split(':') as [Caller, string];
    return { who, url: u };
  }),
];

const explainer = new pg.Client({ connectionString: url });
await explainer.connect();

let audits = 0;
/** The plan `text` gets under a plan mode with these parameters (EXPLAIN EXECUTE of literals). */
async function planOf(text: string, values: unknown[], mode: 'custom' | 'generic') {
  const name = `canopy_audit_${++audits}`;
  await explainer.query(`set plan_cache_mode = force_${mode}_plan`);
  await explainer.query(`prepare ${name} as ${text}`);
  const literals = values.map((v) =>
    v === null || v === undefined
      ? 'null'
      : explainer.escapeLiteral(
          Array.isArray(v)
            ? `{${v.map((x) => (x === null ? 'NULL' : JSON.stringify(String(x)))).join(',')}}`
            : v instanceof Date
              ? v.toISOString()
              : typeof v === 'object'
                ? JSON.stringify(v)
                : String(v),
        ),
  );
  const { rows } = await explainer.query(
    `explain (analyze, buffers) execute ${name}${literals.length ? `(${literals.join(', ')})` : ''}`,
  );
  return rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n        ');
}

/** Flags a select whose generic plan runs much slower than a custom one (EXPLAIN ANALYZE). */
async function auditGeneric(text: string, values: unknown[]) {
  try {
    // The custom plan first: the generic one then runs on pages the custom one read.
    const custom = await planOf(text, values, 'custom');
    const plans = { generic: await planOf(text, values, 'generic'), custom };
    const ran = (plan: string) => Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0);
    const [general, particular] = [ran(plans.generic), ran(custom)];
    // The same plan but for its parameters is timing noise (cold pages, a busy machine).
    const shape = (plan: string) =>
      plan
        .split('\n')
        .filter((line) => !/Time:|Buffers:|Heap|Rows Removed|Planning/.test(line))
        .map((line) =>
          line
            .replace(/\(cost=.*$/, '')
            .replace(/\(never executed\)/, '')
            .replace(/'(?:[^']|'')*'(::[\w[\]]+)?|\$\d+|\b\d+(\.\d+)?\b/g, '?')
            .replace(/ARRAY\[[?, ]*\]|\(\?\)/g, '?')
            .trim(),
        )
        .join('\n');
    const trap =
      general > particular * 2 &&
      general - particular > 0.05 &&
      shape(plans.generic) !== shape(custom);
    console.log(
      `      runs ${general.toFixed(3)} ms generic, ${particular.toFixed(3)} ms custom${trap ? '  ← GENERIC PLAN SLOWER' : ''}`,
    );
    if (trap)
      for (const mode of ['generic', 'custom'] as const)
        console.log(`      ${mode}:\n        ${plans[mode]}`);
  } catch (error) {
    console.log(`      audit failed: ${(error as Error).message}`);
  } finally {
    await explainer.query('reset plan_cache_mode').catch(() => undefined);
  }
}

console.log(
  `${url.replace(/:[^:@]*@/, ':***@')}: ${requests} requests each, sequential (load ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`,
);
console.log('endpoint'.padEnd(62), 'cpu ms  db ms  stmts  wall ms   KB');
const skip = (text: string) =>
  /^(listen|unlisten|select pg_notify|begin|commit|rollback)/i.test(text.trim());
for (const endpoint of ENDPOINTS) {
  const name = `${endpoint.who}: ${endpoint.url}`;
  if (only && !new RegExp(only).test(name)) continue;
  const headers =
    endpoint.who === 'public' ? {} : ({ 'x-auth-token': tokens[endpoint.who] } as const);
  const send = () => app.inject({ method: 'GET', url: endpoint.url, headers });
  let size = 0;
  for (let i = 0; i < 10; i++) {
    const res = await send();
    if (res.statusCode !== 200) {
      console.log(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      break;
    }
    size = res.rawPayload.length;
  }
  calls.length = 0;
  recording = true;
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  for (let i = 0; i < requests; i++) await send();
  const wall = performance.now() - wall0;
  const cpu = process.cpuUsage(cpu0);
  await new Promise((r) => setTimeout(r, 20));
  recording = false;
  const mine = calls.filter((c) => !skip(c.text));
  const per = (n: number) => (n / requests).toFixed(2).padStart(6);
  console.log(
    name.slice(0, 62).padEnd(62),
    per((cpu.user + cpu.system) / 1000),
    per(mine.reduce((a, c) => a + c.ms, 0)),
    per(mine.length),
    per(wall),
    (size / 1024).toFixed(1).padStart(5),
  );
  const byText = new Map<string, { ms: number; n: number; values: unknown[] }>();
  for (const c of mine) {
    const e = byText.get(c.text) ?? { ms: 0, n: 0, values: c.values };
    e.ms += c.ms;
    e.n += 1;
    e.values = c.values;
    byText.set(c.text, e);
  }
  for (const [text, e] of [...byText].sort((a, b) => b[1].ms - a[1].ms)) {
    console.log(
      `   ${(e.ms / requests).toFixed(3)} ms ×${(e.n / requests).toFixed(1)}  ${text.replace(/\s+/g, ' ').slice(0, 220)}`,
    );
    if (generic && /^\s*select/i.test(text)) await auditGeneric(text, e.values);
    if (!explain || !/^\s*(select|with)/i.test(text)) continue;
    try {
      const { rows } = await explainer.query(`explain (analyze, buffers) ${text}`, e.values);
      const plan = rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n      ');
      console.log(`      ${plan}`);
    } catch (error) {
      console.log(`      explain failed: ${(error as Error).message}`);
    }
  }
}
await explainer.end();
await app.close();
await database.close();
