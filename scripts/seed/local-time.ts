import { instantOf, wallClockAt } from '../../contract/wall-clock';

/**
 * Local times for the demo seed: drives start, trees are planted and gifts are made at sensible
 * hours where they happen. The zone arithmetic is contract/wall-clock's (on @date-fns/tz), the same
 * the drive form uses; the zone of a point is the server's lookup (server/lib/time-zone).
 */

/** The local calendar day (y, m 1-12, d) in `timeZone` at `instant`. */
export function localDay(instant: number, timeZone: string): { y: number; m: number; d: number } {
  const wall = wallClockAt(instant, timeZone);
  return { y: wall.year, m: wall.month, d: wall.day };
}

/** The local hour (with fraction) in `timeZone` at `instant`. */
export function localHour(instant: number, timeZone: string): number {
  const wall = wallClockAt(instant, timeZone);
  return wall.hour + wall.minute / 60;
}

/** The instant of a wall-clock time in a zone (a time the clocks skip reads as after the change). */
export function zonedTime(
  day: { y: number; m: number; d: number },
  hour: number,
  minute: number,
  timeZone: string,
): Date {
  return instantOf({ year: day.y, month: day.m, day: day.d, hour, minute }, timeZone);
}

/** The same local time `days` later than `instant`'s local day. */
export function localTimeAfter(
  instant: number,
  days: number,
  hour: number,
  minute: number,
  timeZone: string,
): Date {
  const day = localDay(instant + days * 86_400_000, timeZone);
  return zonedTime(day, hour, minute, timeZone);
}
