/**
 * `npm run test:cluster`: Debian's nginx on loopback balancing two real Canopy processes on one
 * fresh PostgreSQL database, proving through the balancer what a deployment of several servers
 * relies on (issue 25, cluster proof). Prints a summary; stops everything it started, also on a
 * failure or Ctrl-C. Without nginx or TEST_DATABASE_URL it skips, except in CI (CI=true).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../server/db/database';
import { collectJobs } from '../server/jobs';
import { MODULES } from '../server/modules';
import { scheduleTask } from '../server/jobs/sqlite-queue';
import { buildDonation, insertUser } from '../tests/support/factories';
import { freePort } from '../tests/support/free-port';
import { startGeocoderStub } from '../tests/support/geocoder-stub';
import { buildJpeg } from '../tests/support/images';
import { TEST_PASSWORD, TEST_PASSWORD_HASH } from '../tests/support/signed-in';
import { startS3Server, type S3Server } from '../tests/support/s3-server';
import { mailsTo, startSmtpReceiver, waitForMail } from '../tests/support/smtp-receiver';
import { waitUntilHealthy } from '../tests/support/start-server';
import { canopyServerBlock, findNginx, startNginx, type StartedNginx } from './cluster/nginx';

const ROOT = path.resolve(import.meta.dirname, '..');
const inCi = process.env.CI === 'true' || process.env.CI === '1';
// A run takes about 1.5 minutes; the stop is for a hang, with room for a loaded machine.
const BUDGET_MS = 7 * 60_000;
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------- preconditions

function skipOrFail(reason: string): never {
  if (inCi) {
    console.error(`cluster proof: FAILED — ${reason} (required in CI)`);
    process.exit(1);
  }
  console.log(`cluster proof: skipped — ${reason}`);
  process.exit(0);
}

const nginxBinary = findNginx();
if (!nginxBinary) skipOrFail('nginx is not installed (apt-get install nginx)');
const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim();
if (!testDatabaseUrl)
  skipOrFail('TEST_DATABASE_URL is not set (a PostgreSQL role that may create databases)');

// ---------------------------------------------------------------- what we start, and stopping it

const cleanups: Array<{ name: string; run: () => Promise<unknown> }> = [];
const onCleanup = (name: string, run: () => Promise<unknown>) => cleanups.push({ name, run });
let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  return (cleaning ??= (async () => {
    for (const { name, run } of cleanups.reverse()) {
      await Promise.race([
        run(),
        new Promise((resolve) => setTimeout(resolve, 15_000).unref()),
      ]).catch((err: unknown) => console.error(`  (stopping ${name} failed: ${String(err)})`));
    }
  })());
}
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    interrupted = true;
    console.error(`\ncluster proof: ${signal}, stopping everything it started…`);
    void cleanUp().then(() => {
      printSummary(new Error(`interrupted by ${signal}`));
      process.exit(130);
    });
  });

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-cluster-'));
onCleanup('temporary files', async () => fs.rmSync(tmp, { recursive: true, force: true }));

// ---------------------------------------------------------------- the steps and the summary

interface StepResult {
  name: string;
  ok: boolean;
  lines: string[];
  ms: number;
}
const results: StepResult[] = [];
let note: string[] = [];
const say = (line: string) => note.push(line);

async function step(name: string, run: () => Promise<void>): Promise<void> {
  note = [];
  const at = performance.now();
  process.stdout.write(`• ${name} … `);
  try {
    await run();
    results.push({ name, ok: true, lines: note, ms: performance.now() - at });
    console.log(`ok (${((performance.now() - at) / 1000).toFixed(1)} s)`);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    results.push({ name, ok: false, lines: [...note, `FAILED: ${message}`], ms: 0 });
    console.log('FAILED');
    throw err;
  }
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

function printSummary(failure?: unknown) {
  console.log('\n== cluster proof summary (nginx → 2 Canopy processes → 1 PostgreSQL) ==');
  for (const result of results) {
    console.log(`${result.ok ? '✓' : '✗'} ${result.name}`);
    for (const line of result.lines) console.log(`    ${line}`);
  }
  if (failure && !results.some((r) => !r.ok))
    console.log(`✗ setup: ${failure instanceof Error ? failure.message : String(failure)}`);
  const passed = results.filter((r) => r.ok).length;
  console.log(
    `${failure ? 'FAILED' : 'PASSED'}: ${passed} of ${results.length} checks passed in ${elapsed()}`,
  );
}

// ---------------------------------------------------------------- the app processes

interface Server {
  name: 'A' | 'B';
  port: number;
  url: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** Every server's Date starts on 1 January of last year at 23:59:20 (see scheduled jobs). */
