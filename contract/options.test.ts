import { describe, it, expect } from 'vitest';
import {
  CONTRIBUTION_TYPES,
  DONATION_CATEGORIES,
  DRIVE_DURATIONS,
  O2_PER_CO2,
  TREE_SIZES,
  TREE_SPECIES,
  estimateTreeCo2Kg,
  speciesByValue,
} from './options';

describe('TREE_SPECIES', () => {
  it('has exactly 70 entries with values 1..70 in order', () => {
    expect(TREE_SPECIES).toHaveLength(70);
    TREE_SPECIES.forEach((s, i) => expect(s.value).toBe(i + 1));
  });

  it('starts with the plants the spec names', () => {
    const english = TREE_SPECIES.slice(0, 7).map((s) => s.englishName);
    expect(english).toEqual(['Neem', 'Mango', 'Guava', 'Olive', 'Rose', 'Lemon', 'Black pepper']);
  });

  it('has unique labels and unique scientific names', () => {
    expect(new Set(TREE_SPECIES.map((s) => s.label)).size).toBe(70);
    expect(new Set(TREE_SPECIES.map((s) => s.scientificName.toLowerCase())).size).toBe(70);
  });

  it('builds labels as "Local (English)" or just English when they match', () => {
    for (const s of TREE_SPECIES) {
      expect(s.localName.trim()).not.toBe('');
      expect(s.englishName.trim()).not.toBe('');
      const expected =
        s.localName === s.englishName ? s.englishName : `${s.localName} (${s.englishName})`;
      expect(s.label).toBe(expected);
    }
  });

  it('has binomial-looking scientific names', () => {
    for (const s of TREE_SPECIES) {
      expect(s.scientificName).toMatch(/^[A-Z][a-z]+ (× )?[a-z-]+$/);
    }
  });

  it('has positive, plausible numbers', () => {
    for (const s of TREE_SPECIES) {
      expect(s.woodDensity).toBeGreaterThanOrEqual(0.1);
      expect(s.woodDensity).toBeLessThanOrEqual(1.4);
      expect(s.co2KgPerYearMature).toBeGreaterThanOrEqual(0.1);
      expect(s.co2KgPerYearMature).toBeLessThanOrEqual(40);
      expect(Number.isInteger(s.yearsToMaturity)).toBe(true);
      expect(s.yearsToMaturity).toBeGreaterThan(0);
      expect(s.yearsToMaturity).toBeLessThanOrEqual(60);
    }
  });

  it('looks species up by value', () => {
    expect(speciesByValue(1)?.englishName).toBe('Neem');
    expect(speciesByValue(70)?.value).toBe(70);
    expect(speciesByValue(0)).toBeUndefined();
    expect(speciesByValue(71)).toBeUndefined();
    expect(speciesByValue(1.5)).toBeUndefined();
  });
});

describe('other option lists', () => {
  it('lists tree sizes as the spec does', () => {
    expect(TREE_SIZES).toEqual([
      { value: 'packet', label: 'Packet (2 ft – 4 ft)' },
      { value: 'potted', label: 'Potted (5 ft – 7 ft)' },
    ]);
  });

  it('lists drive durations 1..5 hours', () => {
    expect(DRIVE_DURATIONS).toEqual([
      { value: '1', label: '01:00 hours' },
      { value: '2', label: '02:00 hours' },
      { value: '3', label: '03:00 hours' },
      { value: '4', label: '04:00 hours' },
      { value: '5', label: '05:00 hours' },
    ]);
  });

  it('lists contribution types cash and tree', () => {
    expect(CONTRIBUTION_TYPES).toEqual([
      { value: 'cash', label: 'Cash' },
      { value: 'tree', label: 'Tree' },
    ]);
  });

  it('lists donation categories with value = label', () => {
    const names = [
      'Trees',
      'Land',
      'Design',
      'Planting-Ops',
      'Media',
      'Govt',
      'Institution/Research',
    ];
    expect(DONATION_CATEGORIES).toEqual(names.map((n) => ({ value: n, label: n })));
  });
});

describe('O2_PER_CO2', () => {
  it('is the O₂/CO₂ molar mass ratio', () => {
    expect(O2_PER_CO2).toBeCloseTo(32 / 44, 12);
  });
});

describe('estimateTreeCo2Kg', () => {
  it('is 0 at age 0, for negative ages and for NaN', () => {
    for (const s of TREE_SPECIES) expect(estimateTreeCo2Kg(s.value, 0)).toBe(0);
    expect(estimateTreeCo2Kg(1, -3)).toBe(0);
    expect(estimateTreeCo2Kg(1, Number.NaN)).toBe(0);
    expect(estimateTreeCo2Kg(999, 0)).toBe(0);
  });

  it('is non-decreasing with age (and strictly increasing for age > 0)', () => {
    for (const s of TREE_SPECIES) {
      let previous = 0;
      for (let age = 0.5; age <= 60; age += 0.5) {
        const value = estimateTreeCo2Kg(s.value, age);
        expect(value).toBeGreaterThan(previous);
        previous = value;
      }
    }
  });

  it('equals the ramp area rate × years / 2 at maturity', () => {
    for (const s of TREE_SPECIES) {
      expect(estimateTreeCo2Kg(s.value, s.yearsToMaturity)).toBeCloseTo(
        (s.co2KgPerYearMature * s.yearsToMaturity) / 2,
        9,
      );
    }
  });

  it('grows quadratically during the ramp', () => {
    for (const s of TREE_SPECIES) {
      const half = s.yearsToMaturity / 2;
      expect(estimateTreeCo2Kg(s.value, half)).toBeCloseTo(
        (s.co2KgPerYearMature * s.yearsToMaturity) / 8,
        9,
      );
    }
  });

  it('is linear at the mature rate after maturity', () => {
    for (const s of TREE_SPECIES) {
      const atMaturity = estimateTreeCo2Kg(s.value, s.yearsToMaturity);
      for (const extra of [1, 2.5, 10]) {
        expect(estimateTreeCo2Kg(s.value, s.yearsToMaturity + extra)).toBeCloseTo(
          atMaturity + extra * s.co2KgPerYearMature,
          9,
        );
      }
    }
  });

  it('uses the mean of all species for an unknown species', () => {
    for (const age of [0.5, 1, 3, 7, 15, 40, 80]) {
      const mean =
        TREE_SPECIES.reduce((sum, s) => sum + estimateTreeCo2Kg(s.value, age), 0) /
        TREE_SPECIES.length;
      expect(estimateTreeCo2Kg(0, age)).toBeCloseTo(mean, 9);
      expect(estimateTreeCo2Kg(71, age)).toBeCloseTo(mean, 9);
      expect(estimateTreeCo2Kg(-5, age)).toBeCloseTo(mean, 9);
    }
  });

  it('gives a plausible lifetime figure for a mature neem', () => {
    // 15-year ramp at 22 kg/yr → 165 kg, then 22 kg/yr.
    expect(estimateTreeCo2Kg(1, 20)).toBeCloseTo(165 + 5 * 22, 9);
  });
});
