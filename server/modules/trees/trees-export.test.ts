import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { TREE_EXPORT_MAX, type Tree } from '../../../contract/trees';
import { buildTree } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import type { NewTree } from '../../db/tables';
import {
  TREE_EXPORT_BATCH,
  treeExport,
  treeExportStream,
  treesCsv,
  treesGeoJson,
  type TreeExportKey,
  type TreeExportReader,
} from './tree-export';
import { toTree, type TreeWithOwner } from './tree-mapper';
import { treesRepository } from './trees.repository';
import { NOW, treesTestKit } from './tree-test-kit';

/** Streamed exports (issue 20): keyset batches written as read, the same bytes as before. */

const OWNER = 'owner-1';
/** `n` trees as the API shows them, newest registration first; every third shares a moment. */
function fakeTrees(n: number): Tree[] {
  const rows = Array.from({ length: n }, (_, i) =>
    buildTree(OWNER, {
      id: `t-${String(i).padStart(5, '0')}`,
      nickname: i % 7 === 0 ? `=SUM("a", ${i})` : i % 5 === 0 ? null : `Tree, ${i}`,
      lat: i % 4 === 0 ? null : 12.5 + i / 1000,
      lng: i % 4 === 0 ? null : -77.25,
      species_id: 1 + (i % 70),
      created_at: new Date(Date.parse(NOW) - Math.floor(i / 3) * 1000).toISOString(),
    }),
  );
  return rows
    .map((r) =>
      toTree(
        {
          ...r,
          replaced_by_id: null,
          owner_name: 'Me',
          owner_username: 'me',
          owner_deleted_at: null,
        } as TreeWithOwner,
        { callerId: OWNER, now: new Date(NOW) },
      ),
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

/** A reader over `trees` (already in export order), as the repository pages them by keyset. */
function readerOver(trees: Tree[], calls: Array<{ after: TreeExportKey | null; limit: number }>) {
  const read: TreeExportReader = async (after, limit) => {
    calls.push({ after, limit });
    const start = after
      ? trees.findIndex(
          (t) =>
            t.createdAt < after.createdAt || (t.createdAt === after.createdAt && t.id < after.id),
        )
      : 0;
    return start < 0 ? [] : trees.slice(start, start + limit);
  };
  return read;
}

async function collect(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

describe('treeExportStream', () => {
  it('writes the same bytes as the whole-file CSV and GeoJSON, batch by batch', async () => {
    const B = TREE_EXPORT_BATCH;
    for (const n of [0, 1, B - 1, B, B + 1, 1234]) {
      const trees = fakeTrees(n);
      const calls: Array<{ after: TreeExportKey | null; limit: number }> = [];
      const csv = await collect(await treeExportStream(readerOver(trees, calls), 'csv'));
      expect(csv, `${n} trees`).toBe(treesCsv(trees));
      // Keyset batches: one more read only when the last batch was full.
      expect(calls.length, `${n} trees`).toBe(Math.floor(n / B) + 1);
      expect(calls.slice(1).map((c) => c.after)).toEqual(
        calls.slice(1).map((_, i) => ({
          createdAt: trees[(i + 1) * B - 1]!.createdAt,
          id: trees[(i + 1) * B - 1]!.id,
        })),
      );
      const geo = await collect(await treeExportStream(readerOver(trees, []), 'geojson'));
      expect(geo, `${n} trees`).toBe(JSON.stringify(treesGeoJson(trees)));
    }
  });

  it('stops at the export limit', async () => {
    const trees = fakeTrees(1234);
    const calls: Array<{ after: TreeExportKey | null; limit: number }> = [];
    const csv = await collect(
      await treeExportStream(readerOver(trees, calls), 'csv', { batch: 100, max: 250 }),
    );
    expect(csv).toBe(treesCsv(trees.slice(0, 250)));
    expect(calls.map((c) => c.limit)).toEqual([100, 100, 50]);
    expect(TREE_EXPORT_MAX).toBe(10_000);
  });

  it('lets the event loop run between batches', async () => {
    const trees = fakeTrees(2000);
    let turns = 0;
    const seen: number[] = [];
    const read = readerOver(trees, []);
    const counting: TreeExportReader = (after, limit) => {
      seen.push(turns);
      return read(after, limit);
    };
    // A turn of the event loop each: it runs between two batches only if the export yields.
    let running = true;
    const tick = () => {
      turns++;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    try {
      // A reader that answers at once (as better-sqlite3 does) still lets others run.
      await collect(await treeExportStream(counting, 'csv'));
    } finally {
      running = false;
    }
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);
  });

  it('fails before the answer starts when the first read fails, and errors the stream later', async () => {
    const boom = new Error('database went away');
    await expect(treeExportStream(() => Promise.reject(boom), 'csv')).rejects.toBe(boom);
    const trees = fakeTrees(1200);
    const read = readerOver(trees, []);
    const stream = await treeExportStream(
      (after, limit) => (after ? Promise.reject(boom) : read(after, limit)),
      'geojson',
    );
    const chunks: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of stream) chunks.push(String(chunk));
      })(),
    ).rejects.toBe(boom);
    // What was written is not a whole document.
    expect(() => JSON.parse(chunks.join(''))).toThrow();
  });
});

