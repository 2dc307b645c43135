import { describe, expect, it } from 'vitest';
import { anchoredSize } from '../../../contract/impact';
import { growthSeries } from './growth-series';
import { buildGrowth, buildTree } from './test-data';

describe('growthSeries', () => {
  it("draws the contract's curve through the latest measurement, from planting to the forecast's end", () => {
    const tree = buildTree();
    const growth = buildGrowth();
    const { height, diameter } = growthSeries(tree, growth);
    expect(height.measured).toEqual([{ x: 1.5, y: 80 }]);
    expect(diameter.measured).toEqual([{ x: 1.5, y: 1.5 }]);
    // A packet sapling counts as 1 year old on its planting day.
    expect(height.predicted[0]!.x).toBe(1);
    expect(height.predicted.at(-1)!.x).toBeCloseTo(growth.predicted.at(-1)!.ageYears, 9);
    const anchor = { ageYears: 1.5, size: { heightM: 0.8, diameterCm: 1.5 } };
    const atMeasurement = height.predicted.find((p) => Math.abs(p.x - 1.5) < 0.2)!;
    expect(atMeasurement.y).toBeCloseTo(anchoredSize(1, atMeasurement.x, anchor).heightM * 100, 9);
  });

  it('uses the species curve alone when nothing was measured', () => {
    const { height } = growthSeries(buildTree({ size: 'potted' }), buildGrowth({ measured: [] }));
    expect(height.measured).toEqual([]);
    expect(height.predicted[0]!.x).toBe(2);
  });
});
