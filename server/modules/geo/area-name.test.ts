import { describe, expect, it } from 'vitest';
import { areaNameOf } from './nominatim-client';

// Issue 25, security 1: the place others see is the geocoder's area name, never an address cut.
describe('areaNameOf', () => {
  it.each([
    [
      {
        suburb: 'Triana',
        city: 'Seville',
        state: 'Andalusia',
        postcode: '41010',
        country: 'Spain',
      },
      'Triana, Seville, Spain',
    ],
    [
      {
        house_name: 'Rose Cottage',
        road: 'Mill Lane',
        village: 'Little Snoring',
        county: 'Norfolk',
        country: 'United Kingdom',
      },
      'Little Snoring, United Kingdom',
    ],
    [{ hamlet: 'Kothrud', state: 'Maharashtra', country: 'India' }, 'Kothrud, Maharashtra, India'],
    [{ city: 'Cairo', country: 'Egypt' }, 'Cairo, Egypt'],
    [{ country: 'Kenya' }, 'Kenya'],
    // A name with digits in any script is left out, whatever the key.
    [{ suburb: 'حي ١٢', city: 'القاهرة', country: 'مصر' }, 'القاهرة, مصر'],
    [{ suburb: '第３地区', city: '東京', country: '日本' }, '東京, 日本'],
    [{ suburb: 'Sector 21', city: 'Gurugram', country: 'India' }, 'Gurugram, India'],
    [{ city: 'New York', state: 'New York', country: 'United States' }, 'New York, United States'],
    [{}, null],
    [{ road: '12 High Street', postcode: 'NR21 0AA' }, null],
  ])('%j → %s', (address, expected) => {
    expect(areaNameOf(address)).toBe(expected);
  });

  it('never returns a road, house name, house number or postcode', () => {
    const name = areaNameOf({
      house_number: '4',
      house_name: 'Rose Cottage',
      road: 'Mill Lane',
      postcode: 'NR21 0AA',
      village: 'Little Snoring',
      country: 'United Kingdom',
    });
    for (const part of ['4', 'Rose Cottage', 'Mill Lane', 'NR21']) expect(name).not.toContain(part);
  });
});
