import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { signedInAccount } from '../support/shell-session';

const photo = () =>
  sharp({ create: { width: 240, height: 240, channels: 3, background: '#3b7a57' } })
    .png()
    .toBuffer();

test('the getting-started checklist ticks a step once it is done', async ({ page }) => {
  await signedInAccount(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Getting started' }).click();
  await expect(page).toHaveURL(/\/app\/getting-started$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible();
  await expect(page.getByTestId('onboarding-progress')).toHaveText('1 of 5 done');
  await expect(page.getByRole('progressbar')).toHaveAttribute('value', '1');
  const verify = page.getByTestId('step-verify-email');
  const addPhoto = page.getByTestId('step-add-photo');
  await expect(verify).toHaveAttribute('data-done', 'true');
  await expect(addPhoto).toHaveAttribute('data-done', 'false');
  await expect(page.getByTestId('step-join-drive')).toContainText('Join a tree drive');
  await expect(page.getByTestId('step-create-drive')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Each open step links to where it is done.
  await addPhoto.getByRole('link', { name: 'Upload a photo' }).click();
  await expect(page).toHaveURL(/\/app\/settings-profile$/);
  const form = page.getByRole('form', { name: 'Profile photo' });
  await form
    .getByLabel('Choose a photo')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photo() });
  await form.getByRole('button', { name: 'Upload photo' }).click();
  await expect(page.getByText('Profile photo updated!')).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/app\/getting-started$/);
  await expect(page.getByTestId('onboarding-progress')).toHaveText('2 of 5 done');
  await expect(addPhoto).toHaveAttribute('data-done', 'true');
  await expect(addPhoto).toContainText('Done');
  await expect(page.getByRole('progressbar')).toHaveAttribute('value', '2');
  await expectNoSeriousA11yViolations(page);
});

test('a corporate account is asked to create a drive', async ({ page }) => {
  await signedInAccount(page, { role: 'corporate' });
  await page.goto('/app/getting-started');
  await expect(page.getByTestId('onboarding-progress')).toHaveText('1 of 5 done');
  const create = page.getByTestId('step-create-drive');
  await expect(create).toContainText('Create a tree drive');
  await expect(page.getByTestId('step-join-drive')).toHaveCount(0);
  await create.getByRole('link', { name: 'Add a tree drive' }).click();
  await expect(page).toHaveURL(/\/app\/mydelive-event$/);
  await expect(page.getByRole('button', { name: 'Add Tree Drive' })).toBeVisible();
});
