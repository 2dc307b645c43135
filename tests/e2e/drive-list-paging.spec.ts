import { expect, test } from '@playwright/test';
import { apiUser } from '../support/e2e-accounts';
import { apiDrive, apiToken } from '../support/drives-e2e';
import { signedInAccount } from '../support/shell-session';

test('Plantations "Load more" follows the list cursor: every drive once, then no more to load', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const organiser = await apiUser(page.request, {
    role: 'corporate',
    username: `pager${Date.now()}`,
  });
  const token = await apiToken(page.request, organiser.email);
  const stamp = Date.now();
  const names = Array.from({ length: 13 }, (_, i) => `Paging grove ${stamp} ${i + 1}`);
  for (const [i, driveName] of names.entries())
    await apiDrive(page.request, token, { driveName, daysAhead: 2 + i });

  await signedInAccount(page);
  await page.goto(`/app/delive-event?q=${encodeURIComponent(`Paging grove ${stamp}`)}`);
  await expect(page.getByTestId('drive-total')).toHaveText('Showing 12 of 13 drives');
  await expect(page.getByTestId('drive-card')).toHaveCount(12);

  const next = page.waitForRequest((r) => r.url().includes('/api/trees/geteventdetail?cursor='));
  await page.getByRole('button', { name: 'Load more' }).click();
  const request = await next;
  expect(new URL(request.url()).searchParams.get('page')).toBeNull();
  await expect(page.getByTestId('drive-total')).toHaveText('13 drives');
  const cards = page.getByTestId('drive-card');
  await expect(cards).toHaveCount(13);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  // Soonest first, each drive once.
  const shown = await cards.evaluateAll((articles) =>
    articles.map((a) =>
      document.getElementById(a.getAttribute('aria-labelledby') ?? '')?.textContent?.trim(),
    ),
  );
  expect(shown).toEqual(names);
});
