import { describe, it, expect } from 'vitest';
import {
  CONTRIBUTION_TYPES,
  DONATION_CATEGORIES,
  DRIVE_DURATIONS,
  TREE_SIZES,
  TREE_SPECIES,
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
