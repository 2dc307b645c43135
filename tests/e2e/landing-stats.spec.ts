import { expect, test } from '@playwright/test';

test.describe('landing page impact figures', () => {
  test('show the numbers the API returns', async ({ page }) => {
    await page.goto('/');
    const response = await page.request.get('/api/stats');
    expect(response.ok()).toBe(true);
    const { data } = (await response.json()) as {
      data: {
        treesRegistered: number;
        treesDonated: number;
        drivesCreated: number;
        volunteerHours: number;
        moneyRaisedMinor: number;
        currency: string;
      };
    };
    // Formatted the way the page formats them, in the browser's own locale.
    const expected = await page.evaluate((stats) => {
      const count = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
      // Minor units by the currency's own digits (2 for USD, 0 for JPY, 3 for BHD).
      const currencyDigits =
        new Intl.NumberFormat('en-US', {
          style: 'currency',
          currency: stats.currency,
        }).resolvedOptions().maximumFractionDigits ?? 2;
      const major = stats.moneyRaisedMinor / 10 ** currencyDigits;
      const digits = Number.isInteger(major) ? 0 : currencyDigits;
      return {
        treesRegistered: count.format(stats.treesRegistered),
        treesDonated: count.format(stats.treesDonated),
        drivesCreated: count.format(stats.drivesCreated),
        volunteerHours: count.format(stats.volunteerHours),
        moneyRaised: new Intl.NumberFormat(undefined, {
          style: 'currency',
          currency: stats.currency,
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        }).format(major),
      };
    }, data);

    const impact = page.locator('#impact');
    await expect(impact.getByTestId('stat-treesRegistered-value')).toHaveText(
      expected.treesRegistered,
    );
    await expect(impact.getByTestId('stat-treesDonated-value')).toHaveText(expected.treesDonated);
    await expect(impact.getByTestId('stat-drivesCreated-value')).toHaveText(expected.drivesCreated);
    await expect(impact.getByTestId('stat-volunteerHours-value')).toHaveText(
      expected.volunteerHours,
    );
    await expect(impact.getByTestId('stat-moneyRaised-value')).toHaveText(expected.moneyRaised);
    await expect(impact.getByText(/CO₂ and O₂ figures are estimates/)).toBeVisible();

    const firstSeed = impact.getByText(
      'Every forest starts with a single seed — be the first to plant.',
    );
    if (data.treesRegistered === 0 && data.drivesCreated === 0) {
      await expect(firstSeed).toBeVisible();
    } else {
      await expect(firstSeed).toHaveCount(0);
    }
  });

  test('show a loading state, then a friendly message when the figures cannot be loaded', async ({
    page,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/stats', async (route) => {
      await held;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          message: 'Service unavailable',
          code: 'SERVICE_UNAVAILABLE',
        }),
      });
    });
    await page.goto('/');
    await expect(
      page.getByRole('status').filter({ hasText: 'Loading impact figures' }),
    ).toBeAttached();
    release();
    await expect(page.getByTestId('impact-error')).toContainText(
      'We couldn’t gather the latest impact figures',
    );
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Once the server answers again, "Try again" brings the figures in.
    await page.unroute('**/api/stats');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('stat-treesRegistered-value')).toBeVisible();
    await expect(page.getByTestId('impact-error')).toHaveCount(0);
  });
});