const proofYear = new Date().getUTCFullYear() - 1;
const CLOCK_START = `${proofYear}-01-01T23:59:20.000Z`;
/** The real time both clocks read CLOCK_START: when the first server is started. */
let clockFrom = 0;

async function startCanopy(name: 'A' | 'B', env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const dataDir = path.join(tmp, `data-${name}`);
  fs.mkdirSync(dataDir, { recursive: true });
  let output = '';
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './scripts/cluster/proof-clock.ts', 'server/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        CANOPY_PROOF_CLOCK_START: CLOCK_START,
        CANOPY_PROOF_CLOCK_FROM: String((clockFrom ||= Date.now())),
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server: Server = {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 12_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
  onCleanup(`Canopy ${name}`, server.stop);
  // Generous: the first start migrates a fresh database on a possibly busy machine.
  await waitUntilHealthy(child, server.url, {
    name: `Canopy ${name}`,
    output: () => output,
    timeoutMs: 120_000,
    pollMs: 200,
  });
  return server;
}

/** Moves a server's clock on; answers the server's new time. */
function jumpClock(server: Server, minutes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Canopy ${server.name}: no clock answer`)),
      10_000,
    );
    server.process.once('message', (message: { clockNow?: string }) => {
      clearTimeout(timer);
      resolve(message.clockNow ?? '');
    });
    server.process.send({ clockJumpMinutes: minutes });
  });
}

// ---------------------------------------------------------------- HTTP through nginx or directly

interface Answer {
  status: number;
  body: unknown;
  bytes: Buffer;
  /** Which process answered: A or B (from nginx's X-Upstream, or the address we called). */
  by: string;
  contentType: string;
}

let servers: Server[] = [];
let balancer: StartedNginx | undefined;
const who = (upstream: string | null) =>
  servers.find((s) => upstream?.split(/,\s*/).at(-1) === `127.0.0.1:${s.port}`)?.name ??
  `?(${upstream ?? 'none'})`;

async function call(
  base: string,
  route: string,
  init: { method?: string; token?: string; json?: unknown; form?: FormData } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (init.token) headers['x-auth-token'] = init.token;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${route}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.form ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const contentType = res.headers.get('content-type') ?? '';
  let body: unknown = undefined;
  if (contentType.includes('json')) body = JSON.parse(bytes.toString('utf8'));
  const direct = servers.find((s) => s.url === base);
  return {
    status: res.status,
    body,
    bytes,
    contentType,
    by: direct ? direct.name : who(res.headers.get('x-upstream')),
  };
}
const viaNginx = (route: string, init?: Parameters<typeof call>[2]) =>
  call(balancer!.url, route, init);
const describe = (answer: Answer) =>
  `${answer.status} ${answer.bytes.toString('utf8').slice(0, 300)}`;

// ---------------------------------------------------------------- the proof

const PASSWORD = 'leafy-Canopy-2026';
const dbName = `canopy_cluster_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: testDatabaseUrl });
let database: DatabaseHandle | undefined;
const mailDir = path.join(tmp, 'mail');
let bucket: S3Server | undefined;

/** The keys in the proof's bucket. */
async function bucketKeys(): Promise<string[]> {
  const client = bucket!.client();
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket!.bucket }));
    return (listed.Contents ?? []).map((object) => object.Key ?? '');
  } finally {
    client.destroy();
  }
}

