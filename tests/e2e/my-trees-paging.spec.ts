import { expect, test } from '@playwright/test';
import { MY_TREES_PAGE } from '../../contract/trees';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken } from '../support/drives-e2e';
import { apiUser } from '../support/e2e-accounts';
import { signIn } from '../support/shell-session';
import { apiTree } from '../support/trees-e2e';

// Issue 20: My trees shows a page of each list (care due, trees) and the rest on request.
for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '390 px phone', width: 390, height: 844 },
])
  test(`My trees shows the first care tasks and trees, and the rest on request (${viewport.name})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const stamp = Date.now();
    const me = await apiUser(page.request, { username: `grove${stamp}` });
    const token = await apiToken(page.request, me.email);
    // Four trees planted 200 days ago and never cared for (16 tasks due), and saplings planted
    // today (nothing due yet): one tree more than a page.
    const groves = [];
    for (const n of [1, 2, 3, 4])
      groves.push(await apiTree(page.request, token, `Grove ${n} ${stamp}`, 200));
    for (let n = 5; n <= MY_TREES_PAGE + 1; n++)
      await apiTree(page.request, token, `Sapling ${n} ${stamp}`, 0);

    await signIn(page, me.email);
    await page.goto('/app/my-trees');
    await expect(page.getByRole('heading', { level: 1, name: 'My Trees' })).toBeVisible();

    const care = page.getByRole('region', { name: 'Care due today' });
    await expect(care.getByTestId('care-task')).toHaveCount(10);
    // The saplings' first watering falls due within the week.
    await expect(care.getByTestId('care-totals')).toHaveText(
      `16 tasks due · 16 overdue · ${MY_TREES_PAGE - 3} more fall due this week`,
    );
    await expect(care.getByText('Showing 10 of 16')).toBeVisible();
    await care.getByRole('button', { name: 'Show more' }).click();
    await expect(care.getByTestId('care-task')).toHaveCount(16);
    await expect(care.getByRole('button', { name: 'Show more' })).toHaveCount(0);

    await expect(page.getByTestId('tree-card')).toHaveCount(MY_TREES_PAGE);
    await expect(page.getByTestId('tree-total')).toHaveText(
      `${MY_TREES_PAGE} of ${MY_TREES_PAGE + 1} tree records`,
    );
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(page.getByTestId('tree-card')).toHaveCount(MY_TREES_PAGE + 1);
    await expect(page.getByTestId('tree-total')).toHaveText(`${MY_TREES_PAGE + 1} tree records`);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    // The oldest registration comes last: the first grove.
    await expect(page.getByTestId('tree-card').last()).toContainText(`Grove 1 ${stamp}`);

    // The tree page asks for its own tasks only: the first grove's four.
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/trees/care-due')) asked.push(new URL(r.url()).search);
    });
    await page.goto(`/app/trees/${groves[0]!.id}`);
    const due = page.getByRole('list', { name: 'Care due' });
    await expect(due.getByTestId('care-task')).toHaveCount(4);
    await expect(due).toContainText(`Grove 1 ${stamp}`);
    expect(asked).toEqual([`?treeId=${groves[0]!.id}`]);
    await expectNoSeriousA11yViolations(page);
  });
