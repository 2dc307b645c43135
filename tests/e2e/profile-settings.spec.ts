import { expect, test } from '@playwright/test';
import { PROFILE_MESSAGES } from '../../contract/users';
import { signIn } from '../support/shell-session';
import { apiUser, E2E_PASSWORD } from '../support/e2e-accounts';

const NEW_PASSWORD = 'fresh-Saplings-2027';

test('a taken username gets a clear message beside the field', async ({ page }) => {
  const taken = await apiUser(page.request);
  const me = await apiUser(page.request);
  await signIn(page, me.email);
  await page.goto('/app/settings-profile');

  const form = page.getByRole('form', { name: 'Profile details' });
  const username = form.getByLabel('Username');
  await username.fill('no spaces please');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(username).toHaveAccessibleDescription(
    /Username must be 3–30 letters, numbers, dots, dashes or underscores\./,
  );

  await username.fill(taken.username.toUpperCase());
  await expect(username).not.toHaveAttribute('aria-invalid');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(username).toHaveAccessibleDescription(
    /That username is taken\. Please choose another\./,
  );
  await expect(username).toBeFocused();

  // A free one is saved and the top bar follows at once.
  const fresh = `${me.username}x`;
  await username.fill(fresh);
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile updated!')).toBeVisible();
  await expect(page.getByRole('button', { name: `Account menu for ${fresh}` })).toBeVisible();
});

test('change the password, then sign in with the new one', async ({ page }) => {
  const me = await apiUser(page.request);
  await signIn(page, me.email);
  await page.goto('/app/settings-profile');

  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password', { exact: true }).fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Confirm new password', { exact: true }).fill(`${NEW_PASSWORD}!`);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Passwords do not match!')).toBeVisible();

  await form.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  await expect(page.getByText('Passwords do not match!')).toHaveCount(0);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByLabel('Current password', { exact: true })).toHaveAccessibleDescription(
    'Your current password is not correct.',
  );

  await form.getByLabel('Current password', { exact: true }).fill(E2E_PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.passwordChanged)).toBeVisible();
  await expect(form.getByLabel('Current password', { exact: true })).toHaveValue('');
  await expect(form.getByLabel('New password', { exact: true })).toHaveValue('');

  // This session stays signed in.
  await page.reload();
  await expect(page.getByTestId('page-title')).toHaveText('Profile Settings');

  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  await signIn(page, me.email, NEW_PASSWORD);
});

test('delete the account: signed out, and the old credentials no longer work', async ({ page }) => {
  const me = await apiUser(page.request);
  await signIn(page, me.email);
  await page.goto('/app/settings-profile');

  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  // Cancel leaves everything as it was.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Delete account' }).click();
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByText('Password is required!')).toBeVisible();
  await expect(dialog.getByText('Please type DELETE to confirm.')).toBeVisible();

  await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    'Your current password is not correct.',
  );

  await dialog.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();

  // Back does not return into the app.
  await page.goto('/app/settings-profile');
  await expect(page).toHaveURL(/\/login\?from=/);

  await page.getByLabel('Email').fill(me.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid credentials')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
