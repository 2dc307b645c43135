import { describe, expect, it } from 'vitest';
import { dueTasks, taskKey, weekKey, type CareSubject } from './tree-care-schedule';

const at = (iso: string) => new Date(`${iso}T12:00:00.000Z`);
const tree = (plantedAt: string, more: Partial<CareSubject> = {}): CareSubject => ({
  plantedAt: `${plantedAt}T00:00:00.000Z`,
  registeredAt: `${plantedAt}T09:30:00.000Z`,
  lastMeasuredAt: null,
  lastDone: {},
  ...more,
});
const due = (subject: CareSubject, now: string) =>
  dueTasks(subject, at(now)).map((t) => `${t.task} ${t.dueAt.slice(0, 10)} +${t.overdueDays}d`);

describe('care due, derived from the planting date and the care log (injected clock)', () => {
  it('waters weekly in the first year, from a week after planting', () => {
    const young = tree('2026-01-01');
    expect(due(young, '2026-01-07')).toEqual([]);
    expect(due(young, '2026-01-08')).toEqual(['water 2026-01-08 +0d']);
    expect(due(young, '2026-01-20')).toEqual(['water 2026-01-08 +12d']);
  });

  it('a logged action clears the task until it is due again', () => {
    const watered = tree('2026-01-01', { lastDone: { watered: '2026-01-10T08:00:00.000Z' } });
    expect(due(watered, '2026-01-16')).toEqual([]);
    expect(due(watered, '2026-01-17')).toEqual(['water 2026-01-17 +0d']);
    // Other actions do not clear watering.
    const pruned = tree('2026-01-01', { lastDone: { pruned: '2026-01-10T08:00:00.000Z' } });
    expect(due(pruned, '2026-01-16')).toEqual(['water 2026-01-08 +8d']);
  });

  it('waters fortnightly in the second year, and not at all after it', () => {
    const second = tree('2025-01-01', {
      lastMeasuredAt: '2026-01-01T00:00:00.000Z',
      lastCheckedAt: '2026-01-01T00:00:00.000Z',
      lastDone: {
        watered: '2025-12-30T08:00:00.000Z',
        weeded: '2026-01-01T00:00:00.000Z',
        mulched: '2026-01-01T00:00:00.000Z',
      },
    });
    expect(due(second, '2026-01-12')).toEqual([]);
    expect(due(second, '2026-01-13')).toEqual(['water 2026-01-13 +0d']);
    // Never watered: the fortnightly task is due from the day the second year starts.
    const neverWatered = { ...second, lastDone: { ...second.lastDone, watered: undefined } };
    expect(due(neverWatered, '2026-01-05')).toEqual(['water 2026-01-01 +4d']);
    // After two years only measuring is left (and the check-up, 10 months after the last check).
    expect(
      due(tree('2024-01-01', { lastCheckedAt: '2025-06-01T00:00:00.000Z' }), '2026-03-01'),
    ).toEqual(['measure 2024-07-01 +608d']);
  });

  it('weeds and mulches every 3 months for two years', () => {
    const weeded = tree('2026-01-01', {
      lastDone: { watered: '2026-03-30T00:00:00Z', weeded: '2026-03-15T00:00:00Z' },
    });
    expect(due(weeded, '2026-04-01')).toEqual(['mulch 2026-04-01 +0d']);
    expect(due(weeded, '2026-06-15')).toEqual([
      'water 2026-04-06 +70d',
      'weed 2026-06-15 +0d',
      'mulch 2026-04-01 +75d',
    ]);
    // Three months after 31 January is the last day of April.
    const endOfMonth = tree('2026-01-31', { lastDone: { watered: '2026-04-29T00:00:00Z' } });
    expect(due(endOfMonth, '2026-04-30')).toEqual(['weed 2026-04-30 +0d', 'mulch 2026-04-30 +0d']);
  });

  it('measures every 6 months for as long as the tree lives', () => {
    const t = tree('2020-01-01', {
      lastMeasuredAt: '2026-01-10T00:00:00.000Z',
      lastCheckedAt: '2026-01-10T00:00:00.000Z',
    });
    expect(due(t, '2026-07-09')).toEqual([]);
    expect(due(t, '2026-07-10')).toEqual(['measure 2026-07-10 +0d']);
  });

  it('asks for a check-up 10 months after the last check, for as long as the tree lives', () => {
    const t = tree('2020-01-01', {
      lastMeasuredAt: '2026-01-10T00:00:00.000Z',
      lastCheckedAt: '2026-03-31T09:00:00.000Z',
    });
    expect(due(t, '2027-01-30')).toEqual(['measure 2026-07-10 +204d']);
    expect(due(t, '2027-01-31')).toEqual(['measure 2026-07-10 +205d', 'checkup 2027-01-31 +0d']);
    // Never checked (no registration known): 10 months after planting.
    expect(due(tree('2020-01-01'), '2020-11-01')).toContain('checkup 2020-11-01 +0d');
  });

  it('names a task by its due date, so the same task is claimed once', () => {
    const [task] = dueTasks(tree('2026-01-01'), at('2026-01-09'));
    expect(taskKey('tree-1', task!)).toBe('care:tree-1:water:2026-01-08');
    expect(taskKey('tree-1', dueTasks(tree('2026-01-01'), at('2026-01-12'))[0]!)).toBe(
      'care:tree-1:water:2026-01-08',
    );
  });

  it('numbers weeks from Monday', () => {
    expect(weekKey(at('2026-06-01'))).toBe(weekKey(at('2026-06-07')));
    expect(weekKey(at('2026-06-08'))).toBe(weekKey(at('2026-06-07')) + 1);
  });

  it('ignores an unreadable planting date', () => {
    expect(
      dueTasks(
        { plantedAt: 'garbage', registeredAt: 'garbage', lastMeasuredAt: null, lastDone: {} },
        new Date(),
      ),
    ).toEqual([]);
  });

  it('counts from the day of registration when the tree was registered after planting', () => {
    // Planted in October, registered on 27 November: nothing is overdue on the day of registration.
    const late = tree('2026-10-03', { registeredAt: '2026-11-27T15:04:00.000Z' });
    expect(due(late, '2026-11-27')).toEqual([]);
    // A week after registration the first watering is due, the rest of the schedule follows it.
    expect(due(late, '2026-12-04')).toEqual(['water 2026-12-04 +0d']);
    expect(due(late, '2027-02-27')).toContain('weed 2027-02-27 +0d');
    // The age windows still count from planting: the fortnightly watering opens a year after it.
    expect(due(late, '2027-10-04')).toContain('water 2027-10-03 +1d');
    // A registration before the planting day (a tree planted later that day) changes nothing.
    const early = tree('2026-10-03', { registeredAt: '2026-10-02T23:00:00.000Z' });
    expect(due(early, '2026-10-10')).toEqual(due(tree('2026-10-03'), '2026-10-10'));
  });
});
