import { describe, expect, it } from 'vitest';
import { describeGift } from './donation-mapper';

describe('describeGift (checkout description and receipt line)', () => {
  it('names the partner nursery that grows a drive’s trees', () => {
    expect(
      describeGift({ kind: 'trees', trees: 4, driveName: 'Lake bund', nurseryName: 'Green Roots' }),
    ).toBe('4 trees for "Lake bund", grown by Green Roots');
  });
  it('says nothing of a nursery when there is none', () => {
    expect(describeGift({ kind: 'trees', trees: 1, driveName: null })).toBe(
      '1 tree for the general fund',
    );
    expect(
      describeGift({ kind: 'cash', trees: 0, driveName: 'Lake bund', nurseryName: null }),
    ).toBe('Cash donation for "Lake bund"');
  });
});
