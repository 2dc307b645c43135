import { expect, test, type Page } from '@playwright/test';

test.use({ viewport: { width: 375, height: 800 } });

function menu(page: Page) {
  return {
    button: page.getByTestId('mobile-menu-button'),
    panel: page.getByRole('navigation', { name: 'Menu' }),
  };
}

async function openMenu(page: Page) {
  const { button, panel } = menu(page);
  await expect(button).toHaveAccessibleName('Open menu');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(button).toHaveAccessibleName('Close menu');
  await expect(panel).toBeVisible();
}

async function expectClosed(page: Page) {
  const { button, panel } = menu(page);
  await expect(panel).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
}

test.describe('landing page mobile menu', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('desktop links are hidden and the menu holds the same links', async ({ page }) => {
    await expect(page.getByRole('navigation', { name: 'Page sections' })).toBeHidden();
    const { button, panel } = menu(page);
    const controls = await button.getAttribute('aria-controls');
    expect(controls).toBeTruthy();
    await openMenu(page);
    expect(await panel.evaluate((el) => el.closest('[id]')?.id)).toBe(controls);
    for (const name of [
      'Impact',
      'Features',
      'How it works',
      'Contact',
      'Sign In',
      'Start Growing',
    ]) {
      await expect(panel.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(panel.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(panel.getByRole('link', { name: 'Start Growing' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  test('closes when a link in it is clicked', async ({ page }) => {
    await openMenu(page);
    await menu(page).panel.getByRole('link', { name: 'Features' }).click();
    await expectClosed(page);
    await expect(page).toHaveURL(/#features$/);
    await expect(page.locator('#features')).toBeInViewport();

    await openMenu(page);
    await menu(page).panel.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('closes on a click outside it, but not on a click inside it', async ({ page }) => {
    await openMenu(page);
    // Inside the panel, away from any link: stays open.
    const box = (await page.getByTestId('mobile-menu').boundingBox())!;
    await page.mouse.click(box.x + box.width - 4, box.y + 4);
    await expect(menu(page).panel).toBeVisible();
    // Below the panel: closes.
    await page.mouse.click(20, 780);
    await expectClosed(page);
  });

  test('closes on Escape and gives focus back to the button', async ({ page }) => {
    await openMenu(page);
    await page.keyboard.press('Escape');
    await expectClosed(page);
    await expect(menu(page).button).toBeFocused();
  });

  test('closes when the window becomes desktop-wide', async ({ page }) => {
    await openMenu(page);
    await page.setViewportSize({ width: 1200, height: 800 });
    await expect(page.getByTestId('mobile-menu')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Page sections' })).toBeVisible();
    // Back to a phone width: the menu stays closed rather than reappearing.
    await page.setViewportSize({ width: 375, height: 800 });
    await expectClosed(page);
  });
});
