import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import {
  mailsTo,
  startSilentSmtp,
  startSmtpReceiver,
  waitForMail,
} from '../../tests/support/smtp-receiver';
import { startServer, type StartedServer } from '../../tests/support/start-server';
import { sqliteFileIn } from '../db/database';

/**
 * The real server on SQLite takes concurrent writes (newsletter subscriptions), is killed with
 * SIGKILL in the middle of them, and starts again on the same data directory: the database is
 * intact and every write it acknowledged (answered 200) is there.
 */
const WRITERS = 8;
/** Acknowledged writes to wait for before the kill, so it lands while writes are in flight. */
const ACKED_BEFORE_KILL = 150;

describe('a kill -9 in the middle of writes', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-crash-'));
  const servers: StartedServer[] = [];
  afterAll(async () => {
    for (const server of servers)
      if (server.process.exitCode === null && server.process.signalCode === null)
        await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged write and leaves the database intact', async () => {
    const env = { DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: '1000', LOG_LEVEL: 'fatal' };
    const first = await startServer(env);
    servers.push(first);
    const acknowledged: string[] = [];
    let sent = 0;
    let killed = false;
    const writer = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const email = `crash-${w}-${i}@example.test`;
        sent += 1;
        try {
          const res = await fetch(`${first.url}/api/newsletter`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email }),
          });
          if (res.status === 200) acknowledged.push(email);
          else throw new Error(`subscription answered ${res.status}: ${await res.text()}`);
        } catch (error) {
          if (killed) return; // The connection died with the server: not acknowledged.
          throw error;
        }
        if (acknowledged.length >= ACKED_BEFORE_KILL && !killed) {
          killed = true;
          first.process.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    await new Promise<void>((resolve) =>
      first.process.exitCode !== null || first.process.signalCode !== null
        ? resolve()
        : first.process.once('exit', () => resolve()),
    );
    expect(first.process.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(ACKED_BEFORE_KILL);

    // Starts again on the same files (recovering the write-ahead log) and keeps serving.
    const second = await startServer(env);
    servers.push(second);
    const after = await fetch(`${second.url}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'after-restart@example.test' }),
    });
    expect(after.status).toBe(200);
    await second.stop();

    const db = new SQLite(sqliteFileIn(dataDir), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = new Set(
        db
          .prepare('select email from newsletter_subscribers')
          .all()
          .map((row) => (row as { email: string }).email),
      );
      const lost = acknowledged.filter((email) => !stored.has(email));
      expect(lost, `acknowledged but lost after kill -9 (${sent} sent)`).toEqual([]);
      expect(stored.has('after-restart@example.test')).toBe(true);
    } finally {
      db.close();
    }
  }, 90_000);
});

/** Signs up through the API; the answer must not wait for SMTP. */
async function signUp(server: StartedServer, username: string) {
  const email = `${username}@example.test`;
  const password = 'leafy-Canopy-2026';
  const started = Date.now();
  const res = await fetch(`${server.url}/api/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      email,
      password,
      passwordConfirm: password,
      role: 'individual',
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  // The SMTP server is down or silent: the answer came without it.
  expect(Date.now() - started).toBeLessThan(3000);
  return email;
}

const exited = (server: StartedServer) =>
  new Promise<void>((resolve) =>
    server.process.exitCode !== null || server.process.signalCode !== null
      ? resolve()
      : server.process.once('exit', () => resolve()),
  );

describe('mail across an SMTP outage and a kill -9', () => {
  const dirs: string[] = [];
  const servers: StartedServer[] = [];
  const closers: Array<() => Promise<void>> = [];
  const tempDir = (name: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `canopy-${name}-`));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const server of servers)
      if (server.process.exitCode === null && server.process.signalCode === null)
        await server.stop();
    for (const close of closers) await close().catch(() => undefined);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('SMTP down at sign-up, then up: the code arrives', async () => {
    const silent = await startSilentSmtp();
    // Nothing listens on the port: every send is refused until the receiver starts.
    await silent.close();
    const mailDir = tempDir('mail');
    const server = await startServer({ SMTP_URL: silent.url, LOG_LEVEL: 'fatal' });
    servers.push(server);
    const email = await signUp(server, 'outage');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const receiver = await startSmtpReceiver(mailDir, silent.port);
    closers.push(receiver.close);
    // Retried with backoff (e, e², e³ … seconds): the code arrives within seconds of SMTP's return.
    const mail = await waitForMail(mailDir, email, 0, 20_000);
    expect(mail.text).toMatch(/\b\d{6}\b/);
    await server.stop();
    expect(mailsTo(mailDir, email)).toHaveLength(1);
  }, 60_000);

  it('a kill -9 after the commit and before the send: sent after the restart, once', async () => {
    const dataDir = tempDir('crash-mail');
    const silent = await startSilentSmtp();
    closers.push(silent.close);
    const env = { DATA_DIR: dataDir, SMTP_URL: silent.url, LOG_LEVEL: 'fatal' };
    const first = await startServer(env);
    servers.push(first);
    const email = await signUp(first, 'crashmail');
    // The mail job is talking to the (silent) SMTP server: committed, not sent.
    await silent.connected;
    first.process.kill('SIGKILL');
    await exited(first);
    await silent.close();

    const mailDir = tempDir('mail');
    const receiver = await startSmtpReceiver(mailDir, silent.port);
    closers.push(receiver.close);
    const second = await startServer(env);
    servers.push(second);
    const mail = await waitForMail(mailDir, email, 0, 20_000);
    expect(mail.text).toMatch(/\b\d{6}\b/);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await second.stop();
    expect(mailsTo(mailDir, email)).toHaveLength(1);

    const db = new SQLite(sqliteFileIn(dataDir), { readonly: true });
    try {
      const rows = db.prepare('select status from mails where to_address = ?').all(email) as Array<{
        status: string;
      }>;
      expect(rows).toEqual([{ status: 'sent' }]);
      expect(db.prepare('select count(*) as n from jobs').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  }, 90_000);
});
