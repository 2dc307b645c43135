import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { EVENT_LOOP_REPORT_PREFIX, startEventLoopReport } from './event-loop-report';

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
});
