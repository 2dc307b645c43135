import { expect, test } from '@playwright/test';
import { CARE_MESSAGES } from '../../contract/tree-care';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken, localDayKey } from '../support/drives-e2e';
import { buildJpeg } from '../support/images';
import { signedInAccount } from '../support/shell-session';

// Issue 21 §4: care that matches the tree. A tree registered today owes nothing from before; a
// problem is reported from the tree page with what is wrong and a photo, and cleared again.
for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'a 390 px phone', width: 390, height: 844 },
])
  test(`a member registers a tree planted weeks ago, reports a problem with a photo and later reports it healthy (${viewport.name})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const { email } = await signedInAccount(page);
    const token = await apiToken(page.request, email);
    const nickname = `Roadside jamun ${Date.now()}`;
    const planted = new Date();
    planted.setDate(planted.getDate() - 60);
    const created = await page.request.post('/api/trees', {
      headers: { 'x-auth-token': token },
      multipart: {
        treesType: '1',
        treeCount: '1',
        treeSize: 'potted',
        plantedAt: localDayKey(planted),
        treeLat: '-33.8675',
        treeLong: '151.2070',
        treeLocation: 'Hyde Park, Sydney',
        treeName: nickname,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = ((await created.json()) as { data: { tree: { id: string } } }).data.tree;

    // Planted two months ago but registered today: nothing is overdue.
    await page.goto('/app/my-trees');
    const care = page.getByRole('region', { name: 'Care due today' });
    await expect(
      care.getByText('Nothing is due today. Your trees are looked after.'),
    ).toBeVisible();

    await page.goto(`/app/trees/${id}`);
    await expect(page.getByRole('heading', { level: 2, name: nickname })).toBeVisible();
    await page.getByRole('button', { name: 'Report a problem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a problem' });
    // What is wrong must be said.
    await dialog.getByRole('button', { name: 'Report the problem' }).click();
    await expect(dialog.getByText(CARE_MESSAGES.problemRequired)).toBeVisible();
    await dialog.getByLabel('What is wrong?').selectOption({ label: 'Pests' });
    await dialog.getByLabel('What do you see? (optional)').fill('Caterpillars under the leaves');
    await dialog.getByLabel('Photo (optional)').setInputFiles({
      name: 'caterpillars.jpg',
      mimeType: 'image/jpeg',
      buffer: await buildJpeg({ width: 480, height: 360, seed: 21 }),
    });
    await expect(
      dialog.getByRole('img', { name: 'Preview of the chosen photo of the problem' }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Report the problem' }).click();
    await expect(page.getByText(CARE_MESSAGES.problemReported)).toBeVisible();
    await expect(dialog).toBeHidden();

    const health = page.getByTestId('tree-health');
    await expect(health).toContainText('Needs care (Pests)');
    await expect(page.getByTestId('tree-problem')).toContainText('Caterpillars under the leaves');
    await expect(
      page.getByRole('img', { name: `Photo of the problem with ${nickname}` }),
    ).toHaveAttribute('src', /^\/api\/files\/[a-f0-9]{64}$/);
    await expect(page.getByText(CARE_MESSAGES.needsCareTree)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Report a problem' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Recovered: one click clears the problem and its photo.
    await page.getByRole('button', { name: 'Report healthy again' }).click();
    await expect(page.getByText(CARE_MESSAGES.healthSaved)).toBeVisible();
    await expect(health).toContainText('Healthy');
    await expect(page.getByTestId('tree-problem')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Report a problem' })).toBeVisible();
  });
