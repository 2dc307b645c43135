import { expect, type APIRequestContext, type Locator } from '@playwright/test';
import type { Kysely } from 'kysely';
import { openDatabase, sqliteFileIn } from '../../server/db/database';
import type { Database } from '../../server/db/tables';
import { careDueQueries } from '../../server/modules/trees/tree-care-due.repository';
import { localDayKey } from './drives-e2e';

/**
 * Trees as if registered the day they were planted, weeks or months before this run: the care
 * schedule counts from the later of planting and registration (issue 21 §4), and the API can
 * only register today. Writes the e2e server's SQLite database (its care rows with it); the
 * member's care figures are read fresh on their first request.
 */
export async function registeredWhenPlanted(treeIds: readonly string[]): Promise<void> {
  await withE2eDatabase(async (db) => {
    await db
      .updateTable('trees')
      .set((eb) => ({ created_at: eb.ref('planted_at') }))
      .where('id', 'in', treeIds)
      .execute();
    for (const id of treeIds) await careDueQueries(db).refreshCareDue(id);
  });
}

/** Runs `work` on the e2e server's own SQLite database (tests/e2e/global-setup.ts). */
export async function withE2eDatabase<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const dataDir = process.env.CANOPY_E2E_DATA_DIR;
  if (!dataDir) throw new Error('CANOPY_E2E_DATA_DIR is not set (tests/e2e/global-setup.ts)');
  const handle = openDatabase({ sqliteFile: sqliteFileIn(dataDir) });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

/**
 * A tree registered through the API, planted `daysAgo` days ago and recorded as registered that
 * day (a month: its watering is due).
 */
export async function apiTree(
  request: APIRequestContext,
  token: string,
  treeName: string,
  daysAgo = 30,
): Promise<{ id: string }> {
  const planted = new Date();
  planted.setDate(planted.getDate() - daysAgo);
  const res = await request.post('/api/trees', {
    headers: { 'x-auth-token': token },
    multipart: {
      treesType: '1',
      treeCount: '2',
      treeSize: 'packet',
      plantedAt: localDayKey(planted),
      treeLat: '12.9763',
      treeLong: '77.5929',
      treeLocation: 'Cubbon Park, Bengaluru',
      treeName,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const tree = ((await res.json()) as { data: { tree: { id: string } } }).data.tree;
  await registeredWhenPlanted([tree.id]);
  return tree;
}

/**
 * Fills the tree registration form (`form`, already open) with `count` neem packets at Lodhi
 * Garden (the geocoder stub's place), planted at the drive `driveId`; the caller submits.
 */
export async function fillNeemAtLodhiDrive(form: Locator, count: number, driveId: string) {
  await form.getByLabel('Find a species').fill('neem');
  await form.getByLabel('Tree Type').selectOption({ label: 'Neem' });
  await form.getByLabel('How many').fill(String(count));
  await form
    .getByRole('radiogroup', { name: 'Size at planting' })
    .getByText('Packet', { exact: true })
    .click();
  await form.getByLabel('Search location').fill('Lodhi Garden');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(form.getByLabel('Location', { exact: true })).toHaveValue(
    'Lodhi Garden, New Delhi, India',
  );
  await form.getByLabel('Planted at a drive (optional)').selectOption(driveId);
}
