import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { EVENT_LOOP_REPORT_PREFIX } from '../../server/lib/event-loop-report';
import { freePort } from '../../tests/support/free-port';
import { serverEnv, waitUntilHealthy } from '../../tests/support/start-server';

/** What server/lib/event-loop-report.ts writes: wall-clock delay and the CPU-busy part of it. */
export interface EventLoopFigures {
  maxMs: number;
  p99Ms: number;
  meanMs: number;
  blockMs: number;
}

export interface BenchServer {
  url: string;
  process: ChildProcess;
  /** The longest stall since the previous call (SIGUSR2 to the server, which answers a line). */
  eventLoop(): Promise<EventLoopFigures>;
  stop(): Promise<EventLoopFigures | undefined>;
  output(): string;
}

/**
 * The real server (server/main.ts) on a free port over an existing data directory (and database),
 * with its event-loop report on. Unlike tests/support/start-server.ts it keeps the directory.
 */
export async function startBenchServer(dataDir: string, databaseUrl = ''): Promise<BenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const waiting: Array<(f: EventLoopFigures) => void> = [];
  let buffer = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...serverEnv(port, dataDir, databaseUrl),
      EVENT_LOOP_REPORT: 'true',
      // Thousands of requests a second from one address.
      RATE_LIMIT_MULTIPLIER: '1000',
      // Jobs are timed on their own (scripts/bench-scale/jobs.ts), not inside endpoints' windows.
      SCHEDULED_JOBS: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let at: number;
    while ((at = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      if (line.startsWith(EVENT_LOOP_REPORT_PREFIX)) {
        const figures = JSON.parse(line.slice(EVENT_LOOP_REPORT_PREFIX.length)) as EventLoopFigures;
        waiting.shift()?.(figures);
      } else output += `${line}\n`;
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitUntilHealthy(child, url, {
    name: 'server',
    output: () => output,
    timeoutMs: 120_000,
    pollMs: 200,
  });
  const next = () => new Promise<EventLoopFigures>((resolve) => waiting.push(resolve));
  return {
    url,
    process: child,
    output: () => output,
    async eventLoop() {
      const answer = next();
      child.kill('SIGUSR2');
      return answer;
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(undefined);
        const last = next();
        // 'close': after the output streams end, so the last report has been read.
        child.once('close', () =>
          resolve(Promise.race([last, new Promise<undefined>((r) => setTimeout(r, 100))])),
        );
        child.kill('SIGTERM');
      }),
  };
}
