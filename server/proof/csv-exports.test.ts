import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDonation, buildDrive, buildTree } from '../../tests/support/factories';
import { signedInUser } from '../../tests/support/signed-in';
import { buildTestApp, type TestApp } from '../../tests/support/test-app';
import { databaseTargets } from '../../tests/support/test-database';

type Doc = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>
  >;
};

/** Each CSV download with the query that asks for CSV (the OpenAPI document lists them all). */
const CSV_EXPORTS: Record<string, string> = {
  '/api/trees/export': '/api/trees/export?format=csv',
  '/api/donations/export.csv': '/api/donations/export.csv',
  '/api/reports/impact': '/api/reports/impact?from=2026-01-01&to=2026-12-31&format=csv',
};

const ACCENTED = 'Forêt de Zoë, "phase 2"';

describe.each(databaseTargets)('every CSV export ($name)', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(target);
  });
  afterAll(() => t.close());

  it('is a BOM-marked UTF-8 file with snake_case headers that a strict CSV parser reads', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Doc;
    const documented = Object.entries(doc.paths)
      .filter(([, ops]) => ops.get?.responses['200']?.content?.['text/csv'])
      .map(([path]) => path)
      .sort();
    expect(documented).toEqual(Object.keys(CSV_EXPORTS).sort());

    const org = await signedInUser(t.app, t.database.db, {
      profile_type: 'corporate',
      name: 'Zoë Forêts',
    });
    const db = t.database.db;
    const drive = buildDrive(org.user.id, {
      name: ACCENTED,
      starts_at: '2026-03-10T09:00:00.000Z',
    });
    await db.insertInto('drives').values(drive).execute();
    await db
      .insertInto('trees')
      .values(
        buildTree(org.user.id, { nickname: ACCENTED, planted_at: '2026-03-10T00:00:00.000Z' }),
      )
      .execute();
    await db
      .insertInto('donations')
      .values(
        buildDonation(org.user.id, {
          message: 'Grüße, «merci»',
          paid_at: '2026-03-11T10:00:00.000Z',
        }),
      )
      .execute();

    for (const [path, url] of Object.entries(CSV_EXPORTS)) {
      const res = await t.app.inject({ method: 'GET', url, headers: org.headers });
      expect(res.statusCode, `${path}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type'], path).toBe('text/csv; charset=utf-8');
      expect([...res.rawPayload.subarray(0, 3)], path).toEqual([0xef, 0xbb, 0xbf]);
      // csv-parse's defaults: every record must have as many fields as the first.
      const rows = parse(res.rawPayload, { bom: true }) as string[][];
      expect(rows.length, path).toBeGreaterThan(1);
      for (const header of rows[0]!)
        expect(header, path).toMatch(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/);
      expect(new Set(rows.map((row) => row.length)).size, path).toBe(1);
    }
    const trees = parse(
      (
        await t.app.inject({
          method: 'GET',
          url: CSV_EXPORTS['/api/trees/export']!,
          headers: org.headers,
        })
      ).rawPayload,
      { bom: true, columns: true },
    ) as Array<Record<string, string>>;
    expect(trees.map((row) => row.name)).toEqual([ACCENTED]);
  });
});
