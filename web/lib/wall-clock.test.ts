import { describe, expect, it } from 'vitest';
import { fromZonedWallClock, toZonedWallClock } from './wall-clock';

describe('wall clocks in a zone', () => {
  it('turns a wall clock in a zone into the instant, and back', () => {
    const wall = new Date(2026, 11, 5, 9, 0);
    const instant = fromZonedWallClock(wall, 'Asia/Kolkata');
    expect(instant.toISOString()).toBe('2026-12-05T03:30:00.000Z');
    expect(toZonedWallClock(instant, 'Asia/Kolkata')).toEqual(wall);
    expect(fromZonedWallClock(new Date(2026, 6, 4, 9, 0), 'America/New_York').toISOString()).toBe(
      '2026-07-04T13:00:00.000Z',
    );
    expect(fromZonedWallClock(new Date(2026, 0, 4, 9, 0), 'America/New_York').toISOString()).toBe(
      '2026-01-04T14:00:00.000Z',
    );
    expect(fromZonedWallClock(new Date(2026, 5, 1, 23, 30), 'UTC').toISOString()).toBe(
      '2026-06-01T23:30:00.000Z',
    );
  });

  it('handles the days the clocks change', () => {
    // London springs forward at 01:00 UTC on 29 March 2026: 02:30 does not exist, 03:30 is BST.
    expect(fromZonedWallClock(new Date(2026, 2, 29, 3, 30), 'Europe/London').toISOString()).toBe(
      '2026-03-29T02:30:00.000Z',
    );
    expect(fromZonedWallClock(new Date(2026, 2, 29, 0, 30), 'Europe/London').toISOString()).toBe(
      '2026-03-29T00:30:00.000Z',
    );
    // A skipped time reads as the same time after the change, east or west of Greenwich.
    expect(fromZonedWallClock(new Date(2026, 2, 29, 1, 30), 'Europe/London').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(fromZonedWallClock(new Date(2026, 2, 8, 2, 30), 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(toZonedWallClock(new Date('2026-03-08T07:30:00.000Z'), 'America/New_York')).toEqual(
      new Date(2026, 2, 8, 3, 30),
    );
  });

  it('reads a time the clocks repeat in autumn as the first of the two', () => {
    // New York falls back at 06:00 UTC on 1 November 2026: 01:30 comes twice, the EDT one first.
    expect(fromZonedWallClock(new Date(2026, 10, 1, 1, 30), 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    // London falls back at 01:00 UTC on 25 October 2026: the BST 01:30 first; 02:00 is GMT.
    expect(fromZonedWallClock(new Date(2026, 9, 25, 1, 30), 'Europe/London').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(fromZonedWallClock(new Date(2026, 9, 25, 2, 0), 'Europe/London').toISOString()).toBe(
      '2026-10-25T02:00:00.000Z',
    );
    // Either way the wall clock shown back is the one typed.
    for (const [wall, zone] of [
      [new Date(2026, 10, 1, 1, 30), 'America/New_York'],
      [new Date(2026, 9, 25, 1, 30), 'Europe/London'],
      [new Date(2026, 3, 5, 2, 30), 'Australia/Sydney'],
    ] as const)
      expect(toZonedWallClock(fromZonedWallClock(wall, zone), zone)).toEqual(wall);
  });

  it('keeps half-hour zones and whole seconds', () => {
    expect(toZonedWallClock(new Date('2026-12-05T03:30:45.678Z'), 'Asia/Kolkata')).toEqual(
      new Date(2026, 11, 5, 9, 0, 45),
    );
    expect(
      fromZonedWallClock(new Date(2026, 0, 1, 0, 0), 'Australia/Lord_Howe').toISOString(),
    ).toBe('2025-12-31T13:00:00.000Z');
  });

  it('leaves dates alone for an unknown zone', () => {
    const date = new Date(2026, 5, 1, 9);
    expect(fromZonedWallClock(date, 'Mars/Olympus')).toBe(date);
    expect(toZonedWallClock(date, 'Mars/Olympus')).toBe(date);
  });
});
