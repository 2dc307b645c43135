import { describe, expect, it } from 'vitest';
import { speciesResponseSchema } from '../../../contract/tree-care';
import { TREE_MESSAGES, treeMapResponseSchema } from '../../../contract/trees';
import { databaseTargets } from '../../../tests/support/test-database';
import { treePhoto, treesTestKit, validTreeForm } from './tree-test-kit';

describe.each(databaseTargets)('managing, mapping and exporting trees on $name', (target) => {
  const kit = treesTestKit(target);
  const { register, call, db, sendForm } = kit;
  const fileIds = async () =>
    (await db().selectFrom('files').select('id').execute()).map((f) => f.id);

  describe('PATCH /api/trees/{id}', () => {
    it('is for the owner only', async () => {
      await kit.setup();
      const owner = await kit.signIn();
      const other = await kit.signIn();
      const { tree } = (await register(owner.headers)).json().data;
      const url = `/api/trees/${tree.id}`;
      expect((await sendForm('PATCH', url, {}, { treeName: 'x' })).statusCode).toBe(401);
      const refused = await sendForm('PATCH', url, other.headers, { treeName: 'mine now' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(TREE_MESSAGES.ownerOnly);
      expect((await sendForm('PATCH', '/api/trees/nope', owner.headers, {})).statusCode).toBe(404);
    });

    it('refuses invalid fields beside the field', async () => {
      await kit.setup();
      const owner = await kit.signIn();
      const { tree } = (await register(owner.headers)).json().data;
      const url = `/api/trees/${tree.id}`;
      const bad = await sendForm('PATCH', url, owner.headers, { treeCount: 'lots' });
      expect(bad.json()).toMatchObject({ field: 'treeCount', message: TREE_MESSAGES.countInvalid });
      const future = await sendForm('PATCH', url, owner.headers, { plantedAt: '2027-01-01' });
      expect(future.json()).toMatchObject({
        field: 'plantedAt',
        message: TREE_MESSAGES.plantedInFuture,
      });
    });

    it('changes only the fields sent, and replaces the photo', async () => {
      await kit.setup();
      const owner = await kit.signIn();
      const created = await sendForm('POST', '/api/trees', owner.headers, validTreeForm(), {
        data: await treePhoto(),
      });
      const { tree } = created.json().data;
      const [oldPhoto] = await fileIds();
      const res = await sendForm(
        'PATCH',
        `/api/trees/${tree.id}`,
        owner.headers,
        { treeName: '', treeCount: '20', treesType: '2' },
        { data: await treePhoto() },
      );
      expect(res.statusCode).toBe(200);
      const updated = res.json().data.tree;
      expect(updated).toMatchObject({
        name: null,
        count: 20,
        // All twelve were alive, so all twenty are.
        aliveCount: 20,
        species: { value: 2 },
        plantedAt: tree.plantedAt,
        location: tree.location,
      });
      expect(updated.photoUrl).not.toBe(tree.photoUrl);
      expect(await fileIds()).not.toContain(oldPhoto);
    });
  });

  describe('DELETE /api/trees/{id}', () => {
    it('is for the owner only, and takes the photo with it', async () => {
      await kit.setup();
      const owner = await kit.signIn();
      const other = await kit.signIn();
      const created = await sendForm('POST', '/api/trees', owner.headers, validTreeForm(), {
        data: await treePhoto(),
      });
      const url = `/api/trees/${created.json().data.tree.id}`;
      expect((await call('DELETE', url)).statusCode).toBe(401);
      expect((await call('DELETE', url, other.headers)).statusCode).toBe(403);
      expect((await call('DELETE', '/api/trees/nope', owner.headers)).statusCode).toBe(404);
      const res = await call('DELETE', url, owner.headers);
      expect(res.json()).toEqual({ success: true, message: TREE_MESSAGES.deleted });
      expect((await call('GET', url, owner.headers)).statusCode).toBe(404);
      expect(await fileIds()).toEqual([]);
    });
  });

  describe('GET /api/trees/map', () => {
    it('shows every member’s trees, rounded, with filters', async () => {
      await kit.setup();
      const me = await kit.signIn();
      const other = await kit.signIn();
      expect((await call('GET', '/api/trees/map')).statusCode).toBe(401);
      const neem = await kit.insertTree(other.user.id, { lat: 12.345678, lng: -45.678912 });
      const dead = await kit.insertTree(me.user.id, {
        species_id: 2,
        status: 'dead',
        alive_count: 0,
        lat: 50.1,
        lng: 179.9,
      });
      await kit.insertTree(me.user.id, { lat: null, lng: null });
      const all = treeMapResponseSchema.parse(
        (await call('GET', '/api/trees/map', me.headers)).json(),
      );
      expect(all.truncated).toBe(false);
      expect(all.data).toHaveLength(2);
      expect(all.data.find((p) => p.id === neem.id)).toEqual({
        id: neem.id,
        lat: 12.346,
        lng: -45.679,
        species: 1,
        count: 1,
        aliveCount: 1,
        status: 'healthy',
      });
      const ids = async (query: string) =>
        (await call('GET', `/api/trees/map?${query}`, me.headers))
          .json()
          .data.map((p: { id: string }) => p.id);
      expect(await ids('species=2')).toEqual([dead.id]);
      expect(await ids('status=dead')).toEqual([dead.id]);
      expect(await ids('status=healthy')).toEqual([neem.id]);
      expect(await ids('bbox=-50,10,-40,20')).toEqual([neem.id]);
      // West beyond east: the box crosses the antimeridian.
      expect(await ids('bbox=170,40,-170,60')).toEqual([dead.id]);
      for (const bad of ['species=71', 'status=sleeping', 'bbox=1,2,3'])
        expect((await call('GET', `/api/trees/map?${bad}`, me.headers)).statusCode).toBe(400);
    });
  });

  describe('GET /api/trees/export', () => {
    it('exports my trees as CSV with a header row', async () => {
      await kit.setup();
      const me = await kit.signIn();
      const other = await kit.signIn();
      expect((await call('GET', '/api/trees/export')).statusCode).toBe(401);
      await kit.insertTree(other.user.id, { nickname: 'not mine' });
      await register(me.headers, { treeName: '=HYPERLINK("x"), "quoted"' });
      const res = await call('GET', '/api/trees/export?format=csv', me.headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="canopy-trees-2026-06-01.csv"',
      );
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines).toHaveLength(2);
      // A byte-order mark first, so a spreadsheet reads the file as UTF-8.
      expect(lines[0]).toMatch(
        /^\uFEFFid,name,species_value,species,scientific_name,count,alive_count,/,
      );
      expect(lines[1]).toContain(`"'=HYPERLINK(""x""), ""quoted"""`);
      expect(lines[1]).toContain(',Neem,Azadirachta indica,12,12,packet,');
      expect(res.body).not.toContain('not mine');
    });

    it('exports valid RFC 7946 GeoJSON', async () => {
      await kit.setup();
      const me = await kit.signIn();
      const { tree } = (await register(me.headers)).json().data;
      const res = await call('GET', '/api/trees/export?format=geojson', me.headers);
      expect(res.headers['content-type']).toBe('application/geo+json; charset=utf-8');
      const geo = JSON.parse(res.body);
      expect(geo).toEqual({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            id: tree.id,
            geometry: { type: 'Point', coordinates: [77.219754, 28.593312] },
            properties: {
              name: 'Grandma’s neem',
              species: 'Neem',
              scientificName: 'Azadirachta indica',
              count: 12,
              aliveCount: 12,
              status: 'healthy',
              plantedAt: '2026-05-20T00:00:00.000Z',
              co2Kg: tree.impact.co2Kg.mid,
            },
          },
        ],
      });
      expect((await call('GET', '/api/trees/export?format=kml', me.headers)).statusCode).toBe(400);
    });
  });

  describe('GET /api/trees/species', () => {
    it('serves every species with its parameters and sources, to anyone', async () => {
      await kit.setup();
      const res = await call('GET', '/api/trees/species');
      expect(res.statusCode).toBe(200);
      const { data } = speciesResponseSchema.parse(res.json());
      expect(data.species).toHaveLength(70);
      expect(data.species[0]).toMatchObject({
        value: 1,
        scientificName: 'Azadirachta indica',
        woodDensity: 0.69,
        form: 'tree',
        height: { max: 20, k: 0.1231, p: 1.3 },
        diameter: { max: 60, k: 0.0589, p: 1.3 },
      });
      expect(data.sources.join(' ')).toContain('Chave');
      expect(data.sources.join(' ')).toContain('Zanne');
    });
  });
});