describe.each(databaseTargets)('GET /api/trees/export streamed on $name', (target) => {
  const kit = treesTestKit(target);
  const { call, db } = kit;

  /** Inserts `n` trees of the owner, some sharing a registration moment, one replaced. */
  async function insertTrees(ownerId: string, n: number): Promise<NewTree[]> {
    const rows = Array.from({ length: n }, (_, i) =>
      buildTree(ownerId, {
        nickname: i % 9 === 0 ? `+"quoted", ${i}` : i % 4 === 0 ? null : `Oak ${i}`,
        lat: i % 6 === 0 ? null : 28.5 + i / 10_000,
        lng: i % 6 === 0 ? null : 77.2,
        species_id: 1 + (i % 70),
        status: i % 11 === 0 ? 'dead' : 'alive',
        created_at: new Date(Date.parse(NOW) - Math.floor(i / 4) * 60_000).toISOString(),
      }),
    );
    for (let i = 0; i < rows.length; i += 500)
      await db()
        .insertInto('trees')
        .values(rows.slice(i, i + 500))
        .execute();
    // A replanting: the dead first tree is replaced by the second (replaced_by_id in the export).
    await db()
      .updateTable('trees')
      .set({ replaces_tree_id: rows[0]!.id })
      .where('id', '=', rows[1]!.id)
      .execute();
    return rows;
  }

  /** The file as the whole-file export made it: one OFFSET read of every tree, then treesCsv. */
  async function wholeFile(ownerId: string) {
    const records = await treesRepository(db()).listRecordsByOwner(ownerId, TREE_EXPORT_MAX);
    const user = await db()
      .selectFrom('users')
      .select(['name', 'username'])
      .where('id', '=', ownerId)
      .executeTakeFirstOrThrow();
    const trees = records.map((r) =>
      toTree(
        { ...r, owner_name: user.name, owner_username: user.username, owner_deleted_at: null },
        { callerId: ownerId, now: new Date(NOW) },
      ),
    );
    return { csv: treesCsv(trees), geojson: JSON.stringify(treesGeoJson(trees)) };
  }

  it('sends a few thousand trees byte for byte as the whole-file export did', async () => {
    await kit.setup();
    const me = await kit.signIn();
    const other = await kit.signIn();
    await insertTrees(me.user.id, 2_345);
    await insertTrees(other.user.id, 30);
    const want = await wholeFile(me.user.id);
    expect(want.csv.split('\r\n')).toHaveLength(2_345 + 2);

    const csv = await call('GET', '/api/trees/export?format=csv', me.headers);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="canopy-trees-2026-06-01.csv"',
    );
    // The route asks for private, no-store; the security headers make every signed-in answer no-store.
    expect(csv.headers['cache-control']).toBe('no-store');
    expect(csv.body).toBe(want.csv);

    const geo = await call('GET', '/api/trees/export?format=geojson', me.headers);
    expect(geo.headers['content-type']).toBe('application/geo+json; charset=utf-8');
    expect(geo.headers['content-disposition']).toBe(
      'attachment; filename="canopy-trees-2026-06-01.geojson"',
    );
    expect(geo.body).toBe(want.geojson);
    expect(JSON.parse(geo.body).features).toHaveLength(2_345);

    // Compressed on the way (the compression plugin takes the stream): the same bytes inside.
    const gz = await kit.app().inject({
      method: 'GET',
      url: '/api/trees/export?format=csv',
      headers: { ...me.headers, 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(want.csv);
  });

  it('cuts the response off, and keeps serving, when the database fails mid-stream', async () => {
    await kit.setup();
    const me = await kit.signIn();
    await insertTrees(me.user.id, 1_200);
    const services = kit.services();
    const real = services.trees.exportFile.bind(services.trees);
    const boom = new Error('connection to the database lost');
    // The real first batch, then the database fails on the second.
    vi.spyOn(services.trees, 'exportFile').mockImplementation(async (userId, format) => {
      const file = await real(userId, format);
      file.body.destroy();
      let reads = 0;
      return treeExport(
        async (after, limit) => {
          if (++reads > 1) throw boom;
          const rows = await treesRepository(db()).ownerRecordsAfter(userId, after, limit);
          return rows.map((r) =>
            toTree(
              { ...r, owner_name: null, owner_username: 'me', owner_deleted_at: null },
              { callerId: userId, now: new Date(NOW) },
            ),
          );
        },
        format,
        new Date(NOW),
      );
    });
    const app = kit.app();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const get = (path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; complete: boolean; body: string; failed: boolean }>(
        (resolve) => {
          const req = http.get({ host: '127.0.0.1', port, path, headers }, (res) => {
            const chunks: Buffer[] = [];
            let failed = false;
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('error', () => (failed = true));
            res.on('aborted', () => (failed = true));
            res.on('close', () =>
              resolve({
                status: res.statusCode ?? 0,
                complete: res.complete,
                body: Buffer.concat(chunks).toString('utf8'),
                failed,
              }),
            );
          });
          req.on('error', () => resolve({ status: 0, complete: false, body: '', failed: true }));
        },
      );
    for (const encoding of ['identity', 'gzip']) {
      const res = await get('/api/trees/export?format=geojson', {
        ...me.headers,
        'accept-encoding': encoding,
      });
      // Either the headers had gone, so the status is 200 but the message never completes, or
      // (compressed, nothing flushed yet) the answer is an error: no client can take the part
      // for the whole file.
      expect(res.status === 200 && res.complete, encoding).toBe(false);
      if (encoding === 'identity' && res.status === 200) {
        expect(res.body.startsWith('{"type":"FeatureCollection","features":[')).toBe(true);
        expect(() => JSON.parse(res.body)).toThrow();
      }
    }
    // The server is still up and answering.
    const after = await get('/api/health', {});
    expect(after.status).toBe(200);
    expect(after.complete).toBe(true);
    expect((await call('GET', '/api/trees/export?format=csv', {})).statusCode).toBe(401);
  });

  it('has the latest size the Integration page promises: the newest measurement, not the last one sent (issue 23)', async () => {
    await kit.setup();
    const me = await kit.signIn();
    const measured = (await kit.registerOnPlantingDay(me.headers, { treeName: 'Measured' })).json()
      .data.tree as { id: string };
    await kit.registerOnPlantingDay(me.headers, { treeName: 'Never measured' });
    const measure = (measuredAt: string, heightCm: number, diameterCm: number) =>
      call('POST', `/api/trees/${measured.id}/measurements`, me.headers, {
        measuredAt,
        heightCm,
        diameterCm,
      });
    expect((await measure('2026-05-25', 80, 1.2)).statusCode).toBe(201);
    expect((await measure('2026-05-31', 120.5, 1.5)).statusCode).toBe(201);
    // A reading from before the newest one is kept, but the latest size stays the newest.
    expect((await measure('2026-05-28', 95, 1.3)).statusCode).toBe(201);

    const res = await call('GET', '/api/trees/export?format=csv', me.headers);
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = res.body.split('\r\n').filter(Boolean);
    const columns = header!.split(',');
    expect(columns).toEqual(
      expect.arrayContaining(['latest_height_cm', 'latest_diameter_cm', 'latest_measured_at']),
    );
    const named = (name: string) => {
      const cells = rows.find((r) => r.split(',')[1] === name)!.split(',');
      return Object.fromEntries(columns.map((c, i) => [c, cells[i]]));
    };
    expect(named('Measured')).toMatchObject({
      latest_height_cm: '120.5',
      latest_diameter_cm: '1.5',
      latest_measured_at: '2026-05-31T00:00:00.000Z',
    });
    expect(named('Never measured')).toMatchObject({
      latest_height_cm: '',
      latest_diameter_cm: '',
      latest_measured_at: '',
    });
  });
});
