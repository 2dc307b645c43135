import { expect, type APIRequestContext } from '@playwright/test';
import { localDayKey } from './drives-e2e';

/** A tree registered through the API, planted `daysAgo` days ago (a month: its watering is due). */
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
  return ((await res.json()) as { data: { tree: { id: string } } }).data.tree;
}