async function register(username: string) {
  const email = `${username}@example.test`;
  const res = await viaNginx('/api/users/register', {
    method: 'POST',
    json: {
      username,
      email,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      role: 'individual',
      profileType: 'individual',
      isCoperate: false,
    },
  });
  check(res.status === 201, `register ${email}: ${describe(res)}`);
  return { email, by: res.by };
}

async function signIn(email: string, password: string, base?: string) {
  const res = await call(base ?? balancer!.url, '/api/users/login', {
    method: 'POST',
    json: { email, password },
  });
  check(res.status === 200, `sign in ${email}: ${describe(res)}`);
  return { token: (res.body as { result: { token: string } }).result.token, by: res.by };
}

/** Calls through nginx until each process has answered once (round robin, but not promised). */
async function fromBoth(route: string, token?: string) {
  const seen = new Map<string, Answer>();
  for (let i = 0; i < 20 && seen.size < 2; i++) {
    const answer = await viaNginx(route, token ? { token } : {});
    if (!seen.has(answer.by)) seen.set(answer.by, answer);
  }
  return seen;
}

async function main() {
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  onCleanup('the proof database', async () => {
    await database?.close().catch(() => undefined);
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });
  const url = new URL(testDatabaseUrl!);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();

  const receiver = await startSmtpReceiver(mailDir);
  onCleanup('the SMTP receiver', () => receiver.close());

  // The trees' public places pass (a schedule) asks a geocoder: the loopback stub, never the internet.
  const geocoder = await startGeocoderStub();
  onCleanup('the geocoder stub', () => geocoder.close());

  const s3 = await startS3Server({ bucket: 'canopy-cluster' });
  onCleanup('the S3 server', () => s3.stop());
  bucket = s3;

  const nginxPort = await freePort();
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    APP_URL: `http://127.0.0.1:${nginxPort}`,
    // One secret for every server of a deployment.
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SMTP_URL: receiver.url,
    GEOCODER_URL: geocoder.url,
    // nginx is the one proxy hop in front: the client's address is the last X-Forwarded-For entry.
    TRUST_PROXY: '1',
    // Every request comes from 127.0.0.1: room for 200 donations, but limits still count.
    RATE_LIMIT_MULTIPLIER: '20',
    // Uploads go to the bucket every server shares.
    ...s3.env,
  };
  const storage = `S3 (s3rver ${s3.endpoint}, bucket ${s3.bucket})`;

  await step('start: PostgreSQL database, 2 Canopy processes, nginx', async () => {
    // One after the other: the first migrates the fresh database.
    const a = await startCanopy('A', env);
    const b = await startCanopy('B', env);
    servers = [a, b];
    balancer = await startNginx({
      binary: nginxBinary!,
      prefix: path.join(tmp, 'nginx'),
      port: nginxPort,
      upstreams: servers.map((s) => `127.0.0.1:${s.port}`),
    });
    onCleanup('nginx', () => balancer!.stop());
    database = openDatabase({ databaseUrl });
    // The README shows the same proxy configuration the proof runs.
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const example = canopyServerBlock({
      listen: '80',
      upstreams: ['10.0.0.11:5000', '10.0.0.12:5000'],
    });
    check(
      readme.includes(example),
      'README "Running several servers" differs from the proof’s nginx configuration',
    );
    say(`database ${dbName}; storage ${storage}`);
    say(`nginx ${balancer!.url} → A ${a.url}, B ${b.url}`);
  });

  // Scheduled jobs: watched from now (see the step below), the clocks jump now so the catch-up
  // runs while the other steps use the servers.
  const jobs = await prepareScheduledJobs();

  await step('sign up and sign in through nginx (mailed code)', async () => {
    const since = Date.now();
    const { email, by } = await register(`cluster${randomBytes(3).toString('hex')}`);
    const mail = await waitForMail(mailDir, email, since, 60_000);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    check(code, `no 6-digit code in the mail to ${email}`);
    const verified = await viaNginx('/api/users/users-otpmatch', {
      method: 'POST',
      json: { email, otpCode: code },
    });
    check(verified.status === 200, `verify: ${describe(verified)}`);
    const signedIn = await signIn(email, PASSWORD);
    const seen = await fromBoth('/api/users/currentuser', signedIn.token);
    for (const [server, answer] of seen)
      check(answer.status === 200, `current user on ${server}: ${describe(answer)}`);
    check(seen.size === 2, `nginx sent every call to one process: ${[...seen.keys()].join()}`);
    say(
      `registered on ${by}, code verified on ${verified.by}, signed in on ${signedIn.by}; the session answers on ${[...seen.keys()].sort().join(' and ')}`,
    );
  });

  await step('a photo uploaded on one process is read from the other', async () => {
    const user = await insertUser(database!.db, { password_hash: TEST_PASSWORD_HASH });
    const { token } = await signIn(user.email, TEST_PASSWORD);
    const jpeg = await buildJpeg({ width: 900, height: 600, seed: 5 });
    const keysBefore = await bucketKeys();
    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'leaf.jpg');
    const uploaded = await viaNginx('/api/users/me/avatar', { method: 'PUT', token, form });
    check(uploaded.status === 200, `upload: ${describe(uploaded)}`);
    const address = JSON.stringify(uploaded.body).match(/\/api\/files\/[^"?]+/)?.[0];
    check(address, `no /api/files address in ${describe(uploaded)}`);
    const keysAfter = await bucketKeys();
    const added = keysAfter.filter((key) => !keysBefore.includes(key));
    check(added.length > 0, 'the upload put nothing in the S3 bucket');
    const other = servers.find((s) => s.name !== uploaded.by)!;
    const direct = await call(other.url, address, { token });
    check(direct.status === 200, `${address} on ${other.name}: ${describe(direct)}`);
    check(direct.contentType.startsWith('image/'), `not an image: ${direct.contentType}`);
    const seen = await fromBoth(address, token);
    check(seen.size === 2, 'nginx sent every read to one process');
    for (const [server, answer] of seen) {
      check(answer.status === 200, `${address} via nginx on ${server}: ${answer.status}`);
      check(answer.bytes.equals(direct.bytes), `${server} answered other bytes`);
    }
    say(
      `uploaded through nginx, served by ${uploaded.by}; ${address}; ${added.length} new object(s) in the bucket`,
    );
    say(
      `read directly from ${other.name} (${direct.bytes.length} bytes, ${direct.contentType}) and through nginx from ${[...seen.keys()].sort().join(' and ')}: same bytes`,
    );
  });

  await step('a logout on one process refuses the token on the other at once', async () => {
    const rounds = 6;
    for (let round = 0; round < rounds; round++) {
      const user = await insertUser(database!.db, { password_hash: TEST_PASSWORD_HASH });
      const [here, there] = round % 2 ? [servers[1]!, servers[0]!] : [servers[0]!, servers[1]!];
      const { token } = await signIn(user.email, TEST_PASSWORD);
      // Both processes remember the session before the logout.
      for (const server of [there, here])
        for (let i = 0; i < 3; i++) {
          const answer = await call(server.url, '/api/users/currentuser', { token });
          check(answer.status === 200, `warm on ${server.name}: ${answer.status}`);
        }
      const out = await call(here.url, '/api/users/logout', { method: 'POST', token });
      check(out.status === 200, `logout on ${here.name}: ${describe(out)}`);
      const refused = await call(there.url, '/api/users/currentuser', { token });
      check(refused.status === 401, `round ${round}: ${there.name} answered ${refused.status}`);
      const seen = await fromBoth('/api/users/currentuser', token);
      for (const [server, answer] of seen)
        check(answer.status === 401, `round ${round}: via nginx ${server} ${answer.status}`);
    }
    say(`${rounds} rounds, either way round: logout on one, the next request on the other → 401`);
  });

  await step('rate limits count the hits on both processes together', async () => {
    // POST /api/newsletter: 5 a minute per client address, × RATE_LIMIT_MULTIPLIER 20 = 100.
    const limit = 5 * Number(env.RATE_LIMIT_MULTIPLIER);
    const by = new Map<string, number>();
    for (let n = 0; n < limit; n++) {
      const answer = await viaNginx('/api/newsletter', {
        method: 'POST',
        json: { email: `limit-${n}@example.test` },
      });
      check(answer.status === 200, `subscription ${n + 1}: ${describe(answer)}`);
      by.set(answer.by, (by.get(answer.by) ?? 0) + 1);
    }
    check(by.size === 2, `all ${limit} went to one process`);
    for (const server of servers) {
      const answer = await call(server.url, '/api/newsletter', {
        method: 'POST',
        json: { email: `over-${server.name}@example.test` },
      });
      // Called directly the client is 127.0.0.1 too: the same counter.
      check(answer.status === 429, `${server.name} directly: ${answer.status}`);
    }
    const overNginx = await viaNginx('/api/newsletter', {
      method: 'POST',
      json: { email: 'over@example.test' },
    });
    check(overNginx.status === 429, `via nginx over the limit: ${overNginx.status}`);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n
      from newsletter_subscribers`.execute(database!.db);
    check(rows[0]!.n === limit, `${rows[0]!.n} subscribers stored, expected ${limit}`);
    say(
      `${limit} allowed (${[...by].map(([s, n]) => `${n} on ${s}`).join(', ')}); the next is 429 on A, on B and through nginx; ${limit} rows stored`,
    );
  });

  await step('every scheduled job runs once across both processes', async () => {
    await jobs.verify();
  });

  await step('each mail is sent once (sign-ups on both processes)', async () => {
    const since = Date.now();
    const signups = await Promise.all(
      Array.from({ length: 8 }, (_, i) => register(`once${i}${randomBytes(3).toString('hex')}`)),
    );
    for (const { email } of signups) await waitForMail(mailDir, email, since, 60_000);
    await waitIdle(30_000);
    // Time for a second send of the same mail, had either process been able to take it twice.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const { email } of signups) {
      const n = mailsTo(mailDir, email).length;
      check(n === 1, `${email} received ${n} mails`);
    }
    const { rows } = await sql<{ status: string; n: number }>`select status, count(*)::int as n
      from mails group by status order by status`.execute(database!.db);
    const total = fs.readdirSync(mailDir).filter((f) => f.endsWith('.json')).length;
    const sent = rows.find((r) => r.status === 'sent')?.n ?? 0;
    check(
      rows.every((r) => r.status === 'sent'),
      `mails not sent: ${JSON.stringify(rows)}`,
    );
    check(sent === total, `${sent} mails sent by the app, ${total} received`);
    const served = new Set(signups.map((s) => s.by));
    say(
      `8 sign-ups through nginx (answered by ${[...served].sort().join(' and ')}): each address got its code once; ${sent} mails in the outbox, ${total} received`,
    );
  });

  await step('kill -9 of one process during 200 concurrent donations', async () => {
    await donationsWithAKill();
  });
}

// ---------------------------------------------------------------- jobs

const WORKER = 'graphile_worker';

async function waitIdle(timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql<{ busy: number }>`select count(*)::int as busy
      from ${sql.table(`${WORKER}._private_jobs`)}
      where attempts < max_attempts and (locked_at is not null or run_at <= now())`.execute(
      database!.db,
    );
    if (rows[0]!.busy === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0]!.busy} jobs still waiting`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A tiny cron matcher (minute hour day month weekday; *, *\/n, a-b, a,b), UTC like graphile's. */
function cronMatches(cron: string, at: Date): boolean {
  const values = [
    at.getUTCMinutes(),
    at.getUTCHours(),
    at.getUTCDate(),
    at.getUTCMonth() + 1,
    at.getUTCDay(),
  ];
  return cron
    .trim()
    .split(/\s+/)
    .every((field, i) =>
      field.split(',').some((part) => {
        const v = values[i]!;
        const [range = '*', stepText] = part.split('/');
        const every = stepText ? Number(stepText) : 1;
        if (range === '*') return v % every === 0;
        const [lo, hi = lo] = range.split('-').map(Number);
        return v >= lo! && v <= hi! && (v - lo!) % every === 0;
      }),
    );
}

/**
 * Every schedule of the manifests, run by both processes' graphile-worker crontabs. Both clocks
 * start on 1 January 23:59:20 (last year) and jump 7 h 15 min on: each crontab catches up every
 * tick it passed (00:00 … 07:14 on 2 January: the daily ones, the yearly statements at 06:00 on
 * 2 January, and every minute's), racing the other process for each. A trigger on
 * graphile-worker's job table records each job added and each time a worker takes one; a donor who
 * gave last year gets the yearly statement, a scheduled mail. Each tick must be added once and
 * each job taken once; the mail must arrive once.
 */
async function prepareScheduledJobs() {
  const schedules = collectJobs(MODULES, () => ({}), {} as never).schedules.map((s) => ({
    name: s.name,
    cron: s.cron,
    task: scheduleTask(s.name),
  }));
  const donor = await insertUser(database!.db, { password_hash: TEST_PASSWORD_HASH });
  const gave = `${proofYear - 1}-06-01T10:00:00.000Z`;
  await database!.db
    .insertInto('donations')
    .values(
      buildDonation(donor.id, {
        created_at: gave,
        paid_at: gave,
        updated_at: gave,
        receipt_number: `CAN-${proofYear - 1}-000001`,
      }),
    )
    .execute();
  await sql
    .raw(
      `create schema cluster_proof;
    create table cluster_proof.job_log (
      n bigserial primary key, job_id bigint, task text, cron_ts text, event text, locked_by text);
    create function cluster_proof.log_job() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' or (new.locked_at is not null and old.locked_at is distinct from new.locked_at) then
        insert into cluster_proof.job_log (job_id, task, cron_ts, event, locked_by)
        values (new.id, (select identifier from ${WORKER}._private_tasks where id = new.task_id),
          new.payload->'_cron'->>'ts', case when tg_op = 'INSERT' then 'added' else 'taken' end,
          new.locked_by);
      end if;
      return null;
    end $$;
    create trigger cluster_proof_log after insert or update on ${WORKER}._private_jobs
      for each row execute function cluster_proof.log_job();`,
    )
    .execute(database!.db);
  const JUMP = 7 * 60 + 15;
  const clocks = await Promise.all(servers.map((s) => jumpClock(s, JUMP)));
  const target = new Date(clocks[0]!);
  target.setUTCSeconds(0, 0);
  target.setUTCMinutes(target.getUTCMinutes() - 1);

  return {
    async verify() {
      // Wait for both crontabs to have caught up (their next timer fires within a minute).
      const deadline = Date.now() + 150_000;
      for (;;) {
        const { rows } = await sql<{ last: Date | null }>`select max(last_execution) as last
          from ${sql.table(`${WORKER}._private_known_crontabs`)}
          where identifier = 'impact figures'`.execute(database!.db);
        if (rows[0]?.last && new Date(rows[0].last) >= target) break;
        if (Date.now() > deadline)
          throw new Error(`crontabs did not reach ${target.toISOString()} (last ${rows[0]?.last})`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await waitIdle(120_000);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const { rows: log } = await sql<{
        job_id: string;
        task: string;
        cron_ts: string | null;
        event: string;
        locked_by: string | null;
      }>`select job_id, task, cron_ts, event, locked_by from cluster_proof.job_log
        where task like 'schedule:%' order by n`.execute(database!.db);
      const added = log.filter((r) => r.event === 'added');
      const ticks = added.map((r) => new Date(r.cron_ts!).getTime());
      const first = Math.min(...ticks);
      const last = Math.max(...ticks);
      // Ticks before the trigger existed are not in the log; the first daily one (00:05) is.
      check(
        first <= Date.parse(`${proofYear}-01-02T00:04:00Z`),
        `the first tick recorded is ${new Date(first).toISOString()}`,
      );
      let expectedTicks = 0;
      for (const schedule of schedules) {
        const mine = added.filter((r) => r.task === schedule.task).map((r) => r.cron_ts!);
        const due: string[] = [];
        for (let t = first; t <= last; t += 60_000)
          if (cronMatches(schedule.cron, new Date(t))) due.push(new Date(t).toISOString());
        expectedTicks += due.length;
        check(due.length > 0, `${schedule.name} (${schedule.cron}) had no tick in the window`);
        const sorted = [...mine].sort();
        check(
          JSON.stringify(sorted) === JSON.stringify(due),
          `${schedule.name}: ${mine.length} jobs added for ${due.length} ticks` +
            (new Set(mine).size !== mine.length ? ' (a tick twice)' : ''),
        );
      }
      const takes = new Map<string, number>();
      for (const r of log.filter((row) => row.event === 'taken'))
        takes.set(r.job_id, (takes.get(r.job_id) ?? 0) + 1);
      const twice = [...takes].filter(([, n]) => n !== 1);
      check(twice.length === 0, `${twice.length} scheduled jobs taken more than once`);
      const notTaken = added.filter((r) => !takes.has(r.job_id));
      check(notTaken.length === 0, `${notTaken.length} scheduled jobs never taken`);
      const workers = new Set(log.filter((r) => r.event === 'taken').map((r) => r.locked_by));
      // The yearly statement (2 January 06:00) to the donor who gave last year: one mail.
      const statement = await waitForMail(mailDir, donor.email, 0, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const statements = mailsTo(mailDir, donor.email).length;
      check(statements === 1, `${donor.email} received ${statements} yearly statements`);
      say(
        `${schedules.length} schedules; clocks jumped ${new Date(CLOCK_START).toISOString()} + 7 h 15 min; ticks ${new Date(first).toISOString()} … ${new Date(last).toISOString()}`,
      );
      say(
        `${added.length} scheduled jobs added for ${expectedTicks} due ticks (each tick once), each taken once, by ${workers.size} worker(s) over both processes`,
      );
      say(`the yearly statement ("${statement.subject}") reached last year's donor once`);
    },
  };
}

// ---------------------------------------------------------------- kill -9 during donations

async function donationsWithAKill() {
  // A member may start 10 checkouts an hour (card-testing defence): 25 donors, 8 each.
  const signedInDonor = async () => {
    const user = await insertUser(database!.db, { password_hash: TEST_PASSWORD_HASH });
    return (await signIn(user.email, TEST_PASSWORD)).token;
  };
  const donors = await Promise.all(Array.from({ length: 25 }, () => signedInDonor()));
  const [victim, survivor] = servers as [Server, Server];
  let acknowledged = 0;
  let killedAt = -1;
  const ackBy = new Map<string, number>();
  const ids: Array<{ id: string; paid: boolean; confirmStatus: number | string }> = [];
  const failures = new Map<string, number>();
  const fail = (what: string) => failures.set(what, (failures.get(what) ?? 0) + 1);
  let killed!: () => void;
  const killedPromise = new Promise<void>((resolve) => (killed = resolve));

  const donate = async (n: number) => {
    const token = donors[n % donors.length]!;
    let created: Answer;
    try {
      created = await viaNginx('/api/donations', {
        method: 'POST',
        token,
        json: { kind: 'cash', amount: 500 + n, category: 'Trees' },
      });
    } catch (err) {
      return fail(`create: ${(err as Error).message}`);
    }
    if (created.status !== 200) return fail(`create ${created.status}`);
    const id = (created.body as { data: { donation: { id: string } } }).data.donation.id;
    const entry = { id, paid: false, confirmStatus: 0 as number | string };
    ids.push(entry);
    try {
      const paid = await viaNginx('/api/payments/test/confirm', {
        method: 'POST',
        token,
        json: { donationId: id, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
      });
      entry.confirmStatus = paid.status;
      const status = (paid.body as { data?: { status?: string } } | undefined)?.data?.status;
      if (paid.status === 200 && status === 'paid') {
        entry.paid = true;
        acknowledged++;
        ackBy.set(paid.by, (ackBy.get(paid.by) ?? 0) + 1);
        if (acknowledged === 50) killed();
      } else fail(`confirm ${paid.status}`);
    } catch (err) {
      entry.confirmStatus = 'no answer';
      fail(`confirm: ${(err as Error).message}`);
    }
  };

  const all = Promise.all(Array.from({ length: 200 }, (_, n) => donate(n)));
  await Promise.race([killedPromise, all]);
  check(acknowledged >= 50, `only ${acknowledged} donations were paid before the kill`);
  victim.process.kill('SIGKILL');
  killedAt = acknowledged;
  await all;
  const afterKill = acknowledged - killedAt;

  // The survivor keeps serving: through nginx and directly.
  const health = await call(survivor.url, '/api/health');
  check(health.status === 200, `${survivor.name} health: ${health.status}`);
  let later = 0;
  for (let n = 0; n < 5; n++) {
    // Signed in after the kill: the survivor answers that too.
    const token = await signedInDonor();
    const created = await viaNginx('/api/donations', {
      method: 'POST',
      token,
      json: { kind: 'cash', amount: 700, category: 'Trees' },
    });
    check(created.status === 200, `after the kill, create: ${describe(created)}`);
    check(created.by === survivor.name, `after the kill answered by ${created.by}`);
    const id = (created.body as { data: { donation: { id: string } } }).data.donation.id;
    const paid = await viaNginx('/api/payments/test/confirm', {
      method: 'POST',
      token,
      json: { donationId: id, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    });
    check(paid.status === 200, `after the kill, pay: ${describe(paid)}`);
    ids.push({ id, paid: true, confirmStatus: 200 });
    later++;
  }

  const acked = ids.filter((d) => d.paid).map((d) => d.id);
  const rows = await database!.db
    .selectFrom('donations')
    .select(['id', 'status'])
    .where(
      'id',
      'in',
      ids.map((d) => d.id),
    )
    .execute();
  const status = new Map(rows.map((r) => [r.id, r.status]));
  const lost = acked.filter((id) => status.get(id) !== 'paid');
  check(lost.length === 0, `${lost.length} acknowledged payments are not paid in the database`);
  const unanswered = ids.filter((d) => !d.paid);
  const unansweredPaid = unanswered.filter((d) => status.get(d.id) === 'paid').length;
  check(afterKill > 0, 'no donation was paid after the kill');
  say(
    `200 donations at once through nginx; kill -9 of ${victim.name} after ${killedAt} were paid; ${acknowledged} acknowledged in all (${[...ackBy].map(([s, n]) => `${n} by ${s}`).join(', ')}), ${afterKill} after the kill`,
  );
  say(
    `failed answers (in flight on ${victim.name} when it died): ${failures.size ? [...failures].map(([k, n]) => `${n}× ${k}`).join(', ') : 'none'}; of those unanswered payments ${unansweredPaid} are paid, ${unanswered.length - unansweredPaid} not`,
  );
  say(
    `every one of the ${acked.length} acknowledged payments (${acknowledged} + ${later} after) is paid in the database; ${survivor.name} kept serving: ${later} new members signed in and paid through nginx, all on ${survivor.name}`,
  );
}

// ---------------------------------------------------------------- run

const budget = setTimeout(() => {
  console.error(`\ncluster proof: over the ${BUDGET_MS / 60_000}-minute budget, stopping`);
  printSummary(new Error('time budget exceeded'));
  void cleanUp().then(() => process.exit(1));
}, BUDGET_MS);

let failure: unknown;
try {
  await main();
} catch (err) {
  failure = err;
}
clearTimeout(budget);
if (interrupted) await new Promise(() => undefined); // the signal handler stops and exits
if (failure) {
  for (const server of servers) {
    const tail = server.output().split('\n').slice(-30).join('\n').trim();
    if (tail) console.error(`\n-- Canopy ${server.name} output (last lines) --\n${tail}`);
  }
  if (balancer)
    console.error(`\n-- nginx --\n${balancer.output().split('\n').slice(-20).join('\n')}`);
}
printSummary(failure);
await cleanUp();
process.exit(failure ? 1 : 0);
