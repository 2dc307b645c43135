import { expect, test } from '@playwright/test';
import { signedInAccount } from '../support/shell-session';

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone the sidebar is a drawer: menu button, close button, Escape, backdrop and navigation close it', async ({
  page,
}) => {
  await signedInAccount(page);
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  const nav = drawer.getByRole('navigation', { name: 'Main' });

  // The desktop column is hidden at this width; only the menu button shows.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

  await menuButton.click();
  await expect(drawer).toBeVisible();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await drawer.getByRole('button', { name: 'Close menu' }).click();
  await expect(drawer).toBeHidden();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(menuButton).toBeFocused();

  // Keyboard: open with Enter, Tab stays inside, Escape closes and focus returns.
  await menuButton.press('Enter');
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(drawer.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();

  // A click on the dimmed page beside the drawer closes it.
  await menuButton.click();
  await expect(drawer).toBeVisible();
  await page.mouse.click(380, 600);
  await expect(drawer).toBeHidden();

  // Following a link closes it, and the settings submenu works in the drawer too.
  await menuButton.click();
  await nav.getByRole('link', { name: 'My Plantations' }).click();
  await expect(page).toHaveURL('/app/mydelive-event');
  await expect(drawer).toBeHidden();

  await menuButton.click();
  await nav.getByRole('button', { name: 'Settings' }).click();
  await nav.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL('/app/settings-profile');
  await expect(drawer).toBeHidden();
  await menuButton.click();
  await expect(nav.getByRole('button', { name: 'Settings' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await page.keyboard.press('Escape');

  // Growing to desktop width shows the sidebar column and drops the drawer.
  await menuButton.click();
  await expect(drawer).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
