import { expect, test } from '@playwright/test';
import { signedInAccount } from '../support/shell-session';

test('the account menu works from the keyboard; Logout ends the session and Back stays out of the app', async ({
  page,
}) => {
  const { username } = await signedInAccount(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'My Plantations' }).click();
  await expect(page).toHaveURL('/app/mydelive-event');

  const button = page.getByRole('button', { name: `Account menu for ${username}` });
  await expect(button.getByRole('img', { name: `${username}'s avatar` })).toBeVisible();
  const menu = page.getByRole('menu', { name: 'Account' });
  const settings = menu.getByRole('menuitem', { name: /Profile Settings/ });
  const logout = menu.getByRole('menuitem', { name: 'Logout' });

  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(settings).toBeFocused();
  await expect(settings).toContainText('New');
  await page.keyboard.press('ArrowDown');
  await expect(logout).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(settings).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  // Profile Settings opens the settings page.
  await button.click();
  await settings.click();
  await expect(page).toHaveURL('/app/settings-profile');
  await expect(menu).toBeHidden();

  // A click elsewhere closes the menu.
  await button.click();
  await expect(menu).toBeVisible();
  await page.getByRole('main').click({ position: { x: 5, y: 5 } });
  await expect(menu).toBeHidden();

  await button.press('ArrowUp');
  await expect(logout).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  // The tab no longer carries an app screen's name.
  await expect(page).not.toHaveTitle(/· Canopy$/);

  // Back does not return into the app: the guard sends the visitor to sign in.
  await page.goBack();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Canopy' })).toBeVisible();
  await expect(nav).toBeHidden();
});
