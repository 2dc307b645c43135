import { describe, expect, it } from 'vitest';
import { groupedWhole } from './common';
import { DRIVE_MESSAGES } from './drives';
import { NURSERY_MESSAGES } from './nursery';
import { TREE_MESSAGES } from './trees';

describe('groupedWhole', () => {
  it('writes a whole number as toLocaleString("en-US") does', () => {
    for (const n of [
      0,
      7,
      10,
      999,
      1000,
      1001,
      10_000,
      99_999,
      100_000,
      1_234_567,
      1e9,
      2 ** 53 - 1,
    ])
      expect(groupedWhole(n)).toBe(n.toLocaleString('en-US'));
  });

  it('leaves the messages built with it as they were', () => {
    expect(TREE_MESSAGES.countInvalid).toBe('Tree Count must be a whole number from 1 to 1,000.');
    expect(DRIVE_MESSAGES.quantityInvalid).toBe(
      'Tree Quantity must be a whole number from 1 to 100,000.',
    );
    expect(NURSERY_MESSAGES.quantityInvalid).toBe(
      'Quantity must be a whole number from 0 to 100,000.',
    );
    expect(NURSERY_MESSAGES.quantityRequired).toBe('Please reserve from 1 to 10,000 saplings.');
  });
});
