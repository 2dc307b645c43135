import { TZDate, tzOffset } from '@date-fns/tz';

/**
 * Wall-clock time in an IANA zone, shared by the web app (the drive form's date picker) and the
 * demo seed. The zone data and offsets are @date-fns/tz's; nothing here reads the system zone,
 * so a browser in Berlin and a server in UTC give the same answers.
 */

/** A time as a clock in the zone shows it (month 1–12, 24-hour clock, whole seconds). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second?: number;
}

const DAY_MS = 86_400_000;

/** What the clock in `timeZone` shows at `instant`. */
export function wallClockAt(instant: number | Date, timeZone: string): Required<WallClock> {
  const zoned = new TZDate(+instant, timeZone);
  return {
    year: zoned.getFullYear(),
    month: zoned.getMonth() + 1,
    day: zoned.getDate(),
    hour: zoned.getHours(),
    minute: zoned.getMinutes(),
    second: zoned.getSeconds(),
  };
}

/**
 * The instant at which the clock in `timeZone` shows `wall`. Around a daylight-saving change it
 * reads as people (and Temporal's "compatible" rule) do: a time the clocks skip in spring is the
 * same time after the change (02:30 on a 02:00→03:00 night is 03:30), a time they repeat in
 * autumn is the first of the two. An unknown zone gives an invalid date.
 */
export function instantOf(wall: WallClock, timeZone: string): Date {
  const naive = Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour,
    wall.minute,
    wall.second ?? 0,
  );
  // The zone's offsets either side of the day (a change moves it by the difference).
  const offsetMs = (at: number) => Math.round(tzOffset(timeZone, new Date(at)) * 60) * 1000;
  const before = offsetMs(naive - DAY_MS);
  const after = offsetMs(naive + DAY_MS);
  const early = naive - before;
  if (Number.isNaN(early) || before === after) return new Date(early);
  const late = naive - after;
  const earlyHolds = offsetMs(early) === before;
  const lateHolds = offsetMs(late) === after;
  if (earlyHolds && lateHolds) return new Date(Math.min(early, late)); // repeated: the first
  if (lateHolds) return new Date(late);
  // Skipped (neither reading exists), or an ordinary time on the old offset: the old offset.
  return new Date(early);
}
