import { describe, expect, it } from 'vitest';
import { instantOf, wallClockAt } from './wall-clock';

const at = (wall: string, zone: string) => {
  const [date, time] = wall.split(' ') as [string, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return instantOf({ year, month, day, hour, minute }, zone).toISOString();
};

describe('wall clocks in a zone', () => {
  it('reads the wall clock of an instant, half- and quarter-hour zones too', () => {
    expect(wallClockAt(Date.parse('2026-12-05T03:30:45Z'), 'Asia/Kolkata')).toEqual({
      year: 2026,
      month: 12,
      day: 5,
      hour: 9,
      minute: 0,
      second: 45,
    });
    expect(wallClockAt(new Date('2026-07-01T00:00:00Z'), 'Asia/Kathmandu')).toMatchObject({
      hour: 5,
      minute: 45,
    });
    expect(wallClockAt(new Date('2026-12-31T23:00:00Z'), 'Pacific/Kiritimati')).toMatchObject({
      year: 2027,
      month: 1,
      day: 1,
      hour: 13,
    });
  });

  it('turns a wall clock into its instant, on either side of daylight saving', () => {
    expect(at('2026-12-05 09:00', 'Asia/Kolkata')).toBe('2026-12-05T03:30:00.000Z');
    expect(at('2026-07-04 09:00', 'America/New_York')).toBe('2026-07-04T13:00:00.000Z');
    expect(at('2026-01-04 09:00', 'America/New_York')).toBe('2026-01-04T14:00:00.000Z');
    expect(at('2026-01-10 09:00', 'Australia/Sydney')).toBe('2026-01-09T22:00:00.000Z');
    expect(at('2026-06-01 23:30', 'UTC')).toBe('2026-06-01T23:30:00.000Z');
  });

  it('reads a time the clocks skip in spring as the same time after the change', () => {
    // London: 01:00 GMT → 02:00 BST on 29 March 2026.
    expect(at('2026-03-29 00:30', 'Europe/London')).toBe('2026-03-29T00:30:00.000Z');
    expect(at('2026-03-29 01:30', 'Europe/London')).toBe('2026-03-29T01:30:00.000Z');
    expect(at('2026-03-29 03:30', 'Europe/London')).toBe('2026-03-29T02:30:00.000Z');
    // New York: 02:00 EST → 03:00 EDT on 8 March 2026.
    expect(at('2026-03-08 01:30', 'America/New_York')).toBe('2026-03-08T06:30:00.000Z');
    expect(at('2026-03-08 02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(at('2026-03-08 03:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    // Lord Howe Island moves by half an hour: 02:00 → 02:30 on 4 October 2026.
    expect(at('2026-10-04 02:15', 'Australia/Lord_Howe')).toBe('2026-10-03T15:45:00.000Z');
  });

  it('reads a time the clocks repeat in autumn as the first of the two', () => {
    // London: 02:00 BST → 01:00 GMT on 25 October 2026.
    expect(at('2026-10-25 00:30', 'Europe/London')).toBe('2026-10-24T23:30:00.000Z');
    expect(at('2026-10-25 01:30', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z');
    expect(at('2026-10-25 02:00', 'Europe/London')).toBe('2026-10-25T02:00:00.000Z');
    // New York: 02:00 EDT → 01:00 EST on 1 November 2026.
    expect(at('2026-11-01 01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(at('2026-11-01 02:00', 'America/New_York')).toBe('2026-11-01T07:00:00.000Z');
    // Sydney: 03:00 AEDT → 02:00 AEST on 5 April 2026.
    expect(at('2026-04-05 02:30', 'Australia/Sydney')).toBe('2026-04-04T15:30:00.000Z');
  });

  it('gives back the wall clock it was given, every half hour of a year', () => {
    for (const zone of ['Europe/London', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata']) {
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 30 * 60_000) {
        const wall = wallClockAt(t, zone);
        // Every instant's own wall clock leads back to it, except the second of a repeated hour.
        const back = instantOf(wall, zone).getTime();
        if (back !== t) expect(wallClockAt(back, zone)).toEqual(wall);
      }
    }
  });

  it('gives an invalid date for an unknown zone', () => {
    const answer = instantOf({ year: 2026, month: 1, day: 1, hour: 9, minute: 0 }, 'Mars/Olympus');
    expect(Number.isNaN(answer.getTime())).toBe(true);
  });
});
