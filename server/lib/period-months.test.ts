import { describe, expect, it } from 'vitest';
import { periodMonths } from './period-months';

const at = (day: string) => `${day}T00:00:00.000Z`;

describe('periodMonths', () => {
  it('is whole months alone for all time and for periods on month starts', () => {
    expect(periodMonths()).toEqual({ months: {}, days: [] });
    expect(periodMonths(at('2026-01-01'), at('2026-03-01'))).toEqual({
      months: { from: '2026-01', before: '2026-03' },
      days: [],
    });
    expect(periodMonths(at('2026-02-01'))).toEqual({ months: { from: '2026-02' }, days: [] });
    expect(periodMonths(undefined, at('2026-02-01'))).toEqual({
      months: { before: '2026-02' },
      days: [],
    });
  });

  it('reads the partial first and last months as days', () => {
    expect(periodMonths(at('2025-11-28'), at('2026-11-28'))).toEqual({
      months: { from: '2025-12', before: '2026-11' },
      days: [
        { from: '2025-11-28', before: '2025-12-01' },
        { from: '2026-11-01', before: '2026-11-28' },
      ],
    });
    // A December start: the next whole month is in the next year.
    expect(periodMonths(at('2025-12-15'), undefined)).toEqual({
      months: { from: '2026-01' },
      days: [{ from: '2025-12-15', before: '2026-01-01' }],
    });
    expect(periodMonths(undefined, at('2026-02-14'))).toEqual({
      months: { before: '2026-02' },
      days: [{ from: '2026-02-01', before: '2026-02-14' }],
    });
  });

  it('is days alone when no month is whole', () => {
    expect(periodMonths(at('2026-03-10'), at('2026-03-21'))).toEqual({
      months: null,
      days: [{ from: '2026-03-10', before: '2026-03-21' }],
    });
    // Across a month end, neither month whole.
    expect(periodMonths(at('2026-04-30'), at('2026-05-11'))).toEqual({
      months: null,
      days: [{ from: '2026-04-30', before: '2026-05-11' }],
    });
    // One whole month and nothing else.
    expect(periodMonths(at('2026-02-01'), at('2026-03-01'))).toEqual({
      months: { from: '2026-02', before: '2026-03' },
      days: [],
    });
  });
});
