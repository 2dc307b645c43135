import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiToken } from '../support/drives-e2e';
import { signedInAccount } from '../support/shell-session';

test('My Trees exports the trees as CSV and GeoJSON files, streamed whole, newest first', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { email } = await signedInAccount(page);
  const token = await apiToken(page.request, email);
  const names = ['First oak', 'Second, "quoted" oak', 'Third oak'];
  for (const treeName of names) {
    const created = await page.request.post('/api/trees', {
      headers: { 'x-auth-token': token },
      multipart: {
        treesType: '2',
        treeCount: '3',
        treeSize: 'potted',
        plantedAt: '2025-01-15',
        treeLat: '12.9763',
        treeLong: '77.5929',
        treeLocation: 'Cubbon Park, Bengaluru',
        treeName,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }

  await page.goto('/app/my-trees');
  await expect(page.getByTestId('tree-card')).toHaveCount(3);
  const exports = page.getByRole('group', { name: 'Export my trees' });

  const csvDownload = page.waitForEvent('download');
  await exports.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^canopy-trees-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await csv.path())!, 'utf8');
  const lines = text.split('\r\n');
  expect(lines.at(-1)).toBe('');
  // A byte-order mark first (Excel then reads accents as UTF-8).
  expect(lines[0]).toMatch(/^\uFEFFid,name,species_value,species,/);
  // The latest size the Integration page promises (issue 23): empty until a measurement.
  expect(lines[0]).toContain(',size,latest_height_cm,latest_diameter_cm,latest_measured_at,');
  expect(lines.slice(1, -1).map((l) => l.split(',')[1])).toEqual([
    'Third oak',
    '"Second',
    'First oak',
  ]);
  expect(text).toContain('"Second, ""quoted"" oak"');
  await expect(page.getByText(/^Saved canopy-trees-.*\.csv\.$/)).toBeVisible();

  const geoDownload = page.waitForEvent('download');
  await exports.getByRole('button', { name: 'Export GeoJSON' }).click();
  const geo = await geoDownload;
  expect(geo.suggestedFilename()).toMatch(/^canopy-trees-\d{4}-\d{2}-\d{2}\.geojson$/);
  const collection = JSON.parse(fs.readFileSync((await geo.path())!, 'utf8')) as {
    type: string;
    features: Array<{ properties: { name: string }; geometry: { coordinates: number[] } }>;
  };
  expect(collection.type).toBe('FeatureCollection');
  expect(collection.features.map((f) => f.properties.name)).toEqual([...names].reverse());
  expect(collection.features[0]!.geometry.coordinates).toEqual([77.5929, 12.9763]);
});
