import { describe, expect, it } from 'vitest';
import { PUBLIC_MAP_MAX_ZOOM } from '../../../contract/landing';
import { buildTree, insertUser } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import { useTestApp } from '../../../tests/support/use-test-app';
import { treeMapRepository } from './tree-map.repository';

/**
 * GET /api/trees/public-map (issue 23, the landing page's map): public; counts in the grid's
 * cells at a coarse level, places rounded to 0.1°; never a tree, an id or an owner.
 */
const NOW = '2026-06-15T12:00:00.000Z';

interface Answer {
  success: true;
  clusters: { lat: number; lng: number; count: number }[];
  total: number;
}

describe.each(databaseTargets)('the public trees map on $name', (target) => {
  const api = useTestApp(target, NOW);
  const { clock, setup } = api;
  const ask = async (query: string) => {
    clock.advance(61_000); // past the cached view's 60 s
    return api.app.inject({ url: `/api/trees/public-map${query}` });
  };

  it('answers without a session', async () => {
    await setup();
    const res = await ask('');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Answer>()).toEqual({ success: true, clusters: [], total: 0 });
  });

  it('refuses a box or zoom that is not one', async () => {
    await setup();
    for (const query of [
      '?zoom=-1',
      '?zoom=21',
      '?zoom=1.5',
      '?zoom=abc',
      '?bbox=1,2,3',
      '?bbox=0,95,10,96',
      '?bbox=0,10,10,5',
      "?bbox=1,2,3,4'--",
    ]) {
      const res = await ask(query);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('sends counts at rounded places only, however close the view', async () => {
    const db = await setup();
    const owner = await insertUser(db, { name: 'Hidden Owner' });
    await db
      .insertInto('trees')
      .values([
        buildTree(owner.id, { lat: 28.61234, lng: 77.20987, tree_count: 3 }),
        buildTree(owner.id, { lat: 28.61301, lng: 77.21011, tree_count: 2 }),
        buildTree(owner.id, { lat: 40.41678, lng: -3.70379, tree_count: 1 }),
        buildTree(owner.id, { lat: null, lng: null, tree_count: 9 }),
      ])
      .execute();
    await treeMapRepository(db).rebuildGrid();

    const world = (await ask('?zoom=2')).json<Answer>();
    expect(world.total).toBe(6);
    expect(world.clusters.map((c) => c.count).sort()).toEqual([1, 5]);
    for (const c of world.clusters) {
      expect(c.lat * 10).toBeCloseTo(Math.round(c.lat * 10), 9);
      expect(c.lng * 10).toBeCloseTo(Math.round(c.lng * 10), 9);
      expect(Object.keys(c).sort()).toEqual(['count', 'lat', 'lng']);
    }
    // A street zoom is answered at PUBLIC_MAP_MAX_ZOOM's grid: still a count, still rounded.
    const close = (await ask('?bbox=77.2,28.6,77.22,28.62&zoom=18')).json<Answer>();
    expect(close.clusters).toEqual([{ lat: 28.6, lng: 77.2, count: 5 }]);
    expect(JSON.stringify(close)).not.toMatch(/Hidden|id/);
    expect(PUBLIC_MAP_MAX_ZOOM).toBeLessThanOrEqual(8);
  });
});
