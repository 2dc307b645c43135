import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
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
