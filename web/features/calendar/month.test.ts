import { describe, expect, it } from 'vitest';
import {
  addMonths,
  dayKey,
  eventsByDay,
  gridRange,
  monthGrid,
  monthLabel,
  parseMonth,
  weekdayNames,
} from './month';

const keys = (weeks: ReturnType<typeof monthGrid>) => weeks.map((week) => week.map((d) => d.key));

describe('monthGrid', () => {
  it('fills whole Monday-to-Sunday weeks with the days around the month', () => {
    // 1 March 2026 is a Sunday: six days of February lead, and April's first five days trail.
    const weeks = monthGrid({ year: 2026, month: 2 }, new Date(2026, 2, 14, 9, 30));
    expect(weeks).toHaveLength(6);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(keys(weeks)[0]).toEqual([
      '2026-02-23',
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    expect(keys(weeks)[5]).toEqual([
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-04',
      '2026-04-05',
    ]);
    const inMonth = weeks.flat().filter((d) => d.inMonth);
    expect(inMonth.map((d) => d.day)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    expect(weeks[0]![0]!.inMonth).toBe(false);
    expect(
      weeks
        .flat()
        .filter((d) => d.isToday)
        .map((d) => d.key),
    ).toEqual(['2026-03-14']);
    expect(gridRange(weeks)).toEqual({ from: '2026-02-23', to: '2026-04-05' });
  });

  it('needs no leading or trailing days when the month fits exactly', () => {
    // February 2027 starts on a Monday and has 28 days.
    const weeks = monthGrid({ year: 2027, month: 1 }, new Date(2026, 0, 1));
    expect(weeks).toHaveLength(4);
    expect(weeks.flat().every((d) => d.inMonth)).toBe(true);
    expect(weeks.flat().some((d) => d.isToday)).toBe(false);
    expect(gridRange(weeks)).toEqual({ from: '2027-02-01', to: '2027-02-28' });
  });

  it('starts each row on the given first day of the week', () => {
    // Sunday-first (en-US): 1 March 2026 is a Sunday, so nothing of February leads.
    const sunday = monthGrid({ year: 2026, month: 2 }, new Date(2026, 2, 14), 0);
    expect(sunday).toHaveLength(5);
    expect(sunday.every((week) => week[0]!.date.getDay() === 0)).toBe(true);
    expect(gridRange(sunday)).toEqual({ from: '2026-03-01', to: '2026-04-04' });
    // Saturday-first: 28 February leads.
    const saturday = monthGrid({ year: 2026, month: 2 }, new Date(2026, 2, 14), 6);
    expect(saturday.every((week) => week[0]!.date.getDay() === 6)).toBe(true);
    expect(gridRange(saturday)).toEqual({ from: '2026-02-28', to: '2026-04-03' });
    expect(saturday.flat().filter((d) => d.inMonth)).toHaveLength(31);
  });

  it('counts leap days and never repeats or skips a day', () => {
    const weeks = monthGrid({ year: 2028, month: 1 }, new Date(2028, 1, 29));
    const days = weeks.flat();
    expect(days.filter((d) => d.inMonth)).toHaveLength(29);
    expect(days.find((d) => d.isToday)?.key).toBe('2028-02-29');
    expect(new Set(days.map((d) => d.key)).size).toBe(days.length);
  });
});

describe('month helpers', () => {
  it('moves across years, reads ?month= and labels months', () => {
    expect(addMonths({ year: 2026, month: 0 }, -1)).toEqual({ year: 2025, month: 11 });
    expect(addMonths({ year: 2026, month: 11 }, 1)).toEqual({ year: 2027, month: 0 });
    expect(parseMonth('2026-03')).toEqual({ year: 2026, month: 2 });
    for (const bad of ['2026-13', '2026-3', 'soon', null]) expect(parseMonth(bad)).toBeUndefined();
    expect(monthLabel({ year: 2026, month: 2 }, 'en-GB')).toBe('March 2026');
    expect(monthLabel({ year: 2026, month: 2 }, 'fr-FR')).toBe('mars 2026');
    expect(weekdayNames('short', 'en-GB')).toEqual('Mon Tue Wed Thu Fri Sat Sun'.split(' '));
    expect(weekdayNames('short', 'en-US', 0)).toEqual('Sun Mon Tue Wed Thu Fri Sat'.split(' '));
    expect(weekdayNames('long', 'de-DE')[0]).toBe('Montag');
    expect(weekdayNames('short', 'en-GB', 6)[0]).toBe('Sat');
  });

  it('groups events by the local day they start on, earliest first', () => {
    const at = (d: Date) => d.toISOString();
    const events = [
      { id: 'b', startTime: at(new Date(2026, 2, 14, 15)) },
      { id: 'a', startTime: at(new Date(2026, 2, 14, 9)) },
      { id: 'c', startTime: at(new Date(2026, 2, 15, 0, 30)) },
      { id: 'x', startTime: 'not a date' },
    ];
    const days = eventsByDay(events);
    expect(days.get('2026-03-14')?.map((e) => e.id)).toEqual(['a', 'b']);
    expect(days.get('2026-03-15')?.map((e) => e.id)).toEqual(['c']);
    expect(days.size).toBe(2);
    expect(dayKey(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});
