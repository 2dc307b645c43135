import {
  growthOfSpecies,
  NURSERY_AGE_YEARS,
  type GrowthCurve,
} from '../../contract/species-growth';
import type { TreeSizeValue } from '../../contract/options';
import type { TreeCareLogTable } from '../../server/db/tables';
import { localHour, localTimeAfter } from './local-time';
import type { Random } from './random';
import { DAY_MS, YEAR_MS } from './random';

export interface MeasurementPoint {
  at: number;
  heightCm: number;
  diameterCm: number;
}

const curve = (c: GrowthCurve, years: number) => c.max * (1 - Math.exp(-c.k * years)) ** c.p;

/** A daytime moment on the local day `days` after `from`: morning before the heat, or evening. */
export function daytime(r: Random, from: number, days: number, timeZone: string): number {
  const morning = r.chance(0.65);
  const hour = morning ? r.int(6, 9) : r.int(16, 18);
  return localTimeAfter(from, days, hour, r.int(0, 59), timeZone).getTime();
}

/**
 * What a member would have measured: the species' Chapman–Richards curves (contract/species-growth)
 * from the sapling's nursery age, scaled by this tree's vigour, with tape-measure noise; every six
 * months or so from planting, and once recently. Sizes never shrink by more than a reading's error.
 */
export function measurementSeries(
  r: Random,
  input: {
    speciesId: number;
    size: TreeSizeValue;
    plantedAt: number;
    /** The last day it can be measured (today, or before it died). */
    until: number;
    timeZone: string;
  },
): MeasurementPoint[] {
  const growth = growthOfSpecies(input.speciesId);
  const vigour = r.between(0.8, 1.15);
  const points: MeasurementPoint[] = [];
  let prev = { h: 0, d: 0 };
  const add = (at: number) => {
    const years = NURSERY_AGE_YEARS[input.size] + (at - input.plantedAt) / YEAR_MS;
    const h = Math.max(
      prev.h * 0.99,
      curve(growth.height, years) * 100 * vigour * (1 + r.noise(0.08)),
    );
    const d = Math.max(prev.d * 0.99, curve(growth.diameter, years) * vigour * (1 + r.noise(0.1)));
    prev = { h, d };
    points.push({
      at,
      heightCm: Math.max(5, Math.round(h)),
      diameterCm: Math.max(0.2, Math.round(d * 10) / 10),
    });
  };
  // The first reading on planting day, half an hour after it went in.
  add(input.plantedAt + 30 * 60_000);
  let days = 0;
  for (;;) {
    days += r.int(170, 195);
    const at = daytime(r, input.plantedAt, days, input.timeZone);
    if (at > input.until) break;
    add(at);
  }
  // A recent reading, so the latest size is current (unless the last one is recent already).
  const last = points[points.length - 1]!.at;
  if (input.until - last > 45 * DAY_MS) {
    const at = daytime(r, input.until, -r.int(2, 25), input.timeZone);
    if (at > last && at < input.until) add(at);
  }
  return points;
}

type CareRow = Omit<TreeCareLogTable, 'id' | 'tree_id' | 'created_at'>;

const NOTES: Partial<Record<CareRow['action'], string[]>> = {
  watered: [
    'Two buckets, soil was dry.',
    'Rain all week, only topped up.',
    'Filled the basin again.',
  ],
  mulched: [
    'Fresh leaf mulch, kept it off the stem.',
    'Coconut husk mulch ring.',
    'Straw mulch before the hot months.',
  ],
  weeded: ['Cleared the grass around the basin.', 'Pulled creepers off the guard.'],
  pruned: ['Took off a crossing branch.', 'Lifted the lowest branches.', 'Removed a dead shoot.'],
  fertilised: ['Compost from the community pit.', 'A handful of vermicompost.'],
  protected: [
    'Tree guard fixed after goats nibbled it.',
    'New stake and a softer tie.',
    'Bamboo guard against grazing.',
  ],
};

/**
 * Care as people actually give it, following CARE_SCHEDULE: watering weekly in the first year and
 * fortnightly in the second (often missed in the rains), weeding and mulching each quarter for
 * two years, a guard at planting, pruning and compost once a year later on. `diligence` 0–1.
 */
export function carePlan(
  r: Random,
  input: { plantedAt: number; until: number; timeZone: string; diligence: number },
): CareRow[] {
  const rows: CareRow[] = [];
  const { plantedAt, until, timeZone, diligence } = input;
  const push = (action: CareRow['action'], day: number) => {
    const at = daytime(r, plantedAt, day, timeZone);
    if (at <= plantedAt || at >= until) return;
    const notes = NOTES[action];
    rows.push({
      action,
      done_at: new Date(at).toISOString(),
      note: notes && r.chance(0.12) ? r.pick(notes) : null,
    });
  };
  push('protected', 0);
  for (let day = 7; day < 730; day += day < 365 ? 7 : 14)
    if (r.chance(diligence * 0.9)) push('watered', day + r.int(-1, 1));
  for (let day = 90; day < 730; day += 91) {
    // The quarterly jobs are the ones people remember (a group comes out for them).
    if (r.chance(Math.min(1, diligence + 0.25))) push('weeded', day + r.int(-6, 6));
    if (r.chance(Math.min(1, diligence + 0.25))) push('mulched', day + r.int(-6, 6));
  }
  for (let day = 365; day < 6 * 365; day += 365) {
    if (r.chance(diligence * 0.8)) push('pruned', day + r.int(-20, 40));
    if (r.chance(diligence * 0.6)) push('fertilised', day + r.int(-30, 30));
  }
  return rows;
}

/** Whether an instant falls in local daytime (06:00–20:00) in a zone: what the test checks. */
export const isLocalDaytime = (instant: number, timeZone: string) => {
  const hour = localHour(instant, timeZone);
  return hour >= 6 && hour < 20;
};
