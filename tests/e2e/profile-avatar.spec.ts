import { expect, test } from '@playwright/test';
import { signIn } from '../support/shell-session';
import sharp from 'sharp';
import { apiUser } from '../support/e2e-accounts';

/** A real 300 × 300 JPEG made at test time, so no binary fixture lives in the repository. */
const greenJpeg = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: '#2f855a' } })
    .jpeg()
    .toBuffer();

const NOT_AN_IMAGE = 'Only JPEG, PNG, WebP or GIF images can be uploaded.';
const STORED_FILE = /^\/api\/files\/[0-9a-f]{64}$/;

test('upload a profile photo, see it in the top bar, then remove it', async ({ page }) => {
  const { username, email } = await apiUser(page.request);
  await signIn(page, email);
  await page.goto('/app/settings-profile');

  const form = page.getByRole('form', { name: 'Profile photo' });
  const topBarAvatar = page.getByTestId('user-menu-button').getByRole('img');
  const current = form.getByRole('img', { name: `${username}'s avatar` });
  await expect(current).toHaveAttribute('width', '200');
  await expect(current).toHaveAttribute('src', '/default-avatar.svg');
  await expect(form.getByRole('button', { name: 'Remove photo' })).toHaveCount(0);

  // Nothing chosen yet.
  await form.getByRole('button', { name: 'Upload photo' }).click();
  await expect(form.getByText('Please choose an image to upload.')).toBeVisible();

  await form.getByLabel('Choose a photo').setInputFiles({
    name: 'forest.jpg',
    mimeType: 'image/jpeg',
    buffer: await greenJpeg(),
  });
  const preview = form.getByRole('img', { name: 'Preview of your new profile photo' });
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expect(preview).toHaveJSProperty('naturalWidth', 300);
  expect(await preview.boundingBox()).toMatchObject({ width: 200, height: 200 });
  await expect(form.getByText('Please choose an image to upload.')).toHaveCount(0);

  await form.getByRole('button', { name: 'Upload photo' }).click();
  await expect(page.getByText('Profile photo updated!')).toBeVisible();
  await expect(topBarAvatar).toHaveAttribute('src', STORED_FILE);
  await expect(current).toHaveAttribute('src', STORED_FILE);
  await expect(preview).toHaveCount(0);
  // The stored image really is served.
  await expect(current).not.toHaveJSProperty('naturalWidth', 0);

  // It survives a reload and shows on the public profile.
  await page.reload();
  await expect(topBarAvatar).toHaveAttribute('src', STORED_FILE);
  await page.getByRole('link', { name: 'View your public profile' }).click();
  await expect(
    page.getByRole('main').getByRole('img', { name: `${username}'s avatar` }),
  ).toHaveAttribute('src', STORED_FILE);

  await page.goto('/app/settings-profile');
  await form.getByRole('button', { name: 'Remove photo' }).click();
  await expect(page.getByText('Profile photo removed.')).toBeVisible();
  await expect(topBarAvatar).toHaveAttribute('src', '/default-avatar.svg');
  await expect(current).toHaveAttribute('src', '/default-avatar.svg');
  await expect(form.getByRole('button', { name: 'Remove photo' })).toHaveCount(0);
});

test('a text file named .png is refused with a clear message', async ({ page }) => {
  const { email } = await apiUser(page.request);
  await signIn(page, email);
  await page.goto('/app/settings-profile');
  const form = page.getByRole('form', { name: 'Profile photo' });
  const input = form.getByLabel('Choose a photo');
  const text = Buffer.from('These are my planting notes, not a picture.\n'.repeat(10));

  // The browser says it is text: refused before anything is sent.
  await input.setInputFiles({ name: 'notes.png', mimeType: 'text/plain', buffer: text });
  await expect(form.getByText(NOT_AN_IMAGE)).toBeVisible();
  await expect(input).toHaveAttribute('aria-invalid', 'true');

  // The browser believes the name: the server reads the bytes and refuses it the same way.
  await input.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: text });
  await expect(form.getByText(NOT_AN_IMAGE)).toHaveCount(0);
  const answer = page.waitForResponse('**/api/users/me/avatar');
  await form.getByRole('button', { name: 'Upload photo' }).click();
  expect((await answer).status()).toBe(400);
  await expect(form.getByText(NOT_AN_IMAGE)).toBeVisible();
  await expect(page.getByTestId('user-menu-button').getByRole('img')).toHaveAttribute(
    'src',
    '/default-avatar.svg',
  );
});
