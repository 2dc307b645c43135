/**
 * The app's one family of date formats. Everything follows the browser's locale (`locale`
 * undefined) unless a caller passes one (tests do). Drive times are shown in the drive's own zone,
 * with that zone named, so "09:00" means 09:00 where the planting happens.
 */

type DateInput = string | Date;

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));
const valid = (date: Date) => !Number.isNaN(date.getTime());

// Intl formatters are costly to build; keep one per (locale, options).
const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions) {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

/** Whether the runtime knows this IANA zone (an unknown one would throw in Intl). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const zoneOption = (timeZone: string | undefined) =>
  timeZone && isKnownTimeZone(timeZone) ? { timeZone } : {};

/** A day, e.g. "5 Dec 2026" (en-GB) or "Dec 5, 2026" (en-US), in the browser's zone. */
export function formatDate(value: DateInput, locale?: string): string {
  const date = toDate(value);
  return valid(date) ? formatter(locale, { dateStyle: 'medium' }).format(date) : '';
}

/** A calendar day stored as UTC midnight (planting days, measurements): never shifted by the zone. */
export function formatCalendarDay(value: DateInput, locale?: string): string {
  const date = toDate(value);
  return valid(date)
    ? formatter(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date)
    : '';
}

/** A moment in the browser's zone, e.g. "5 Dec 2026, 09:00". */
export function formatDateTime(value: DateInput, locale?: string): string {
  const date = toDate(value);
  return valid(date)
    ? formatter(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date)
    : '';
}

/** Month and year, e.g. "December 2026". */
export function formatMonthYear(value: DateInput, locale?: string): string {
  const date = toDate(value);
  return valid(date) ? formatter(locale, { month: 'long', year: 'numeric' }).format(date) : '';
}

/** A month key (YYYY-MM) as people read it, e.g. "Mar 2026"; mid-month so no zone shifts it. */
export function formatMonthKey(month: string, locale?: string): string {
  const date = new Date(`${month}-15T12:00:00.000Z`);
  return valid(date) ? formatter(locale, { month: 'short', year: 'numeric' }).format(date) : month;
}

/** A weekday's name, e.g. "Mon" / "Monday" (en-GB) or "lun." / "lundi" (fr). */
export function formatWeekday(
  value: DateInput,
  style: 'short' | 'long' = 'short',
  locale?: string,
): string {
  const date = toDate(value);
  return valid(date) ? formatter(locale, { weekday: style }).format(date) : '';
}

/** A whole day spelt out, e.g. "Saturday 14 March 2026" (en-GB) or "Saturday, March 14, 2026". */
export function formatLongDay(value: DateInput, locale?: string): string {
  const date = toDate(value);
  return valid(date)
    ? formatter(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
        date,
      )
    : '';
}

// Older engines expose `weekInfo` as a getter, newer ones `getWeekInfo()`; neither is in every lib.
type WeekInfoLocale = Intl.Locale & {
  getWeekInfo?: () => { firstDay?: number };
  weekInfo?: { firstDay?: number };
};

/**
 * The day a week starts on in the locale, as `Date#getDay()` counts (0 = Sunday, 1 = Monday), from
 * Intl.Locale's week info; Monday (ISO 8601) where the runtime does not say.
 */
export function firstDayOfWeek(locale?: string): number {
  try {
    const tag = locale ?? new Intl.DateTimeFormat().resolvedOptions().locale;
    const info = new Intl.Locale(tag) as WeekInfoLocale;
    const firstDay = (info.getWeekInfo?.() ?? info.weekInfo)?.firstDay;
    // Week info counts 1 = Monday … 7 = Sunday.
    if (typeof firstDay === 'number' && firstDay >= 1 && firstDay <= 7) return firstDay % 7;
  } catch {
    // An unknown tag or no Intl.Locale: fall through to Monday.
  }
  return 1;
}

/** The zone's offset at that moment, e.g. "GMT+5:30" (always signed: "GMT+0", whatever the ICU). */
export function zoneOffset(value: DateInput, timeZone: string): string {
  const date = toDate(value);
  if (!valid(date) || !isKnownTimeZone(timeZone)) return '';
  const parts = formatter('en-US', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(date);
  const offset = parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  return offset === 'GMT' || offset === 'UTC' ? 'GMT+0' : offset;
}

/** "Asia/Kolkata, GMT+5:30": the zone's name and its offset at that moment. */
export function zoneLabel(value: DateInput, timeZone: string): string {
  const offset = zoneOffset(value, timeZone);
  return offset ? `${timeZone}, ${offset}` : timeZone;
}

const driveDay = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' } as const;
const driveClock = { hour: '2-digit', minute: '2-digit' } as const;

/** A drive's start in its own zone, e.g. "Sat, 5 Dec 2026, 09:00 (Asia/Kolkata, GMT+5:30)". */
export function formatDriveTime(value: DateInput, timeZone: string, locale?: string): string {
  const date = toDate(value);
  if (!valid(date)) return '';
  const zone = zoneOption(timeZone);
  const text = formatter(locale, { ...driveDay, ...driveClock, ...zone }).format(date);
  return zone.timeZone ? `${text} (${zoneLabel(date, timeZone)})` : text;
}

/**
 * A drive from start to end in its own zone, e.g. "Sat, 5 Dec 2026, 09:00 – 12:00 (Asia/Kolkata,
 * GMT+5:30)"; the end day is repeated only when it differs. Without a zone: the browser's zone.
 */
export function formatDriveRange(
  start: DateInput,
  end: DateInput,
  timeZone?: string,
  locale?: string,
): string {
  const from = toDate(start);
  const to = toDate(end);
  if (!valid(from)) return '';
  const zone = zoneOption(timeZone);
  const day = formatter(locale, { ...driveDay, ...zone });
  const time = formatter(locale, { ...driveClock, ...zone });
  const suffix = zone.timeZone ? ` (${zoneLabel(from, zone.timeZone)})` : '';
  if (!valid(to)) return `${day.format(from)}, ${time.format(from)}${suffix}`;
  const sameDay = day.format(from) === day.format(to);
  const range = sameDay
    ? `${day.format(from)}, ${time.format(from)} – ${time.format(to)}`
    : `${day.format(from)}, ${time.format(from)} – ${day.format(to)}, ${time.format(to)}`;
  return `${range}${suffix}`;
}

/** The browser's own IANA zone (e.g. for "times are in your zone" hints). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The next full hour after `now` (the drive form's default start: never in the past once saved). */
export function nextFullHour(now: Date = new Date()): Date {
  const next = new Date(now);
  next.setMinutes(0, 0, 0);
  next.setHours(next.getHours() + 1);
  return next;
}
