import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { Worker } from 'node:worker_threads';
import {
  EVENT_LOOP_REPORT_PREFIX,
  mainThreadCpuMs,
  startEventLoopReport,
} from './event-loop-report';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('event-loop report (bench only)', () => {
  it('is off unless EVENT_LOOP_REPORT=true', () => {
    expect(loadConfig({}).eventLoopReport).toBe(false);
    expect(loadConfig({ EVENT_LOOP_REPORT: 'true' }).eventLoopReport).toBe(true);
    expect(() => loadConfig({ EVENT_LOOP_REPORT: 'yes' })).toThrow(/EVENT_LOOP_REPORT/);
  });

  it('reports the longest stall since the last line, CPU-busy blocks included, then starts over', async () => {
    const lines: string[] = [];
    const monitor = startEventLoopReport((line) => lines.push(line));
    try {
      await wait(30);
      // Hold the loop for 120 ms of CPU time (a busy machine may stretch it in wall time).
      const start = process.cpuUsage();
      const cpuMs = () => {
        const d = process.cpuUsage(start);
        return (d.user + d.system) / 1000;
      };
      while (cpuMs() < 120);
      await wait(40);
      monitor.report();
      await wait(40);
      monitor.report();
    } finally {
      monitor.stop();
    }
    const [blocked, quiet] = lines.map((l) => {
      expect(l.startsWith(EVENT_LOOP_REPORT_PREFIX)).toBe(true);
      return JSON.parse(l.slice(EVENT_LOOP_REPORT_PREFIX.length)) as Record<string, number>;
    });
    expect(blocked!.maxMs).toBeGreaterThanOrEqual(100);
    expect(blocked!.blockMs).toBeGreaterThanOrEqual(90);
    expect(quiet!.blockMs).toBeLessThan(60);
    expect(lines).toHaveLength(3);
  });

  it.runIf(process.platform === 'linux')(
    "counts the main thread's CPU only, not another thread's (zlib, GC helpers)",
    async () => {
      const process0 = process.cpuUsage();
      const main0 = mainThreadCpuMs();
      // Another thread spins 200 ms of its own CPU time while the main thread waits.
      await new Promise<void>((resolve, reject) => {
        const worker = new Worker(
          `const fs = require('node:fs');
           const ns = () => Number(fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
           const s = ns(); while (ns() - s < 200e6);`,
          { eval: true },
        );
        worker.once('exit', () => resolve());
        worker.once('error', reject);
      });
      const processMs =
        (process.cpuUsage(process0).user + process.cpuUsage(process0).system) / 1000;
      expect(processMs).toBeGreaterThanOrEqual(190);
      expect(mainThreadCpuMs() - main0).toBeLessThan(100);
    },
  );
});
