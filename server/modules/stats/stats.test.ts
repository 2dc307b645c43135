import { afterEach, describe, expect, it } from 'vitest';
import { computeTreeImpact } from '../../../contract/impact';
import { buildDonation, buildDrive, buildTree, insertUser } from '../../../tests/support/factories';
import { buildTestApp, movableClock, type TestApp } from '../../../tests/support/test-app';
import { treesRepository } from '../trees/trees.repository';
import { databaseTargets } from '../../../tests/support/test-database';

const NOW = '2026-11-21T12:00:00.000Z';

describe.each(databaseTargets)('GET /api/stats on $name', (target) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('is honest zeros on a fresh install', async () => {
    t = await buildTestApp(target, { clock: movableClock(NOW) });
    const res = await t.app.inject({ method: 'GET', url: '/api/stats' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        treesFunded: 0,
        treesPlanted: 0,
        treesAliveChecked: 0,
        treesVerified: 0,
        treesUnconfirmed: 0,
        treesRegistered: 0,
        treesDonated: 0,
        moneyRaisedMinor: 0,
        currency: 'USD',
        drivesCreated: 0,
        volunteerHours: 0,
        co2Kg: 0,
        o2Kg: 0,
        members: 0,
        countries: 0,
        computedAt: NOW,
      },
    });
  });

  it('computes every figure from the stored rows', async () => {
    const clock = movableClock(NOW);
    t = await buildTestApp(target, { clock });
    const db = t.database.db;
    const organiser = await insertUser(db, { profile_type: 'corporate' });
    const a = await insertUser(db);
    const b = await insertUser(db);
    await insertUser(db, { verified_at: null }); // unverified: not a member yet

    const past = buildDrive(organiser.id, {
      starts_at: '2026-06-01T08:00:00.000Z',
      duration_hours: 3,
      country: 'India',
    });
    const past2 = buildDrive(organiser.id, {
      starts_at: '2026-07-01T08:00:00.000Z',
      duration_hours: 2,
      country: 'Kenya',
    });
    const future = buildDrive(organiser.id, {
      starts_at: '2027-01-01T08:00:00.000Z',
      duration_hours: 5,
      country: 'India',
    });
    await db.insertInto('drives').values([past, past2, future]).execute();
    await db
      .insertInto('drive_participants')
      .values([
        { drive_id: past.id, user_id: a.id, joined_at: NOW },
        { drive_id: past.id, user_id: b.id, joined_at: NOW },
        { drive_id: past2.id, user_id: a.id, joined_at: NOW },
        { drive_id: future.id, user_id: b.id, joined_at: NOW },
      ])
      .execute();

    // Through the trees repository, which keeps the community summary (tree_impact_cohorts).
    for (const tree of [
      buildTree(a.id, { species_id: 1, planted_at: '2024-11-15T00:00:00.000Z' }),
      buildTree(a.id, { species_id: 1, planted_at: '2024-11-03T00:00:00.000Z' }),
      buildTree(b.id, { species_id: 9, planted_at: '2025-11-15T10:00:00.000Z' }),
      buildTree(b.id, { species_id: 9, planted_at: '2025-11-15T10:00:00.000Z', status: 'dead' }),
    ])
      await treesRepository(db).insert(tree);

    await db
      .insertInto('donations')
      .values([
        buildDonation(a.id, { kind: 'cash', amount_minor: 2500 }),
        buildDonation(b.id, { kind: 'cash', amount_minor: 10000 }),
        buildDonation(b.id, { kind: 'cash', amount_minor: 99999, status: 'failed' }),
        buildDonation(a.id, { kind: 'trees', trees: 12, amount_minor: 6000 }),
        buildDonation(b.id, { kind: 'trees', trees: 7, amount_minor: 3500, status: 'refunded' }),
        buildDonation(a.id, { kind: 'trees', trees: 40, amount_minor: 20000, status: 'pending' }),
      ])
      .execute();
    // What fulfilment keeps beside those rows (0020): the paid ones, trees and cash.
    await db
      .insertInto('donation_totals')
      .values({ currency: 'USD', amount_minor: 2500 + 10000 + 6000, trees: 12, donations: 3 })
      .execute();

    const res = await t.app.inject({ method: 'GET', url: '/api/stats' });
    const data = res.json().data;
    // Living plants only, by the one impact method (contract/impact.ts), per planting day.
    const impact = (speciesValue: number, day: string) =>
      computeTreeImpact({
        speciesValue,
        size: 'packet',
        plantedAt: `${day}T00:00:00.000Z`,
        aliveCount: 1,
        dead: false,
        at: new Date(NOW),
      });
    const living = [impact(1, '2024-11-15'), impact(1, '2024-11-03'), impact(9, '2025-11-15')];
    const expectedCo2 = living.reduce((sum, i) => sum + i.co2Kg.mid, 0);
    const expectedO2 = living.reduce((sum, i) => sum + i.o2Kg.mid, 0);
    expect(data).toMatchObject({
      treesRegistered: 3,
      treesDonated: 12,
      moneyRaisedMinor: 18500,
      drivesCreated: 3,
      countries: 2,
      // Attended hours: nobody checked in, so the organisers' hours of the started drives (3 + 2);
      // the three RSVPs count nothing.
      volunteerHours: 5,
      members: 3,
    });
    expect(data.co2Kg).toBeGreaterThan(0);
    expect(data.co2Kg).toBe(Math.round(expectedCo2));
    expect(data.o2Kg).toBe(Math.round(expectedO2));
  });

  it('caches for 30 seconds, then recomputes', async () => {
    const clock = movableClock(NOW);
    t = await buildTestApp(target, { clock });
    const user = await insertUser(t.database.db);
    expect((await t.app.inject('/api/stats')).json().data.treesRegistered).toBe(0);
    await treesRepository(t.database.db).insert(buildTree(user.id));
    clock.advance(10_000);
    expect((await t.app.inject('/api/stats')).json().data.treesRegistered).toBe(0);
    clock.advance(21_000);
    expect((await t.app.inject('/api/stats')).json().data.treesRegistered).toBe(1);
  });
});
