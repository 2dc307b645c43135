import { formatLongDay, formatMonthYear, formatWeekday } from '../../lib/dates';

/**
 * A month view's arithmetic, in the browser's local time. Weeks start on `weekStart` (as
 * `Date#getDay()` counts: 0 = Sunday, 1 = Monday), the locale's first day; Monday by default.
 */

export interface CalendarDay {
  date: Date;
  /** YYYY-MM-DD (local). */
  key: string;
  day: number;
  inMonth: boolean;
  isToday: boolean;
}

/** A month as year and 0-based month, like Date. */
export interface MonthRef {
  year: number;
  month: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

export const dayKey = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export const monthKey = ({ year, month }: MonthRef) => `${year}-${pad(month + 1)}`;

export const monthOf = (date: Date): MonthRef => ({
  year: date.getFullYear(),
  month: date.getMonth(),
});

/** "2026-03" → March 2026; anything else → undefined. */
export function parseMonth(text: string | null): MonthRef | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(text ?? '');
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]) - 1;
  if (month < 0 || month > 11 || year < 1970 || year > 9999) return undefined;
  return { year, month };
}

export const addMonths = ({ year, month }: MonthRef, delta: number): MonthRef =>
  monthOf(new Date(year, month + delta, 1));

/** How many days `date` is past the week's first day (0 … 6). */
const weekdayIndex = (date: Date, weekStart: number) => (date.getDay() - weekStart + 7) % 7;

/**
 * The weeks shown for a month: whole rows from `weekStart`, with the previous month's last days
 * before the 1st and the next month's first days after the last.
 */
export function monthGrid(ref: MonthRef, today: Date, weekStart = 1): CalendarDay[][] {
  const first = new Date(ref.year, ref.month, 1);
  const daysInMonth = new Date(ref.year, ref.month + 1, 0).getDate();
  const leading = weekdayIndex(first, weekStart);
  const cells = Math.ceil((leading + daysInMonth) / 7) * 7;
  const todayKey = dayKey(today);
  const weeks: CalendarDay[][] = [];
  for (let i = 0; i < cells; i++) {
    // Built from parts (not by adding 24 h), so daylight-saving changes never skip or repeat a day.
    const date = new Date(ref.year, ref.month, 1 - leading + i);
    const key = dayKey(date);
    if (i % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1]!.push({
      date,
      key,
      day: date.getDate(),
      inMonth: date.getMonth() === ref.month,
      isToday: key === todayKey,
    });
  }
  return weeks;
}

/** The first and last day shown, for the calendar request. */
export function gridRange(weeks: CalendarDay[][]): { from: string; to: string } {
  const first = weeks[0]![0]!;
  const lastWeek = weeks[weeks.length - 1]!;
  return { from: first.key, to: lastWeek[lastWeek.length - 1]!.key };
}

/** Weekday names for the header row in the locale, starting on `weekStart`. */
export function weekdayNames(
  style: 'short' | 'long' = 'short',
  locale?: string,
  weekStart = 1,
): string[] {
  // 4 January 2026 is a Sunday, so 4 + n is the day getDay() calls n.
  return Array.from({ length: 7 }, (_, i) =>
    formatWeekday(new Date(2026, 0, 4 + ((weekStart + i) % 7)), style, locale),
  );
}

/** "March 2026" in the locale, for the grid's title. */
export const monthLabel = ({ year, month }: MonthRef, locale?: string) =>
  formatMonthYear(new Date(year, month, 1), locale);

/** "Saturday 14 March 2026" in the locale, for the drawer's header and the day buttons. */
export const longDay = (date: Date, locale?: string) => formatLongDay(date, locale);

/** Groups events by the local day they start on. */
export function eventsByDay<T extends { startTime: string }>(events: readonly T[]) {
  const days = new Map<string, T[]>();
  for (const event of events) {
    const start = new Date(event.startTime);
    if (Number.isNaN(start.getTime())) continue;
    const key = dayKey(start);
    days.set(key, [...(days.get(key) ?? []), event]);
  }
  for (const list of days.values()) list.sort((a, b) => a.startTime.localeCompare(b.startTime));
  return days;
}
