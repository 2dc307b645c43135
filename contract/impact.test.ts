import { describe, expect, it } from 'vitest';
import {
  addRanges,
  agbKg,
  carbonKg,
  co2StoredKg,
  computeTreeImpact,
  IMPACT_METHOD,
  predictSize,
  roundSignificant,
  treeAgeYears,
  treeImpact,
  withRange,
  type TreeImpactInput,
} from './impact';
import { TREE_SPECIES } from './options';
import {
  FALLBACK_GROWTH,
  GROWTH_AT_MATURITY,
  growthOfSpecies,
  SPECIES_GROWTH,
} from './species-growth';

const YEAR_MS = 365.25 * 86_400_000;
const PLANTED = '2022-06-01T00:00:00.000Z';
const yearsAfter = (iso: string, years: number) => new Date(Date.parse(iso) + years * YEAR_MS);

/*
 * Hand-computed (calculator) for ρ = 0.5 g/cm³, D = 10 cm, H = 10 m:
 *   ρ·D²·H = 0.5 × 100 × 10 = 500;  500^0.976 = e^(0.976 × ln 500) = e^(6.065457) = 430.7197
 *   AGB = 0.0673 × 430.7197 = 28.98744 kg;  roots = 0.26 × 28.98744 = 7.53673 kg
 *   C = 0.47 × (28.98744 + 7.53673) = 17.16636 kg
 *   CO₂ = 17.16636 × 44/12 = 62.94332 kg;  O₂ = 17.16636 × 32/12 = 45.77696 kg
 *   band (measured, σ = 0.357): e^−0.357 = 0.699772 → 44.0460;  e^0.357 = 1.429036 → 89.9483
 *   band (predicted): σ = √(0.357² + 0.5²) = 0.614369 → ×0.540982 and ×1.848489
 */
describe('the impact method against hand-computed values', () => {
  it('computes AGB, carbon and CO₂ for one plant', () => {
    expect(agbKg(0.5, 10, 10)).toBeCloseTo(28.98744, 4);
    const size = { heightM: 10, diameterCm: 10 };
    expect(carbonKg(0.5, size)).toBeCloseTo(17.16636, 4);
    expect(co2StoredKg(0.5, size)).toBeCloseTo(62.94332, 4);
  });

  it('gives zero biomass for a zero or missing size', () => {
    expect(agbKg(0.5, 0, 10)).toBe(0);
    expect(agbKg(0.5, 10, 0)).toBe(0);
    expect(agbKg(Number.NaN, 10, 10)).toBe(0);
  });

  it('puts the band at e^(±σ) around the central value', () => {
    const measured = withRange(62.94332, 'measured');
    expect(measured.low).toBeCloseTo(44.046, 3);
    expect(measured.high).toBeCloseTo(89.9483, 3);
    const predicted = withRange(100, 'predicted');
    expect(predicted.low).toBeCloseTo(54.0982, 3);
    expect(predicted.high).toBeCloseTo(184.8489, 3);
    expect(withRange(0, 'measured')).toEqual({ low: 0, mid: 0, high: 0 });
  });

  it('uses the latest measurement, times the alive count', () => {
    // Species 8 (sacred fig) has ρ = 0.50: three plants measured at 10 m and 10 cm.
    const impact = computeTreeImpact({
      speciesValue: 8,
      size: 'packet',
      plantedAt: PLANTED,
      aliveCount: 3,
      dead: false,
      measurement: { measuredAt: '2026-06-01T00:00:00.000Z', heightCm: 1000, diameterCm: 10 },
      at: new Date('2026-07-01T00:00:00.000Z'),
    });
    expect(impact.basis).toBe('measured');
    expect(impact.co2Kg.mid).toBeCloseTo(3 * 62.94332, 3);
    expect(impact.o2Kg.mid).toBeCloseTo(3 * 45.77696, 3);
    expect(impact.co2Kg.low).toBeCloseTo(3 * 44.046, 2);
    expect(impact.co2Kg.high).toBeCloseTo(3 * 89.9483, 2);
  });

  /*
   * Neem (species 1): ρ = 0.69, Hmax 20 m, Dmax 60 cm, maturity 15 years, p = 1.3 →
   *   k_H = −ln(1 − 0.8^(1/1.3)) / 15 = 0.1231,  k_D = −ln(1 − 0.5^(1/1.3)) / 15 = 0.0589.
   * A packet sapling planted 4 years ago is 5 years old:
   *   H = 20 × (1 − e^(−0.6155))^1.3 = 7.2805 m,  D = 60 × (1 − e^(−0.2945))^1.3 = 10.1594 cm
   *   CO₂ = 0.0673 × (0.69 × 10.1594² × 7.2805)^0.976 × 1.26 × 0.47 × 44/12 = 65.2142 kg
   * At 4 years old: H = 5.8578 m, D = 7.8845 cm → 32.1580 kg, so 33.0563 kg in the last year.
   */
  it('predicts from the species curve and the age when nothing was measured', () => {
    const growth = growthOfSpecies(1);
    expect(growth.height.k).toBe(0.1231);
    expect(growth.diameter.k).toBe(0.0589);
    const size = predictSize(1, 5);
    expect(size.heightM).toBeCloseTo(7.2805, 3);
    expect(size.diameterCm).toBeCloseTo(10.1594, 3);
    const impact = computeTreeImpact({
      speciesValue: 1,
      size: 'packet',
      plantedAt: PLANTED,
      aliveCount: 1,
      dead: false,
      at: yearsAfter(PLANTED, 4),
    });
    expect(impact.basis).toBe('predicted');
    expect(impact.co2Kg.mid).toBeCloseTo(65.2142, 3);
    expect(impact.co2KgPerYear.mid).toBeCloseTo(33.0563, 3);
    expect(impact.co2Kg.low).toBeCloseTo(65.2142 * 0.540982, 2);
  });

  it('counts dead trees and dead plants as zero', () => {
    const base: TreeImpactInput = {
      speciesValue: 1,
      size: 'potted',
      plantedAt: PLANTED,
      aliveCount: 5,
      dead: true,
      at: new Date('2026-06-01T00:00:00.000Z'),
    };
    const zero = { low: 0, mid: 0, high: 0 };
    expect(treeImpact(base)).toEqual({
      basis: 'predicted',
      co2Kg: zero,
      o2Kg: zero,
      co2KgPerYear: zero,
    });
    expect(treeImpact({ ...base, dead: false, aliveCount: 0 }).co2Kg).toEqual(zero);
  });

  it('scales a measured tree’s year-earlier size along its curve', () => {
    const at = yearsAfter(PLANTED, 4);
    const measured = computeTreeImpact({
      speciesValue: 1,
      size: 'packet',
      plantedAt: PLANTED,
      aliveCount: 1,
      dead: false,
      // Exactly the predicted size at age 5: the measured and predicted answers agree.
      measurement: { measuredAt: at.toISOString(), heightCm: 728.05, diameterCm: 10.1594 },
      at,
    });
    expect(measured.co2Kg.mid).toBeCloseTo(65.2142, 1);
    expect(measured.co2KgPerYear.mid).toBeCloseTo(33.0563, 1);
  });

  it('keeps low < mid < high for every living species, age and basis, after rounding', () => {
    for (const s of TREE_SPECIES)
      for (const years of [0, 0.1, 1, 3, 10, 40])
        for (const measurement of [null, { measuredAt: PLANTED, heightCm: 1, diameterCm: 0.1 }]) {
          const impact = treeImpact({
            speciesValue: s.value,
            size: 'packet',
            plantedAt: PLANTED,
            aliveCount: 1,
            dead: false,
            measurement,
            at: yearsAfter(PLANTED, years),
          });
          for (const r of [impact.co2Kg, impact.o2Kg, impact.co2KgPerYear]) {
            expect(r.low).toBeGreaterThan(0);
            expect(r.low).toBeLessThan(r.mid);
            expect(r.mid).toBeLessThan(r.high);
          }
        }
  });

  it('keeps O₂ at 32/44 of CO₂', () => {
    const impact = computeTreeImpact({
      speciesValue: 11,
      size: 'potted',
      plantedAt: PLANTED,
      aliveCount: 7,
      dead: false,
      at: yearsAfter(PLANTED, 3),
    });
    expect(impact.o2Kg.mid / impact.co2Kg.mid).toBeCloseTo(32 / 44, 12);
    expect(IMPACT_METHOD.o2PerCarbon / IMPACT_METHOD.co2PerCarbon).toBeCloseTo(32 / 44, 12);
  });
});

