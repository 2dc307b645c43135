import { expect, test } from '@playwright/test';
import { signIn } from '../support/shell-session';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiUser } from '../support/e2e-accounts';
import { apiDrive, apiToken } from '../support/drives-e2e';
import { themeAttribute } from '../support/theme';

const monthYear = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
}).format(new Date());

test('edit name, bio and location, then see them on the public profile', async ({ page }) => {
  const { username, email } = await apiUser(page.request, { role: 'corporate' });
  await signIn(page, email);

  await page.goto('/app/settings-profile');
  await expect(page.getByTestId('page-title')).toHaveText('Profile Settings');
  const details = page.getByRole('form', { name: 'Profile details' });
  await expect(details.getByLabel('Username')).toHaveValue(username);
  await details.getByLabel('Name', { exact: true }).fill('Willow Green');
  await details.getByLabel('Bio').fill('I plant native oaks along the river.');
  await expect(details.getByText('36 / 500 characters')).toBeVisible();
  await details.getByLabel('Location').fill('Leeds, UK');
  await details.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile updated!')).toBeVisible();

  await page.getByRole('link', { name: 'View your public profile' }).click();
  await expect(page).toHaveURL(/\/app\/user-profile\/[\w-]+$/);
  await expect(page.getByTestId('page-title')).toHaveText('Profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Willow Green' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText(`@${username}`)).toBeVisible();
  await expect(page.getByTestId('profile-type')).toHaveText('Corporate/Institution');
  await expect(main.getByText('I plant native oaks along the river.')).toBeVisible();
  await expect(page.getByTestId('profile-location')).toHaveText('Location: Leeds, UK');
  await expect(main.getByText(`Member since ${monthYear}`)).toBeVisible();
  for (const label of ['Drives organised', 'Drives joined', 'Trees registered'])
    await expect(main.getByText(label, { exact: true })).toBeVisible();
  await expect(main.getByRole('img', { name: "Willow Green's avatar" })).toBeVisible();

  // Your own profile links to its settings.
  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expect(page).toHaveURL('/app/settings-profile');

  // Clearing a field clears it on the profile too.
  await page.getByRole('form', { name: 'Profile details' }).getByLabel('Bio').fill('');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile updated!').first()).toBeVisible();
  await page.getByRole('link', { name: 'View your public profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Willow Green' })).toBeVisible();
  await expect(page.getByTestId('profile-bio')).toHaveCount(0);
});

test("another member's profile has no Edit link; an unknown one is not found", async ({ page }) => {
  const other = await apiUser(page.request, { role: 'nursery' });
  const token = await apiToken(page.request, other.email);
  const current = await page.request.get('/api/users/currentuser', {
    headers: { 'x-auth-token': token },
  });
  const otherId = ((await current.json()) as { user: { _id: string } }).user._id;

  const me = await apiUser(page.request);
  await signIn(page, me.email);
  await page.goto(`/app/user-profile/${otherId}`);
  await expect(page.getByRole('heading', { level: 1, name: other.username })).toBeVisible();
  await expect(page.getByTestId('profile-type')).toHaveText('Partner Nursery');
  await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveCount(0);

  await page.goto('/app/user-profile/no-such-member');
  await expect(page.getByRole('heading', { name: 'We could not find that member.' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to your dashboard' }).click();
  await expect(page).toHaveURL('/app/dashboard');
});

test("a member's profile links to the drives they organise and join, in each drive's zone", async ({
  page,
}) => {
  const organiser = await apiUser(page.request, { role: 'corporate' });
  const token = await apiToken(page.request, organiser.email);
  const driveName = `Lakeside neem ${Date.now()}`;
  const { id } = await apiDrive(page.request, token, { driveName });
  const current = await page.request.get('/api/users/currentuser', {
    headers: { 'x-auth-token': token },
  });
  const organiserId = ((await current.json()) as { user: { _id: string } }).user._id;

  const me = await apiUser(page.request);
  await signIn(page, me.email);
  await page.goto(`/app/user-profile/${organiserId}`);
  const organised = page.getByRole('list', { name: 'Organised' });
  await expect(organised.getByText(/\(Asia\/Kolkata, GMT\+5:30\)/)).toBeVisible();
  await expect(page.getByText(`${organiser.username} has not joined a drive yet.`)).toBeVisible();
  await expect(
    page.getByText(`${organiser.username} has not registered a tree yet.`),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await organised.getByRole('link', { name: driveName }).click();
  await expect(page).toHaveURL(`/app/delive-detail/${id}`);
  await expect(page.getByRole('heading', { name: driveName })).toBeVisible();
});

test('profile and settings pages: no serious accessibility problems, light and dark, with errors showing', async ({
  page,
}) => {
  test.setTimeout(90_000); // Sixteen axe runs.
  const me = await apiUser(page.request);
  await signIn(page, me.email);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 375, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/app/settings-profile');
      await expect(page.locator('html')).toHaveAttribute('data-theme', themeAttribute(theme));
      await page.getByRole('button', { name: 'Upload photo' }).click();
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByText('Current password is required!')).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Delete account' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete account' }).click();
      await expect(page.getByText('Please type DELETE to confirm.')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');

      await page.getByRole('link', { name: 'View your public profile' }).click();
      await expect(page.getByRole('heading', { level: 1, name: me.username })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.goto('/app/user-profile/no-such-member');
      await expect(page.getByText('We could not find that member.')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
  }
});
