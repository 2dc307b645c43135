import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiUser } from '../support/e2e-accounts';
import { apiDrive, apiToken } from '../support/drives-e2e';
import { buildJpeg } from '../support/images';
import { signIn } from '../support/shell-session';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const viewport of VIEWPORTS) {
  test(`the organiser posts a field update with a photo; a participant is told and sees it (${viewport.name})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const stamp = `${Date.now()}`;
    const organiser = await apiUser(page.request, { role: 'corporate', username: `fo${stamp}` });
    const volunteer = await apiUser(page.request, { username: `fv${stamp}` });
    const driveName = `Riverbank alders ${stamp}`;
    const drive = await apiDrive(page.request, await apiToken(page.request, organiser.email), {
      driveName,
    });
    const joined = await page.request.post(`/api/drives/${drive.id}/participants`, {
      headers: { 'x-auth-token': await apiToken(page.request, volunteer.email) },
    });
    expect(joined.status()).toBe(200);

    // The organiser writes the update and adds a photo on the drive page.
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, organiser.email);
    await page.goto(`/app/delive-detail/${drive.id}`);
    const section = page.getByRole('region', { name: 'Field updates' });
    await expect(section.getByText('No updates yet.', { exact: false })).toBeVisible();
    const form = section.getByRole('form', { name: 'Post a field update' });

    // Empty text is refused with the contract's message, before anything is sent.
    await form.getByRole('button', { name: 'Post update' }).click();
    await expect(form.getByText('Please write what happened at the drive.')).toBeVisible();

    const text = 'First 60 alders are in along the east bank. Thank you, everyone!';
    await form.getByLabel('What happened at the drive?').fill(text);
    await form.getByLabel('Add a photo (optional)').setInputFiles({
      name: 'east-bank.jpg',
      mimeType: 'image/jpeg',
      buffer: await buildJpeg({ width: 800, height: 600, seed: 11 }),
    });
    await expect(form.getByTestId('chosen-update-photo')).toHaveCount(1);
    await expect(form.getByLabel('Add another photo (optional)')).toBeVisible();
    await form.getByRole('button', { name: 'Post update' }).click();
    await expect(page.getByText('Your update was posted.')).toBeVisible();

    const posted = section.getByRole('article', { name: `Update by ${organiser.username}` });
    await expect(posted).toContainText(text);
    await expect(posted).toContainText('Organiser');
    await expect(posted.getByText('just now')).toBeVisible();
    const photo = posted.getByRole('img', { name: /^Photo 1 of 1 from .*’s update: First 60/ });
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    // The form is ready for the next update.
    await expect(form.getByLabel('What happened at the drive?')).toHaveValue('');
    await expect(form.getByTestId('chosen-update-photo')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // The participant, in their own browser, has a notice that opens the drive's updates.
    const volunteerContext = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: { width: viewport.width, height: viewport.height },
    });
    const volunteerPage = await volunteerContext.newPage();
    await signIn(volunteerPage, volunteer.email);
    // The welcome notification and the update (sent by the job queue within moments).
    const bell = volunteerPage.getByRole('button', { name: 'Notifications, 2 unread' });
    await expect(bell).toBeVisible({ timeout: 15_000 });
    await bell.click();
    const notifications = volunteerPage.getByRole('dialog', { name: 'Notifications' });
    const notice = notifications
      .getByTestId('notification-item')
      .filter({ hasText: `News from "${driveName}"` });
    await expect(notice).toHaveCount(1);
    await expect(notice).toContainText(`${organiser.username}: ${text}`);
    await notice.getByRole('link', { name: `News from "${driveName}"` }).click();
    await expect(volunteerPage).toHaveURL(`/app/delive-detail/${drive.id}#field-updates`);

    const seen = volunteerPage
      .getByRole('region', { name: 'Field updates' })
      .getByRole('article', { name: `Update by ${organiser.username}` });
    await expect(seen).toContainText(text);
    // The notice's link brings the updates into view.
    await expect(seen).toBeInViewport();
    const seenPhoto = seen.getByRole('img', { name: /^Photo 1 of 1/ });
    await expect(seenPhoto).toBeVisible();
    await expect
      .poll(() => seenPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    // A participant reads but cannot post.
    await expect(volunteerPage.getByRole('form', { name: 'Post a field update' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(volunteerPage);

    // Their forest's timeline has it too, though they have no tree yet (issue 19 §6).
    await volunteerPage.goto('/app/my-forest');
    await expect(volunteerPage.getByText(/Your forest is empty for now/)).toHaveCount(0);
    const timeline = volunteerPage.getByRole('region', { name: 'What happened' });
    await expect(timeline.getByTestId('forest-event').filter({ hasText: text })).toContainText(
      organiser.username,
    );
    await volunteerContext.close();
  });
}