describe('ages, curves and helpers', () => {
  it('counts the nursery age of the sapling', () => {
    const now = new Date(PLANTED);
    expect(treeAgeYears(PLANTED, 'packet', now)).toBe(1);
    expect(treeAgeYears(PLANTED, 'potted', now)).toBe(2);
    expect(treeAgeYears(PLANTED, 'packet', yearsAfter(PLANTED, 2))).toBeCloseTo(3, 9);
    // A date after `at` does not make a tree younger than its nursery age.
    expect(treeAgeYears('2030-01-01T00:00:00Z', 'packet', now)).toBe(1);
  });

  it('has growth parameters for all 70 species, reaching the documented share at maturity', () => {
    expect(SPECIES_GROWTH).toHaveLength(70);
    for (const s of TREE_SPECIES) {
      const g = growthOfSpecies(s.value);
      expect(g.value).toBe(s.value);
      expect(g.woodDensity).toBe(s.woodDensity);
      const mature = predictSize(s.value, s.yearsToMaturity);
      expect(mature.heightM / g.height.max).toBeCloseTo(GROWTH_AT_MATURITY.height, 2);
      expect(mature.diameterCm / g.diameter.max).toBeCloseTo(GROWTH_AT_MATURITY.diameter, 2);
      expect(predictSize(s.value, 0)).toEqual({ heightM: 0, diameterCm: 0 });
    }
    expect(growthOfSpecies(999)).toBe(FALLBACK_GROWTH);
  });

  it('rounds to 4 significant digits and adds ranges', () => {
    expect(roundSignificant(65.214249)).toBe(65.21);
    expect(roundSignificant(0.000123456)).toBe(0.0001235);
    expect(roundSignificant(123456)).toBe(123500);
    expect(roundSignificant(0)).toBe(0);
    expect(
      addRanges([
        { low: 1, mid: 2, high: 3 },
        { low: 10, mid: 20, high: 30 },
      ]),
    ).toEqual({ low: 11, mid: 22, high: 33 });
  });
});
