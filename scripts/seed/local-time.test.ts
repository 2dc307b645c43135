import { describe, expect, it } from 'vitest';
import { localDay, localHour, localTimeAfter, zonedTime } from './local-time';

describe('seed local times', () => {
  it('reads the local day and hour of an instant', () => {
    const instant = Date.parse('2026-03-14T20:15:00Z');
    expect(localDay(instant, 'Asia/Kolkata')).toEqual({ y: 2026, m: 3, d: 15 });
    expect(localHour(instant, 'Asia/Kolkata')).toBeCloseTo(1.75, 9);
    expect(localDay(instant, 'America/Sao_Paulo')).toEqual({ y: 2026, m: 3, d: 14 });
    expect(localHour(instant, 'America/Sao_Paulo')).toBeCloseTo(17.25, 9);
  });

  it('places a local time on a day, across daylight-saving changes', () => {
    expect(zonedTime({ y: 2026, m: 3, d: 28 }, 9, 0, 'Europe/London').toISOString()).toBe(
      '2026-03-28T09:00:00.000Z',
    );
    expect(zonedTime({ y: 2026, m: 3, d: 29 }, 9, 0, 'Europe/London').toISOString()).toBe(
      '2026-03-29T08:00:00.000Z',
    );
    expect(zonedTime({ y: 2026, m: 11, d: 1 }, 9, 30, 'America/New_York').toISOString()).toBe(
      '2026-11-01T14:30:00.000Z',
    );
  });

  it('keeps the local time a number of days later, whatever the offset did', () => {
    // 10:00 in New York the day before the clocks go forward, then a week later.
    const before = Date.parse('2026-03-07T15:00:00Z');
    const later = localTimeAfter(before, 7, 10, 0, 'America/New_York');
    expect(later.toISOString()).toBe('2026-03-14T14:00:00.000Z');
    expect(localHour(later.getTime(), 'America/New_York')).toBe(10);
  });
});
