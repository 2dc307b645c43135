import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertUser } from '../../tests/support/factories';
import { TEST_PASSWORD, TEST_PASSWORD_HASH } from '../../tests/support/signed-in';
import { buildTestServices } from '../../tests/support/test-app';
import { createTestDatabase } from '../../tests/support/test-database';
import { mailsTo, startSmtpReceiver, waitForMail } from '../../tests/support/smtp-receiver';
import { startServer, type StartedServer } from '../../tests/support/start-server';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { workerSchemaFor } from '../jobs/graphile-queue';
import type { Schedule } from '../jobs/jobs-port';

/**
 * Two real app processes on one PostgreSQL database (a schema of their own): what one server
 * does to a session or a limit holds on the other at once, whatever either has cached. Each server
 * remembers signed-in sessions (no database read per request); the other's writes reach it
 * through its write listener (server/db/write-listener.ts).
 */
const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

describe.skipIf(!testDatabaseUrl)('two app servers on one PostgreSQL', () => {
  const schema = `proof_two_${randomBytes(4).toString('hex')}`;
  const url = `${testDatabaseUrl}${testDatabaseUrl?.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  let a: StartedServer;
  let b: StartedServer;
  let database: DatabaseHandle;
  let receiver: Awaited<ReturnType<typeof startSmtpReceiver>> | undefined;
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-two-mail-'));

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    // RATE_LIMIT_MULTIPLIER 1: the real limits, counted in the shared database.
    // One secret for both, as every server of one deployment has.
    receiver = await startSmtpReceiver(mailDir);
    const env = {
      SMTP_URL: receiver.url,
      DATABASE_URL: url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      RATE_LIMIT_MULTIPLIER: '1',
      LOG_LEVEL: 'fatal',
    };
    a = await startServer(env); // migrates
    b = await startServer(env);
    database = openDatabase({ databaseUrl: testDatabaseUrl, pgSchema: schema });
  }, 90_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await receiver?.close();
    fs.rmSync(mailDir, { recursive: true, force: true });
    await database?.close();
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.query(`drop schema if exists ${workerSchemaFor(schema)} cascade`);
    await admin.end();
  });

  const call = (server: StartedServer, path: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { 'x-auth-token': init.token } : {}),
      },
    });
  const signIn = async (server: StartedServer, email: string, password = TEST_PASSWORD) => {
    const res = await call(server, '/api/users/login', {
      method: 'POST',
      body: JSON.stringify({ email, password }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { result: { token: string } }).result.token;
  };
  const whoAmI = async (server: StartedServer, token: string) =>
    (await call(server, '/api/users/currentuser', { token })).status;

  /** Several requests, so the server certainly remembers the session. */
  const warm = async (server: StartedServer, token: string) => {
    for (let i = 0; i < 3; i++) expect(await whoAmI(server, token)).toBe(200);
  };

  it('a logout on one server ends the session on the other at once', async () => {
    // Rounds, either way round: the other server's very next request is refused every time.
    for (let round = 0; round < 10; round++) {
      const [here, there] = round % 2 ? [b, a] : [a, b];
      const user = await insertUser(database.db, { password_hash: TEST_PASSWORD_HASH });
      const token = await signIn(here, user.email);
      await warm(there, token);
      await warm(here, token);
      expect((await call(here, '/api/users/logout', { method: 'POST', token })).status).toBe(200);
      expect(await whoAmI(there, token), `round ${round}`).toBe(401);
    }
  });

  it('an account deleted on one server is refused on the other at once', async () => {
    for (let round = 0; round < 4; round++) {
      const [here, there] = round % 2 ? [b, a] : [a, b];
      const user = await insertUser(database.db, { password_hash: TEST_PASSWORD_HASH });
      const token = await signIn(here, user.email);
      const elsewhere = await signIn(there, user.email);
      await warm(there, token);
      await warm(there, elsewhere);
      const gone = await call(here, '/api/users/me', {
        method: 'DELETE',
        token,
        body: JSON.stringify({ password: TEST_PASSWORD, confirm: 'DELETE' }),
      });
      expect(gone.status, await gone.clone().text()).toBe(200);
      expect(await whoAmI(there, elsewhere)).toBe(401);
      expect(await whoAmI(there, token)).toBe(401);
    }
  });

  it('a password change on one server signs the other sessions out on the other', async () => {
    const user = await insertUser(database.db, { password_hash: TEST_PASSWORD_HASH });
    const here = await signIn(a, user.email);
    const there = await signIn(b, user.email);
    await warm(b, there);
    const newPassword = 'Fresh-Canopy-Leaves-2027';
    const changed = await call(a, '/api/users/me/password', {
      method: 'POST',
      token: here,
      body: JSON.stringify({
        currentPassword: TEST_PASSWORD,
        password: newPassword,
        passwordConfirm: newPassword,
      }),
    });
    expect(changed.status, await changed.text()).toBe(200);
    expect(await whoAmI(b, there)).toBe(401);
    const old = await call(b, '/api/users/login', {
      method: 'POST',
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    });
    expect(old.status).not.toBe(200);
    await signIn(b, user.email, newPassword);
  });

  it('an API token revoked on one server is refused on the other at once', async () => {
    const user = await insertUser(database.db, { password_hash: TEST_PASSWORD_HASH });
    const session = await signIn(a, user.email);
    const created = await call(a, '/api/api-tokens', {
      method: 'POST',
      token: session,
      body: JSON.stringify({ name: 'two servers' }),
    });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { secret: string; token: { id: string } } };
    const bearer = (server: StartedServer) =>
      fetch(`${server.url}/api/users/currentuser`, {
        headers: { authorization: `Bearer ${data.secret}` },
      }).then((res) => res.status);
    // Twice: the first use records "last used" (a write on B), the second is served from memory.
    expect(await bearer(b)).toBe(200);
    expect(await bearer(b)).toBe(200);
    const revoked = await call(a, `/api/api-tokens/${data.token.id}`, {
      method: 'DELETE',
      token: session,
    });
    expect(revoked.status).toBe(200);
    expect(await bearer(b)).toBe(401);
  });

  it('a rate limit reached on one server holds on the other', async () => {
    // POST /api/newsletter allows 5 a minute per address; the 6th, on the other server, is refused.
    const subscribe = (server: StartedServer, n: number) =>
      call(server, '/api/newsletter', {
        method: 'POST',
        body: JSON.stringify({ email: `limit-${n}@example.test` }),
      });
    for (let n = 0; n < 5; n++) expect((await subscribe(n % 2 ? b : a, n)).status).toBe(200);
    expect((await subscribe(b, 5)).status).toBe(429);
    expect((await subscribe(a, 6)).status).toBe(429);
    const [{ count }] = (
      await sql<{
        count: number;
      }>`select count(*)::int as count from newsletter_subscribers`.execute(database.db)
    ).rows as [{ count: number }];
    expect(count).toBe(5);
  });

  it('each mail is sent once, whichever server queued it and whichever runs the job', async () => {
    const password = 'leafy-Canopy-2026';
    const emails: string[] = [];
    await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const username = `two${i}${randomBytes(3).toString('hex')}`;
        const email = `${username}@example.test`;
        emails.push(email);
        const res = await call(i % 2 === 0 ? a : b, '/api/users/register', {
          method: 'POST',
          body: JSON.stringify({
            username,
            email,
            password,
            passwordConfirm: password,
            role: 'individual',
          }),
        });
        expect(res.status, await res.clone().text()).toBe(201);
      }),
    );
    for (const email of emails) await waitForMail(mailDir, email, 0, 15_000);
    // Both servers' runners had time to pick a job twice, had they been able to.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    for (const email of emails) expect(mailsTo(mailDir, email), email).toHaveLength(1);
    const { rows } = await sql<{ status: string; n: number }>`select status, count(*)::int as n
      from mails group by status`.execute(database.db);
    expect(rows).toEqual([{ status: 'sent', n: 6 }]);
  }, 60_000);
});

/**
 * graphile-worker's crontab on two app servers (two pools and two runners on one schema, each
 * with the manifests' tasks and a test schedule at `* * * * *` that records who ran it): each
 * tick runs once across both. Its cron reads Node's clock, so the test sets Date (only Date:
 * timers stay real) to three seconds before a minute, twice, instead of waiting minutes.
 */
describe.skipIf(!testDatabaseUrl)('two app servers’ job queues on one PostgreSQL', () => {
  it('run each scheduled tick once across both servers', async () => {
    const first = await createTestDatabase({ name: 'postgres', url: testDatabaseUrl });
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
      first.db,
    );
    const schema = rows[0]!.schema;
    const second = openDatabase({ databaseUrl: testDatabaseUrl, pgSchema: schema });
    const servers = [buildTestServices(first), buildTestServices(second)];
    const runs: Array<{ server: number; at: number }> = [];
    const tick = (server: number): Schedule => ({
      name: 'proof tick',
      cron: '* * * * *',
      run: async () => {
        runs.push({ server, at: Date.now() });
        return 0;
      },
    });
    const MINUTE = 60_000;
    /**
     * Both servers start (again) with Node's clock 3 s before `minute`. The tick's job is due at
     * the tick (PostgreSQL's clock decides), so the minutes are past ones.
     */
    const startBefore = async (minute: number) => {
      vi.setSystemTime(minute - 3000);
      await Promise.all(servers.map((app, i) => app.queue.start(app.background.tasks, [tick(i)])));
      return minute;
    };
    const stopAll = () => Promise.all(servers.map((app) => app.queue.stop()));
    const waitForRuns = async (n: number) => {
      const deadline = performance.now() + 15_000;
      while (runs.length < n && performance.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      // Time for a second run of the same tick, had either server been able to start one.
      await new Promise((resolve) => setTimeout(resolve, 3000));
    };
    // graphile-worker's tables first (idle() installs them), so a start is quick.
    for (const app of servers) await app.queue.idle();
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, advanceTimeDelta: 10 });
    try {
      const firstTick = await startBefore((Math.floor(Date.now() / MINUTE) - 1) * MINUTE);
      await waitForRuns(1);
      expect(runs).toHaveLength(1);
      expect(runs[0]!.at).toBeGreaterThanOrEqual(firstTick);
      // Restarted for another minute (a deploy): that tick too runs once, and the first not again.
      await stopAll();
      const secondTick = await startBefore(firstTick + MINUTE);
      await waitForRuns(2);
      expect(runs).toHaveLength(2);
      expect(runs[1]!.at).toBeGreaterThanOrEqual(secondTick);
      // graphile-worker's record of the schedule: its last tick, enqueued once.
      const worker = workerSchemaFor(schema);
      const { rows: known } = await sql<{ identifier: string; last_execution: Date }>`
        select identifier, last_execution from ${sql.table(`${worker}._private_known_crontabs`)}
        where identifier = 'proof tick'`.execute(first.db);
      expect(known.map((k) => [k.identifier, k.last_execution.getTime()])).toEqual([
        ['proof tick', secondTick],
      ]);
    } finally {
      vi.useRealTimers();
      await stopAll();
      await second.close();
      await first.close();
    }
  }, 60_000);
});
