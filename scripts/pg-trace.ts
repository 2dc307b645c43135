/**
 * PostgreSQL per-request trace (issue 20): builds the app in-process on a PostgreSQL database
 * (a kept `bench:scale` build: it is migrated first), sends each screen's GET N times one after
 * another through `inject`, and prints per request the Node CPU, the statements' summed round
 * trips, their number, wall time and size, each statement's share; with --explain also
 * EXPLAIN (ANALYZE, BUFFERS) of every distinct select with the parameters of its last call.
 *
 *   npx tsx scripts/pg-trace.ts --url postgres://…/canopy_scale_million --data DIR/pg-million
 *     [--requests 50] [--only 'forest'] [--explain] [--endpoints 'asha:/api/…,public:/api/…']
 */
import fs from 'node:fs';
import pg from 'pg';
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
const me = async (who: 'asha' | 'greenleaf') =>
  (
    (
      await app.inject({ url: '/api/users/currentuser', headers: { 'x-auth-token': tokens[who] } })
    ).json() as { user: { id: string } }
  ).user.id;
const ashaId = await me('asha');
const ashaTree = (
  (
    await app.inject({
      url: '/api/trees/registeredtree?page=1&limit=1',
      headers: { 'x-auth-token': tokens.asha },
    })
  ).json() as { data: { id: string }[] }
).data[0]!.id;
const pastDrive = (
  (
    await app.inject({
      url: '/api/trees/geteventdetail?when=past&page=1&limit=12',
      headers: { 'x-auth-token': tokens.asha },
    })
  ).json() as { data: { id: string }[] }
).data[0]!.id;
const glDrive = (
  (
    await app.inject({
      url: '/api/drives/mine?when=past',
      headers: { 'x-auth-token': tokens.greenleaf },
    })
  ).json() as { data: { organised: { id: string }[] } }
).data.organised[0]!.id;

const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
const ENDPOINTS: Array<{ who: 'asha' | 'greenleaf' | 'public'; url: string }> = [
  { who: 'public', url: '/api/stats' },
  { who: 'public', url: '/api/drives/newest' },
  { who: 'public', url: '/api/testimonials' },
  { who: 'public', url: '/api/trees/public-map?bbox=-180,-85,180,85&zoom=2' },
  { who: 'public', url: '/api/public/forests/asha' },
  { who: 'asha', url: '/api/users/currentuser' },
  { who: 'asha', url: '/api/notifications/unread-count' },
  { who: 'asha', url: '/api/dashboard/individual' },
  { who: 'asha', url: '/api/drives/mine?when=upcoming&limit=1' },
  { who: 'asha', url: '/api/trees/geteventdetail?when=upcoming&limit=3' },
  { who: 'asha', url: '/api/stats/charts' },
  { who: 'asha', url: '/api/onboarding' },
  { who: 'asha', url: '/api/trees/care-due' },
  { who: 'asha', url: '/api/trees/replanting' },
  { who: 'asha', url: '/api/trees/registeredtree?limit=24' },
  { who: 'asha', url: `/api/trees/${ashaTree}` },
  { who: 'asha', url: `/api/trees/care-due?treeId=${ashaTree}` },
  { who: 'asha', url: `/api/trees/${ashaTree}/growth` },
  { who: 'asha', url: `/api/trees/${ashaTree}/care` },
  { who: 'asha', url: '/api/trees/map?bbox=-180,-85,180,85&zoom=2' },
  { who: 'asha', url: '/api/trees/map?bbox=76.9,28.4,77.5,28.8&zoom=11' },
  { who: 'asha', url: '/api/trees/map?bbox=77.2,28.6,77.22,28.61&zoom=16' },
  { who: 'asha', url: '/api/trees/geteventdetail?when=upcoming&page=1&limit=12' },
  { who: 'asha', url: '/api/trees/geteventdetail?when=past&page=1&limit=12' },
  { who: 'asha', url: '/api/trees/geteventdetail?when=upcoming&page=1&limit=12&country=IN' },
  { who: 'asha', url: '/api/trees/geteventdetail?when=past&page=1&limit=12&q=mangrove' },
  { who: 'asha', url: '/api/drives/map?when=upcoming&bbox=-180,-85,180,85&zoom=2' },
  { who: 'asha', url: '/api/drives/map?when=upcoming&bbox=76.9,28.4,77.5,28.8&zoom=11' },
  { who: 'asha', url: '/api/drives/mine?when=upcoming' },
  { who: 'asha', url: '/api/drives/mine?when=past' },
  { who: 'asha', url: `/api/drives/calendar?from=${day(0)}&to=${day(90)}` },
  { who: 'asha', url: `/api/drives/${pastDrive}` },
  { who: 'asha', url: `/api/drives/${pastDrive}/updates` },
  { who: 'asha', url: `/api/drives/${pastDrive}/four-numbers` },
  { who: 'asha', url: '/api/donations?page=1&limit=20' },
  { who: 'asha', url: '/api/donations/recurring' },
  { who: 'asha', url: '/api/forest' },
  { who: 'asha', url: '/api/trees/verification-queue?limit=20' },
  { who: 'asha', url: '/api/notifications?page=1&limit=20' },
  { who: 'asha', url: '/api/trees/user-profile?key=an' },
  { who: 'asha', url: '/api/trees/user-profile?key=zzq' },
  { who: 'asha', url: `/api/users/${ashaId}/profile` },
  { who: 'asha', url: `/api/drives/member/${ashaId}` },
  { who: 'asha', url: `/api/trees/member/${ashaId}` },
  { who: 'asha', url: '/api/teams/mine' },
  { who: 'greenleaf', url: '/api/dashboard/corporate' },
  { who: 'greenleaf', url: '/api/trees/verification-queue?limit=20' },
  { who: 'greenleaf', url: '/api/drives/mine?when=past' },
  { who: 'greenleaf', url: '/api/drives/mine?when=upcoming' },
  { who: 'greenleaf', url: `/api/drives/${glDrive}/donations` },
  { who: 'greenleaf', url: `/api/drives/${glDrive}/attendance` },
  { who: 'greenleaf', url: `/api/drives/${glDrive}/pass` },
  { who: 'greenleaf', url: '/api/donations?page=1&limit=20' },
  { who: 'greenleaf', url: '/api/donations/recurring' },
  ...extra.map((e) => {
    const [who, u] = e.split(':') as ['asha' | 'greenleaf' | 'public', string];
    return { who, url: u };
  }),
];

const explainer = new pg.Client({ connectionString: url });
await explainer.connect();

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
