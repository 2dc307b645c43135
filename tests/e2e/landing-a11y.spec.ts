import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { themeAttribute } from '../support/theme';

/** Waits until the figures are in and no transition is half-way (axe reads colours as painted). */
async function settle(page: Page) {
  await expect(page.getByTestId('stat-treesRegistered')).toBeVisible();
  // Scroll-driven animations (daisyUI's scroll lock uses one) never finish; only time-based ones matter.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.timeline !== document.timeline || a.playState !== 'running'),
  );
}

const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 800 },
];

for (const theme of ['light', 'dark'] as const) {
  for (const viewport of viewports) {
    test(`no serious accessibility problems: ${theme} theme, ${viewport.name}`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('data-theme', themeAttribute(theme));
      await settle(page);
      await expectNoSeriousA11yViolations(page);

      // Scrolled: the top bar is solid over the content.
      await page.evaluate(() => window.scrollTo({ top: 1500, behavior: 'instant' }));
      await expect(page.getByTestId('top-bar')).toHaveAttribute('data-solid', 'true');
      await settle(page);
      await expectNoSeriousA11yViolations(page);

      if (viewport.name === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
        await settle(page);
        await expectNoSeriousA11yViolations(page);
      }
    });
  }
}

test('page structure: one h1, landmarks and a skip link', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('contentinfo')).toHaveCount(1);

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the Watch Demo tour is an accessible dialog (${theme} theme)`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await page.goto('/');
    const opener = page.getByRole('button', { name: 'Watch Demo' });
    await opener.click();

    const dialog = page.getByRole('dialog', { name: 'A quick tour of Canopy' });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await expect(dialog.getByTestId('tour-step')).toHaveText('Step 1 of 5');
    await expect(
      dialog.getByRole('heading', { name: 'Create or join a tree drive' }),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Back' })).toBeDisabled();
    await settle(page);
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByTestId('tour-step')).toHaveText('Step 2 of 5');
    await expect(
      dialog.getByRole('heading', { name: 'Donate trees or cash by card' }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByTestId('tour-step')).toHaveText('Step 1 of 5');

    for (let step = 2; step <= 5; step += 1) {
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expect(dialog.getByTestId('tour-step')).toHaveText(`Step ${step} of 5`);
    }
    await expect(dialog.getByRole('heading', { name: 'See your impact' })).toBeVisible();
    const finish = dialog.getByRole('link', { name: 'Start Growing' });
    await expect(finish).toHaveAttribute('href', '/register');
    await expect(finish).toBeFocused();
    await dialog.getByRole('button', { name: /Go to step 3/ }).click();
    await expect(dialog.getByTestId('tour-step')).toHaveText('Step 3 of 5');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // Opens again at the first step; the Close button also closes it.
    await opener.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('tour-step')).toHaveText('Step 1 of 5');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
}

test('the tour ends with a way to start growing', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Watch Demo' }).click();
  const dialog = page.getByRole('dialog', { name: 'A quick tour of Canopy' });
  await dialog.getByRole('button', { name: /Go to step 5/ }).click();
  await expect(dialog.getByTestId('tour-step')).toHaveText('Step 5 of 5');
  await dialog.getByRole('link', { name: 'Start Growing' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
