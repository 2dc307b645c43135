import tzLookup from 'tz-lookup';

/** The IANA time zone of a point (the same lookup the drive form uses for `time_zone`). */
export const timeZoneAt = (lat: number, lng: number): string => tzLookup(lat, lng);

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function offsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The local calendar day (y, m 1-12, d) in `timeZone` at `instant`. */
export function localDay(instant: number, timeZone: string): { y: number; m: number; d: number } {
  const ahead = offsetMs(instant, timeZone);
  const wall = new Date(instant + ahead);
  return { y: wall.getUTCFullYear(), m: wall.getUTCMonth() + 1, d: wall.getUTCDate() };
}

/** The local hour (with fraction) in `timeZone` at `instant`. */
export function localHour(instant: number, timeZone: string): number {
  const wall = new Date(instant + offsetMs(instant, timeZone));
  return wall.getUTCHours() + wall.getUTCMinutes() / 60;
}

/**
 * The UTC instant of a wall-clock time in a zone: guess with the offset at the naive instant,
 * then correct once with the offset at the guess (right across DST changes, except in the gap).
 */
export function zonedTime(
  day: { y: number; m: number; d: number },
  hour: number,
  minute: number,
  timeZone: string,
): Date {
  const naive = Date.UTC(day.y, day.m - 1, day.d, hour, minute);
  const first = naive - offsetMs(naive, timeZone);
  return new Date(naive - offsetMs(first, timeZone));
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
