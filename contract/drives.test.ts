import { describe, expect, it } from 'vitest';
import { DRIVE_MESSAGES, driveDateProblem } from './drives';

const NOW = new Date('2026-06-01T10:00:00Z');
const at = (ms: number) => new Date(ms).toISOString();

describe('driveDateProblem', () => {
  it('allows a few minutes of grace and at most five years ahead', () => {
    expect(driveDateProblem(at(NOW.getTime() - 10 * 60_000), NOW)).toBeUndefined();
    expect(driveDateProblem(at(NOW.getTime() - 20 * 60_000), NOW)).toBe(DRIVE_MESSAGES.dateInPast);
    expect(driveDateProblem('2031-05-31T10:00:00.000Z', NOW)).toBeUndefined();
    expect(driveDateProblem('2031-06-02T10:00:00.000Z', NOW)).toBe(DRIVE_MESSAGES.dateTooFar);
  });

  it('lets an edit keep a date that has passed, and leaves non-dates to the schema', () => {
    const past = '2026-05-01T10:00:00.000Z';
    expect(driveDateProblem(past, NOW, past)).toBeUndefined();
    expect(driveDateProblem(past, NOW, '2026-05-02T10:00:00.000Z')).toBe(DRIVE_MESSAGES.dateInPast);
    expect(driveDateProblem('not a date', NOW)).toBeUndefined();
  });
});
