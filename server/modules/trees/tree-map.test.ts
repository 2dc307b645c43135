import { CompiledQuery, sql, type Kysely, type RootOperationNode } from 'kysely';
import { describe, expect, it } from 'vitest';
import { treeMapResponseSchema, type TreeMapPoint } from '../../../contract/trees';
import { buildTree } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import type { Database, NewTree } from '../../db/tables';
import { treeMapRepository } from './tree-map.repository';
import { treesTestKit, type Headers } from './tree-test-kit';

/** Cities with trees around them (degrees). */
const CITIES = {
  delhi: { lat: 28.61, lng: 77.21 },
  nairobi: { lat: -1.29, lng: 36.82 },
  lima: { lat: -12.05, lng: -77.04 },
  fiji: { lat: -17.7, lng: 179.95 },
} as const;

/** `n` trees scattered within ~5 km of a place, `seed` keeping them the same every run. */
function around(ownerId: string, at: { lat: number; lng: number }, n: number, seed = 1) {
  let s = seed;
  const random = () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
  return Array.from({ length: n }, () =>
    buildTree(ownerId, {
      lat: at.lat + (random() - 0.5) * 0.1,
      lng: Math.max(-180, Math.min(180, at.lng + (random() - 0.5) * 0.1)),
    }),
  );
}

async function insertAll(db: Kysely<Database>, trees: NewTree[]) {
  for (let i = 0; i < trees.length; i += 500)
    await db
      .insertInto('trees')
      .values(trees.slice(i, i + 500))
      .execute();
}

