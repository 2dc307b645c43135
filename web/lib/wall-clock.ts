import { instantOf, wallClockAt } from '../../contract/wall-clock';
import { isKnownTimeZone } from './dates';

/**
 * A drive's time in its own zone, for the drive form's date picker (which works in the browser's
 * zone). The zone arithmetic is contract/wall-clock's (on @date-fns/tz); kept apart from lib/dates
 * so only the drive form's chunk carries it. An invalid date or an unknown zone comes back as it was.
 */

const valid = (date: Date) => !Number.isNaN(date.getTime());

/**
 * An instant as a browser-local Date showing the zone's wall clock (what a date picker, which works
 * in the browser's zone, should display for "09:00 in Asia/Kolkata"). Whole seconds.
 */
export function toZonedWallClock(instant: Date, timeZone: string): Date {
  if (!valid(instant) || !isKnownTimeZone(timeZone)) return instant;
  const wall = wallClockAt(instant, timeZone);
  return new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/**
 * The instant at which the zone's clock shows the wall clock of a browser-local Date (whole
 * seconds). A time the clocks skip in spring reads as the same time after the change; a time they
 * repeat in autumn is the first of the two.
 */
export function fromZonedWallClock(wall: Date, timeZone: string): Date {
  if (!valid(wall) || !isKnownTimeZone(timeZone)) return wall;
  return instantOf(
    {
      year: wall.getFullYear(),
      month: wall.getMonth() + 1,
      day: wall.getDate(),
      hour: wall.getHours(),
      minute: wall.getMinutes(),
      second: wall.getSeconds(),
    },
    timeZone,
  );
}
