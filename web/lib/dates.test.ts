import { describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatDriveRange,
  formatDriveTime,
  formatLongDay,
  formatMonthYear,
  formatWeekday,
  firstDayOfWeek,
  isKnownTimeZone,
  nextFullHour,
  zoneLabel,
  zoneOffset,
} from './dates';

describe('date formats', () => {
  it("shows a drive's time in its own zone, naming the zone and its offset", () => {
    expect(formatDriveTime('2026-12-05T03:30:00.000Z', 'Asia/Kolkata', 'en-GB')).toBe(
      'Sat, 5 Dec 2026, 09:00 (Asia/Kolkata, GMT+5:30)',
    );
    expect(formatDriveTime('2026-07-04T13:00:00.000Z', 'America/New_York', 'en-US')).toBe(
      'Sat, Jul 4, 2026, 09:00 AM (America/New_York, GMT-4)',
    );
    expect(formatDriveTime('2026-12-05T03:30:00.000Z', 'UTC', 'en-GB')).toBe(
      'Sat, 5 Dec 2026, 03:30 (UTC, GMT+0)',
    );
  });

  it('follows daylight saving in the offset', () => {
    expect(zoneOffset('2026-01-15T12:00:00Z', 'Europe/London')).toBe('GMT+0');
    expect(zoneOffset('2026-07-15T12:00:00Z', 'Europe/London')).toBe('GMT+1');
    expect(zoneLabel('2026-07-15T12:00:00Z', 'Australia/Sydney')).toBe('Australia/Sydney, GMT+10');
  });

  it('shows a range in the zone, repeating the day only when it changes', () => {
    expect(
      formatDriveRange('2026-03-14T04:30:00Z', '2026-03-14T06:30:00Z', 'Asia/Kolkata', 'en-GB'),
    ).toBe('Sat, 14 Mar 2026, 10:00 – 12:00 (Asia/Kolkata, GMT+5:30)');
    expect(formatDriveRange('2026-03-14T23:00:00Z', '2026-03-15T01:00:00Z', 'UTC', 'en-GB')).toBe(
      'Sat, 14 Mar 2026, 23:00 – Sun, 15 Mar 2026, 01:00 (UTC, GMT+0)',
    );
  });

  it('ignores an unknown zone rather than failing, and gives empty text for a non-date', () => {
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(formatDriveTime('2026-03-14T10:00:00Z', 'Mars/Olympus', 'en-GB')).toMatch(
      /^Sat, 14 Mar 2026, \d\d:00$/,
    );
    expect(formatDriveTime('nonsense', 'UTC')).toBe('');
    expect(formatDate('nonsense')).toBe('');
    expect(formatDriveRange('nonsense', 'nonsense')).toBe('');
  });

  it('formats days and moments in the given locale', () => {
    expect(formatCalendarDay('2026-03-03T00:00:00.000Z', 'en-GB')).toBe('3 Mar 2026');
    expect(formatCalendarDay('2026-03-03T00:00:00.000Z', 'en-US')).toBe('Mar 3, 2026');
    expect(formatDate(new Date(2026, 2, 3, 12), 'de-DE')).toBe('03.03.2026');
    expect(formatDateTime(new Date(2026, 2, 3, 9, 5), 'en-GB')).toBe('3 Mar 2026, 09:05');
  });

  it("names months, weekdays and whole days in the given locale, for the calendar's grid", () => {
    const saturday = new Date(2026, 2, 14);
    expect(formatMonthYear(saturday, 'en-GB')).toBe('March 2026');
    expect(formatMonthYear(saturday, 'fr-FR')).toBe('mars 2026');
    expect(formatMonthYear(saturday, 'de-DE')).toBe('März 2026');
    expect(formatWeekday(saturday, 'short', 'en-GB')).toBe('Sat');
    expect(formatWeekday(saturday, 'long', 'fr-FR')).toBe('samedi');
    expect(formatWeekday(saturday, 'short', 'de-DE')).toBe('Sa');
    expect(formatLongDay(saturday, 'en-GB')).toMatch(/^Saturday,? 14 March 2026$/);
    expect(formatLongDay(saturday, 'en-US')).toBe('Saturday, March 14, 2026');
    expect(formatWeekday('not a date')).toBe('');
    expect(formatLongDay('not a date')).toBe('');
  });

  it("starts the week on the locale's first day (0 = Sunday), Monday where unknown", () => {
    expect(firstDayOfWeek('en-GB')).toBe(1);
    expect(firstDayOfWeek('de-DE')).toBe(1);
    expect(firstDayOfWeek('en-US')).toBe(0);
    expect(firstDayOfWeek('ar-EG')).toBe(6);
    // The -u-fw- extension names the first day explicitly.
    expect(firstDayOfWeek('en-GB-u-fw-sun')).toBe(0);
    expect(firstDayOfWeek('not a locale tag!')).toBe(1);
  });

  it('defaults a new drive to the next full hour', () => {
    expect(nextFullHour(new Date(2026, 5, 1, 9, 0, 0, 0))).toEqual(new Date(2026, 5, 1, 10, 0));
    expect(nextFullHour(new Date(2026, 5, 1, 9, 59, 30))).toEqual(new Date(2026, 5, 1, 10, 0));
    expect(nextFullHour(new Date(2026, 5, 1, 23, 10))).toEqual(new Date(2026, 5, 2, 0, 0));
  });
});
