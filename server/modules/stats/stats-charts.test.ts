import { afterEach, describe, expect, it } from 'vitest';
import { addRanges } from '../../../contract/impact';
import { buildDrive, buildTree, insertUser } from '../../../tests/support/factories';
import { curveCo2, roundRange } from '../../../tests/support/impact-expectations';
import { buildTestApp, movableClock, type TestApp } from '../../../tests/support/test-app';
import { databaseTargets } from '../../../tests/support/test-database';

const NOW = '2026-11-21T12:00:00.000Z';

describe.each(databaseTargets)('GET /api/stats/charts on $name', (target) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('is open to everyone and honest zeros on a fresh install', async () => {
    t = await buildTestApp(target, { clock: movableClock(NOW) });
    const res = await t.app.inject({ method: 'GET', url: '/api/stats/charts' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.treesPerMonth).toHaveLength(12);
    expect(data.treesPerMonth[0]).toEqual({ month: '2025-12', plants: 0, records: 0 });
    expect(data.treesPerMonth[11]).toEqual({ month: '2026-11', plants: 0, records: 0 });
    expect(data.speciesMix).toEqual([]);
    expect(data.drivesPerCountry).toEqual([]);
    expect(data.co2OverTime.at(-1)).toEqual({
      month: '2026-11',
      livingPlants: 0,
      co2Kg: { low: 0, mid: 0, high: 0 },
    });
  });

  it('counts registrations per month, the living species mix, CO₂ over time and drives per country', async () => {
    t = await buildTestApp(target, { clock: movableClock(NOW) });
    const db = t.database.db;
    const a = await insertUser(db);
    const org = await insertUser(db, { profile_type: 'corporate' });
    const neem = buildTree(a.id, {
      species_id: 1,
      tree_count: 3,
      alive_count: 3,
      planted_at: '2026-04-01T00:00:00.000Z',
      created_at: '2026-04-02T10:00:00.000Z',
    });
    const other = buildTree(a.id, {
      species_id: 9,
      tree_count: 5,
      alive_count: 4,
      planted_at: '2026-09-01T00:00:00.000Z',
      created_at: '2026-09-03T10:00:00.000Z',
    });
    const dead = buildTree(a.id, {
      species_id: 9,
      tree_count: 2,
      alive_count: 0,
      status: 'dead',
      status_changed_at: '2026-10-10T00:00:00.000Z',
      planted_at: '2026-09-01T00:00:00.000Z',
      created_at: '2026-09-04T10:00:00.000Z',
    });
    // Registered before the chart's first month: in the mix and CO₂, not in the months.
    const old = buildTree(a.id, {
      species_id: 1,
      tree_count: 1,
      alive_count: 1,
      planted_at: '2024-01-01T00:00:00.000Z',
      created_at: '2024-01-02T10:00:00.000Z',
    });
    await db.insertInto('trees').values([neem, other, dead, old]).execute();
    await db
      .insertInto('drives')
      .values([
        buildDrive(org.id, { country: 'KE' }),
        buildDrive(org.id, { country: 'KE' }),
        buildDrive(org.id, { country: 'IN' }),
      ])
      .execute();

    const data = (await t.app.inject('/api/stats/charts')).json().data;
    const month = (m: string) => data.treesPerMonth.find((p: { month: string }) => p.month === m);
    expect(month('2026-04')).toEqual({ month: '2026-04', plants: 3, records: 1 });
    expect(month('2026-09')).toEqual({ month: '2026-09', plants: 7, records: 2 });
    expect(month('2026-10')).toEqual({ month: '2026-10', plants: 0, records: 0 });
    expect(data.speciesMix).toEqual([
      { species: 1, label: expect.stringContaining('Neem'), plants: 4 },
      { species: 9, label: expect.any(String), plants: 4 },
    ]);
    expect(data.drivesPerCountry).toEqual([
      { country: 'KE', label: 'Kenya', drives: 2 },
      { country: 'IN', label: 'India', drives: 1 },
    ]);
    const sept = '2026-09-30T23:59:59.999Z';
    const point = (m: string) => data.co2OverTime.find((p: { month: string }) => p.month === m);
    // In September the dead record still stood (it died in October).
    expect(point('2026-09')).toEqual({
      month: '2026-09',
      livingPlants: 1 + 3 + 4 + 2,
      co2Kg: roundRange(
        addRanges([
          curveCo2(1, 1, old.planted_at, sept),
          curveCo2(1, 3, neem.planted_at, sept),
          curveCo2(9, 4, other.planted_at, sept),
          curveCo2(9, 2, dead.planted_at, sept),
        ]),
      ),
    });
    expect(point('2026-11').livingPlants).toBe(8);
    expect(point('2026-03').livingPlants).toBe(1);
  });
});
