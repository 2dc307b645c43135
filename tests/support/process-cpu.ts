import fs from 'node:fs';

/** CPU time (user + system, µs) a process has used so far; undefined where /proc is missing. */
export function cpuMicros(pid: number | undefined): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return undefined;
  }
}
