import { expect, test } from '@playwright/test';
import { TREE_MESSAGES } from '../../contract/trees';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken } from '../support/drives-e2e';
import { apiUser } from '../support/e2e-accounts';
import { signIn } from '../support/shell-session';

// Issue 21 (care that matches the tree): replanting a dead tree starts from its species, plants,
// size, place and map point, so on a phone only the planting day is left to fill.
test('a member on a 390 px phone replants a dead tree from a pre-filled form', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const stamp = Date.now();
  const me = await apiUser(page.request, { username: `replant${stamp}` });
  const token = await apiToken(page.request, me.email);
  // Its own place (Hobart), so its two records never make another journey's map bubble.
  const planted = await page.request.post('/api/trees', {
    headers: { 'x-auth-token': token },
    multipart: {
      treesType: '1',
      treeCount: '2',
      treeSize: 'packet',
      plantedAt: '2026-08-01',
      treeLat: '-42.8821',
      treeLong: '147.3272',
      treeLocation: 'Hobart Rivulet',
      treeName: `Park neem ${stamp}`,
    },
  });
  expect(planted.status(), await planted.text()).toBe(201);
  const tree = ((await planted.json()) as { data: { tree: { id: string } } }).data.tree;
  const died = await page.request.post(`/api/trees/${tree.id}/health`, {
    headers: { 'x-auth-token': token },
    data: { status: 'dead', cause: 'drought' },
  });
  expect(died.status(), await died.text()).toBe(200);

  await signIn(page, me.email);
  await page.goto('/app/my-trees');
  const replanting = page.getByRole('region', { name: 'Replanting' });
  await replanting.getByRole('link', { name: `Replant Park neem ${stamp}` }).click();
  await expect(page).toHaveURL(/\/app\/tree-registeration\?replaces=/);

  // On the phone the form is three steps (issue 23), each pre-filled.
  const form = page.getByRole('form', { name: 'Register a tree' });
  await expect(form.getByRole('heading', { name: 'Step 1 of 3 What' })).toBeVisible();
  await expect(form.getByLabel('Tree Type').locator('option:checked')).toHaveText('Neem');
  await expect(form.getByLabel('How many')).toHaveValue('2');
  await expect(form.getByRole('radio', { name: 'Packet' })).toBeChecked();
  await expect(form.getByLabel('Location', { exact: true })).toBeHidden();
  await expect(form.getByRole('button', { name: 'Register tree' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Only the day is left, and it starts on today; cleared, Next stays on the step and says it
  // is required.
  const today = new Intl.DateTimeFormat('en-US', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
  await expect(form.getByLabel('Planting date')).toHaveValue(today);
  await form.getByLabel('Planting date').fill('');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByText(TREE_MESSAGES.plantedRequired)).toBeVisible();
  await expect(form.getByRole('heading', { name: 'Step 1 of 3 What' })).toBeVisible();
  await form.getByLabel('Planting date').fill(today);
  await form.getByRole('button', { name: 'Next' }).click();

  const where = form.getByRole('heading', { name: 'Step 2 of 3 Where' });
  await expect(where).toBeFocused();
  await expect(form.getByLabel('Location', { exact: true })).toHaveValue('Hobart Rivulet');
  await expect(form.getByTestId('chosen-point')).toContainText('-42.882100');
  await form.getByRole('button', { name: 'Next' }).click();

  await expect(form.getByRole('heading', { name: 'Step 3 of 3 Photo & details' })).toBeFocused();
  await expect(form.getByLabel('Nickname (optional)')).toHaveValue('');
  await expectNoSeriousA11yViolations(page);
  // The replacement closes the replanting task.
  await form.getByRole('button', { name: 'Register tree' }).click();
  await expect(page.getByText(TREE_MESSAGES.saved)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/trees\/[^/]+$/);
  await expect(page.getByTestId('tree-plants')).toHaveText('2 plants');
  await page.goto('/app/my-trees');
  await expect(page.getByTestId('tree-card')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Replanting' })).toHaveCount(0);
});