describe.each(databaseTargets)('the trees map by box and zoom on $name', (target) => {
  const kit = treesTestKit(target);
  const { call, db } = kit;
  const map = async (query: string, headers: Headers) => {
    const res = await call('GET', `/api/trees/map?${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return { ...treeMapResponseSchema.parse(res.json()), bytes: res.body.length };
  };
  const records = (answer: { data: TreeMapPoint[]; clusters: { count: number }[] }) =>
    answer.data.length + answer.clusters.reduce((sum, c) => sum + c.count, 0);

  it('is for members, and refuses a bad box or zoom with a clear message', async () => {
    await kit.setup();
    const me = await kit.signIn();
    expect((await call('GET', '/api/trees/map?zoom=3')).statusCode).toBe(401);
    for (const bad of ['zoom=21', 'zoom=-1', 'zoom=2.5', 'zoom=far']) {
      const res = await call('GET', `/api/trees/map?${bad}`, me.headers);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toContain('zoom must be a whole number from 0 to 20.');
    }
    for (const bad of ['bbox=1,2,3', 'bbox=0,10,5,5', 'bbox=0,-91,5,5', 'bbox=-181,0,5,5']) {
      const res = await call('GET', `/api/trees/map?${bad}&zoom=4`, me.headers);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/bbox must be minLng,minLat,maxLng,maxLat/);
    }
  });

  it('clusters on a grid at low zoom: the counts add up to the trees in the box', async () => {
    await kit.setup();
    const me = await kit.signIn();
    const other = await kit.signIn();
    await insertAll(db(), [
      ...around(other.user.id, CITIES.delhi, 120, 1),
      ...around(me.user.id, CITIES.nairobi, 40, 2),
      ...around(other.user.id, CITIES.lima, 25, 3),
      ...around(other.user.id, CITIES.fiji, 10, 4),
      buildTree(other.user.id, { lat: null, lng: null }),
    ]);
    const lonely = await kit.insertTree(other.user.id, { lat: 64.1234567, lng: -21.9876543 });

    const world = await map('zoom=2', me.headers);
    expect(records(world)).toBe(196);
    expect(world.truncated).toBe(false);
    // Each city is one cluster at a world zoom, the lone tree (Reykjavik) a tree, rounded.
    expect(world.clusters.map((c) => c.count)).toEqual([120, 40, 25, 10]);
    expect(world.data).toEqual([
      expect.objectContaining({ id: lonely.id, lat: 64.123, lng: -21.988, count: 1 }),
    ]);
    const delhi = world.clusters[0]!;
    expect(Math.abs(delhi.lat - CITIES.delhi.lat)).toBeLessThan(0.05);
    expect(Math.abs(delhi.lng - CITIES.delhi.lng)).toBeLessThan(0.05);
    // Without a zoom (clients before clusters): the trees themselves; a box keeps only its trees.
    const unzoomed = await map('bbox=170,-30,-170,0', me.headers);
    expect(unzoomed.clusters).toEqual([]);
    expect(unzoomed.data).toHaveLength(10);
    expect(records(await map('bbox=70,20,80,35&zoom=5', me.headers))).toBe(120);
    expect(records(await map('bbox=70,20,80,35&zoom=5&species=2', me.headers))).toBe(0);
    expect(records(await map('bbox=70,20,80,35&zoom=5&status=healthy', me.headers))).toBe(120);
    // Across the antimeridian: Fiji's trees either side of 180° stay one cluster.
    const fiji = await map('bbox=170,-30,-170,0&zoom=4', me.headers);
    expect(fiji.clusters).toEqual([expect.objectContaining({ count: 10 })]);
    // Closer in, the clusters split; at a street zoom the trees themselves, newest first.
    const city = await map('bbox=77.1,28.5,77.3,28.7&zoom=12', me.headers);
    expect(records(city)).toBe(120);
    expect(city.clusters.length).toBeGreaterThan(1);
    const street = await map('bbox=77.19,28.59,77.22,28.62&zoom=16', me.headers);
    expect(street.clusters).toEqual([]);
    expect(street.data.length).toBeGreaterThan(0);
    for (const tree of street.data) {
      expect(tree.lat).toBeGreaterThanOrEqual(28.59);
      expect(tree.lat).toBeLessThanOrEqual(28.62);
    }
    // A street zoom claimed for a whole country is clustered all the same.
    const claimed = await map('bbox=60,5,100,40&zoom=18', me.headers);
    expect(claimed.clusters.length).toBeGreaterThan(0);
  });

  it('keeps the index in step when a tree moves, changes or goes', async () => {
    await kit.setup();
    const me = await kit.signIn();
    const tree = await kit.insertTree(me.user.id, { lat: 10.5, lng: 20.5 });
    const ids = async (query: string) =>
      (await map(`${query}&zoom=8`, me.headers)).data.map((t) => t.id);
    expect(await ids('bbox=20,10,21,11')).toEqual([tree.id]);
    await db()
      .updateTable('trees')
      .set({ lat: -10.5, lng: -20.5 })
      .where('id', '=', tree.id)
      .execute();
    expect(await ids('bbox=20,10,21,11')).toEqual([]);
    expect(await ids('bbox=-21,-11,-20,-10')).toEqual([tree.id]);
    await db()
      .updateTable('trees')
      .set({ status: 'dead', alive_count: 0 })
      .where('id', '=', tree.id)
      .execute();
    expect(await ids('bbox=-21,-11,-20,-10&status=dead')).toEqual([tree.id]);
    expect(await ids('bbox=-21,-11,-20,-10&status=healthy')).toEqual([]);
    await db().updateTable('trees').set({ lat: null }).where('id', '=', tree.id).execute();
    expect(await ids('bbox=-21,-11,-20,-10')).toEqual([]);
    await db().updateTable('trees').set({ lat: 5, lng: 5 }).where('id', '=', tree.id).execute();
    expect(await ids('bbox=4,4,6,6')).toEqual([tree.id]);
    await db().deleteFrom('trees').where('id', '=', tree.id).execute();
    expect(await ids('bbox=4,4,6,6')).toEqual([]);
  });

  it('answers the world in under 50 KB however many trees there are', async () => {
    await kit.setup();
    const me = await kit.signIn();
    let s = 7;
    const random = () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
    await insertAll(
      db(),
      Array.from({ length: 4000 }, () =>
        buildTree(me.user.id, { lat: random() * 140 - 70, lng: random() * 360 - 180 }),
      ),
    );
    for (const query of ['zoom=0', 'zoom=2', 'zoom=3&bbox=-180,-85,180,85', 'zoom=18']) {
      const answer = await map(query, me.headers);
      expect(records(answer), query).toBe(4000);
      expect(answer.bytes, query).toBeLessThan(50_000);
    }
  });

  it('reads the spatial index (R*Tree on SQLite, GiST on PostgreSQL)', async () => {
    await kit.setup();
    const me = await kit.signIn();
    await insertAll(db(), around(me.user.id, CITIES.delhi, 50));
    const plans = await db()
      .transaction()
      .execute(async (tx) => {
        const postgres = target.name !== 'sqlite';
        if (postgres) await sql`set local enable_seqscan = off`.execute(tx);
        // Catch the queries the repository sends, and ask the database how it would run them.
        const nodes: RootOperationNode[] = [];
        const caught = tx.withPlugin({
          transformQuery: ({ node }) => (nodes.push(node), node),
          transformResult: async ({ result }) => result,
        });
        const repo = treeMapRepository(caught);
        await repo.cells([77, 28, 78, 29], 0.01, {});
        await repo.trees([77, 28, 78, 29], { species: 1 }, 10);
        const queries = new Map(
          nodes.map((node) => {
            const query = tx.getExecutor().compileQuery(node, { queryId: 'plan' });
            return [query.sql, query] as const;
          }),
        );
        const out: string[] = [];
        for (const compiled of queries.values()) {
          const explain = postgres ? 'explain ' : 'explain query plan ';
          const { rows } = await tx.executeQuery(
            CompiledQuery.raw(explain + compiled.sql, [...compiled.parameters]),
          );
          out.push(rows.map((r) => Object.values(r as object).join(' ')).join('\n'));
        }
        return out;
      });
    expect(plans.length).toBeGreaterThanOrEqual(2);
    for (const plan of plans)
      expect(plan).toMatch(
        target.name === 'sqlite' ? /trees_geo VIRTUAL TABLE INDEX/ : /trees_geo_gist/,
      );
  });
});
