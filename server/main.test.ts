import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../tests/support/start-server';

const root = path.resolve(import.meta.dirname, '..');

/** Runs server/main.ts and collects what it printed until it exits. */
function runMain(
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-main-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, stderr, stdout });
    });
  });
}

describe('server/main.ts start-up', () => {
  it('stops with one clear line for a malformed DATABASE_URL', async () => {
    const result = await runMain({ DATABASE_URL: 'mysql://nope', PORT: '0' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'canopy: Invalid configuration: DATABASE_URL: DATABASE_URL must look like postgres://user:password@host:5432/database',
    );
  });

  it('stops with one clear line when the port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as net.AddressInfo).port;
    const result = await runMain({ PORT: String(port) });
    blocker.close();
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `canopy: port ${port} on 127.0.0.1 is already in use; set PORT to a free port`,
    );
  });

  it('stops with one clear line when PostgreSQL is unreachable', async () => {
    const result = await runMain({ DATABASE_URL: 'postgres://u:p@127.0.0.1:1/canopy', PORT: '0' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'canopy: cannot reach the database at DATABASE_URL (connection refused)',
    );
  });

  describe('a real start', () => {
    let server: Awaited<ReturnType<typeof startServer>>;
    afterAll(async () => server?.stop());

    it('creates and migrates SQLite in the data dir, keeps a session secret, and shuts down on SIGTERM', async () => {
      server = await startServer({ METRICS_TOKEN: 'main-test-metrics-token' });
      expect(fs.existsSync(path.join(server.dataDir, 'canopy.sqlite'))).toBe(true);
      const secret = fs.readFileSync(path.join(server.dataDir, 'session-secret'), 'utf8').trim();
      expect(secret.length).toBeGreaterThanOrEqual(32);
      const health = await fetch(`${server.url}/api/health`);
      expect(await health.json()).toEqual({ success: true, status: 'ok' });
      // The operator's view (METRICS_TOKEN) names the database.
      const detailed = await fetch(`${server.url}/api/health`, {
        headers: { authorization: 'Bearer main-test-metrics-token' },
      });
      expect(await detailed.json()).toMatchObject({ status: 'ok', dialect: 'sqlite' });
      const exited = new Promise<number | null>((r) =>
        server.process.once('exit', (code) => r(code)),
      );
      server.process.kill('SIGTERM');
      expect(await exited).toBe(0);
      // A cold start compiles the server and runs every migration: up to startServer's 30 s.
    }, 60_000);
  });
});
