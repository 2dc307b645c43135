import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** The line prefix `npm run bench:scale` reads from the server's output. */
export const EVENT_LOOP_REPORT_PREFIX = 'canopy-event-loop ';

const TICK_MS = 10;

/**
 * Bench only (`EVENT_LOOP_REPORT=true`, set by `npm run bench:scale`): watches the event loop and,
 * on SIGUSR2 and at shutdown, writes one line with what it saw since the previous line, then
 * starts over, so the bench can tell which endpoint held the loop:
 * - `maxMs` (and `p99Ms`, `meanMs`): the longest event-loop delay, `perf_hooks.monitorEventLoopDelay`
 *   (wall clock: on a busy machine it also counts time the process waited for a CPU);
 * - `blockMs`: the longest a 10 ms timer was late while the main thread was using the CPU the
 *   whole time (the smaller of lateness and the main thread's CPU time between two ticks): the
 *   part of a stall the code itself caused, which neither a shared machine's scheduling nor the
 *   process's other threads (compression, garbage collection helpers) inflate.
 */
export function startEventLoopReport(
  write: (line: string) => void = (line) => process.stdout.write(line),
) {
  const histogram = monitorEventLoopDelay({ resolution: TICK_MS });
  histogram.enable();
  let blockMs = 0;
  let lastAt = performance.now();
  let lastCpu = mainThreadCpuMs();
  const tick = setInterval(() => {
    const at = performance.now();
    const cpu = mainThreadCpuMs();
    const late = at - lastAt - TICK_MS;
    const busy = cpu - lastCpu;
    blockMs = Math.max(blockMs, Math.min(late, busy));
    lastAt = at;
    lastCpu = cpu;
  }, TICK_MS);
  tick.unref();
  const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
  const report = () => {
    const seen = histogram.count > 0;
    write(
      `${EVENT_LOOP_REPORT_PREFIX}${JSON.stringify({
        maxMs: seen ? ms(histogram.max) : 0,
        p99Ms: seen ? ms(histogram.percentile(99)) : 0,
        meanMs: seen ? ms(histogram.mean) : 0,
        blockMs: Math.round(blockMs * 10) / 10,
      })}\n`,
    );
    histogram.reset();
    blockMs = 0;
  };
  process.on('SIGUSR2', report);
  return {
    report,
    stop() {
      report();
      clearInterval(tick);
      histogram.disable();
      process.off('SIGUSR2', report);
    },
  };
}

const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;
let schedstat = fs.existsSync(SCHEDSTAT);

/**
 * The main thread's CPU time in ms: Linux's schedstat for the thread (ns on a CPU), else the whole
 * process's (`process.cpuUsage`, which also counts zlib's and the GC's threads).
 */
export function mainThreadCpuMs(): number {
  if (schedstat)
    try {
      return Number(fs.readFileSync(SCHEDSTAT, 'utf8').split(' ', 1)[0]) / 1e6;
    } catch {
      schedstat = false;
    }
  const cpu = process.cpuUsage();
  return (cpu.user + cpu.system) / 1000;
}
