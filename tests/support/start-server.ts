import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

export interface StartedServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** The environment of a real server on loopback `port` over `dataDir` (and `databaseUrl`). */
export function serverEnv(port: number, dataDir: string, databaseUrl = ''): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    APP_URL: `http://127.0.0.1:${port}`,
    // Nothing in a test reaches the internet: a loopback port where no geocoder listens.
    GEOCODER_URL: process.env.GEOCODER_URL ?? 'http://127.0.0.1:9',
  };
}

/**
 * Polls `url`/api/health until it answers 200. Throws with what `name` printed (`output()`) if the
 * process exits first, or kills it and throws after `timeoutMs`.
 */
export async function waitUntilHealthy(
  child: ChildProcess,
  url: string,
  options: { name: string; output: () => string; timeoutMs?: number; pollMs?: number },
): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${options.name} exited early:\n${options.output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `${options.name} did not become healthy in ${timeoutMs / 1000} s:\n${options.output()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 100));
  }
}

/** Starts the real server (server/main.ts) on a free port with a fresh data directory. */
export async function startServer(env: Record<string, string> = {}): Promise<StartedServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...serverEnv(port, dataDir),
      // Every journey signs up from 127.0.0.1; the per-IP limits are tested in Vitest.
      RATE_LIMIT_MULTIPLIER: '50',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitUntilHealthy(child, url, { name: 'server', output: () => output });
  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
