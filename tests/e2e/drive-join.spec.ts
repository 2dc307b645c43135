import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiUser } from '../support/e2e-accounts';
import { apiDrive, apiToken, localDayKey } from '../support/drives-e2e';
import { signIn, signedInAccount } from '../support/shell-session';
import { themeAttribute } from '../support/theme';
import { expectMapShown } from '../support/maps-e2e';

test('an individual finds a drive, joins it, sees it in My Plantations and on the calendar; the organiser is told; leaving works', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const organiser = await apiUser(page.request, {
    role: 'corporate',
    username: `org${Date.now()}`,
  });
  const driveName = `Lakeside neem ${Date.now()}`;
  const drive = await apiDrive(page.request, await apiToken(page.request, organiser.email), {
    driveName,
  });

  // The volunteer signs in like a person and opens Plantations from the sidebar.
  const me = await signedInAccount(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Plantations', exact: true }).click();
  await expect(page).toHaveURL('/app/delive-event');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plantations');
  await expect(page.getByRole('button', { name: 'Upcoming' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Individuals do not organise drives.
  await expect(page.getByRole('button', { name: 'Add Tree Drive' })).toHaveCount(0);

  await page.getByLabel('Search by name').fill(driveName);
  await expect(page).toHaveURL(/[?&]q=Lakeside/);
  const card = page.getByRole('article', { name: driveName });
  await expect(card).toBeVisible();
  await expect(page.getByTestId('drive-card')).toHaveCount(1);
  await expect(page.getByTestId('drive-total')).toHaveText('1 drive');
  await expect(card.getByText('250 trees')).toBeVisible();
  await expect(card.getByText('0 participants')).toBeVisible();
  await expect(card.getByText(`Organised by ${organiser.username}`)).toBeVisible();
  await expect(card.getByTestId('drive-place')).toHaveText('Cubbon Park, Bengaluru, India');
  await expect(card.getByRole('img', { name: `Photo of ${driveName}` })).toBeVisible();

  // The same search on the map: the drive's marker opens a popup with its local time and link.
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  const map = page.getByRole('region', { name: 'Map of tree drives' });
  const marker = map.getByRole('button', { name: driveName });
  // A mouse click as soon as the marker shows (the map reaches below the fold here).
  await marker.click();
  await expect(map.getByText(/Asia\/Kolkata/)).toBeVisible();
  await expect(map.getByRole('link', { name: `Open drive ${driveName}` })).toHaveAttribute(
    'href',
    `/app/delive-detail/${drive.id}`,
  );
  // The keyboard opens it too: close it, then Enter on the focused marker.
  await map.getByRole('button', { name: 'Close popup' }).click();
  await expect(map.getByText(/Asia\/Kolkata/)).toHaveCount(0);
  await marker.focus();
  await page.keyboard.press('Enter');
  await expect(map.getByText(/Asia\/Kolkata/)).toBeVisible();
  await page.getByRole('button', { name: 'List', exact: true }).click();

  await card.getByRole('link', { name: driveName }).click();
  await expect(page).toHaveURL(`/app/delive-detail/${drive.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Drive details');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: driveName })).toBeVisible();
  await expect(main.getByText('Bring gloves and water.', { exact: false })).toBeVisible();
  await expect(main.getByText('02:00 hours')).toBeVisible();
  await expect(main.getByText('Packet (2 ft – 4 ft)')).toBeVisible();
  await expect(main.getByRole('link', { name: organiser.username })).toHaveAttribute(
    'href',
    /\/app\/user-profile\/.+/,
  );
  await expect(page.getByTestId('participant-count')).toHaveText('0 participants');

  await main.getByRole('button', { name: 'Join drive' }).click();
  await expect(page.getByText('You have joined this drive.').first()).toBeVisible();
  await expect(page.getByTestId('participant-count')).toHaveText('1 participant');
  await expect(main.getByRole('button', { name: 'Leave drive' })).toBeVisible();
  await expect(page.getByTestId('participant-list').getByRole('link')).toHaveText(me.username);

  // Back returns to the list with the search kept, and the card shows the join.
  await page.goBack();
  await expect(page).toHaveURL(/\/app\/delive-event\?q=Lakeside/);
  await expect(page.getByLabel('Search by name')).toHaveValue(driveName);
  await expect(card.getByText('1 participant', { exact: true })).toBeVisible();
  await expect(card.getByText('Joined', { exact: true })).toBeVisible();

  // My Plantations lists it under Joined.
  await nav.getByRole('link', { name: 'My Plantations' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Plantations');
  await expect(
    page.getByTestId('my-joined').getByRole('article', { name: driveName }),
  ).toBeVisible();
  // An individual who organised nothing sees no empty "Organised by me" (issue 23 §7).
  await expect(
    page.getByTestId('my-joined').getByRole('heading', { name: 'Joined' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Organised by me' })).toHaveCount(0);

  // The calendar shows it on its day; the day opens the drawer with a link to it.
  await nav.getByRole('button', { name: 'Settings' }).click();
  await nav.getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Calendar');
  const now = new Date();
  if (drive.start.getMonth() !== now.getMonth())
    await page.getByRole('button', { name: 'Next month' }).click();
  const day = page.getByTestId(`day-${localDayKey(drive.start)}`);
  await expect(day).toContainText(driveName);
  await day.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('calendar-event-list')).toContainText(driveName);
  await drawer.getByRole('link', { name: driveName }).click();
  await expect(page).toHaveURL(`/app/delive-detail/${drive.id}`);
  await expect(drawer).toBeHidden();

  // The organiser, in their own browser, has been told.
  const baseURL = test.info().project.use.baseURL;
  const organiserContext = await browser.newContext({ baseURL });
  const organiserPage = await organiserContext.newPage();
  await signIn(organiserPage, organiser.email);
  // The welcome notification and the join.
  const bell = organiserPage.getByRole('button', { name: 'Notifications, 2 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  const notifications = organiserPage.getByRole('dialog', { name: 'Notifications' });
  await expect(notifications.getByTestId('notification-item').first()).toContainText(
    `${me.username} joined "${driveName}".`,
  );
  // As the organiser they see Edit and Delete instead of Join.
  await notifications.getByRole('link', { name: 'Someone joined your drive' }).click();
  await expect(organiserPage).toHaveURL(`/app/delive-detail/${drive.id}`);
  await expect(organiserPage.getByText('You organise this drive.')).toBeVisible();
  await expect(organiserPage.getByRole('button', { name: 'Delete drive' })).toBeVisible();
  await expect(organiserPage.getByRole('button', { name: 'Join drive' })).toHaveCount(0);
  await organiserContext.close();

  // Leaving works too, and My Plantations forgets it.
  await page.getByRole('main').getByRole('button', { name: 'Leave drive' }).click();
  await expect(page.getByText('You have left this drive.').first()).toBeVisible();
  await expect(page.getByTestId('participant-count')).toHaveText('0 participants');
  await expect(page.getByRole('main').getByRole('button', { name: 'Join drive' })).toBeEnabled();
  await nav.getByRole('link', { name: 'My Plantations' }).click();
  await expect(page.getByTestId('my-joined').getByTestId('empty-state')).toBeVisible();
});

test('the organiser downloads the .ics, deletes the drive, and its address then says not found', async ({
  page,
}) => {
  const organiser = await signedInAccount(page, {
    role: 'corporate',
    username: `own${Date.now()}`,
  });
  const driveName = `Hill teak ${Date.now()}`;
  const drive = await apiDrive(page.request, await apiToken(page.request, organiser.email), {
    driveName,
    daysAhead: 5,
  });
  await page.goto(`/app/delive-detail/${drive.id}`);
  await expect(page.getByRole('heading', { level: 2, name: driveName })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Add to calendar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.ics$/);
  const text = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(text).toString('utf8')).toContain(driveName);

  await page.getByRole('button', { name: 'Delete drive' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete drive' });
  await expect(confirm).toContainText(driveName);
  await confirm.getByRole('button', { name: 'Delete drive' }).click();
  await expect(page).toHaveURL('/app/mydelive-event');
  await expect(page.getByText('Drive deleted.', { exact: false }).first()).toBeVisible();

  await page.goto(`/app/delive-detail/${drive.id}`);
  await expect(page.getByRole('heading', { name: 'We could not find that drive.' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.getByRole('link', { name: 'Browse Plantations' }).click();
  await expect(page).toHaveURL('/app/delive-event');
});

test('Plantations, a drive, and My Plantations: no serious accessibility problems, light and dark', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const organiser = await signedInAccount(page, {
    role: 'corporate',
    username: `axe${Date.now()}`,
  });
  const drive = await apiDrive(page.request, await apiToken(page.request, organiser.email), {
    driveName: `Axe birches ${Date.now()}`,
  });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    await page.goto('/app/delive-event?from=2030-02-01&to=2030-01-01');
    await expect(page.locator('html')).toHaveAttribute('data-theme', themeAttribute(theme));
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/app/delive-event');
    await expect(page.getByTestId('drive-card').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/app/delive-detail/${drive.id}`);
    await expect(page.getByRole('button', { name: 'Delete drive' })).toBeVisible();
    await expectMapShown(page);
    await expectNoSeriousA11yViolations(page);

    await page.goto('/app/mydelive-event');
    await expect(page.getByTestId('my-organised').getByTestId('drive-card')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
  }
});
