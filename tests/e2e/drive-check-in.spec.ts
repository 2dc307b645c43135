import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ATTENDANCE_MESSAGES } from '../../contract/attendance';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import {
  attendanceOf,
  apiToken,
  driveFields,
  driveStartingSoon,
  joinDrive,
  passOf,
} from '../support/drives-e2e';
import { apiUser, mailDir } from '../support/e2e-accounts';
import { signIn } from '../support/shell-session';
import { waitForMail } from '../support/smtp-receiver';

const SCREENS = [
  { name: 'desktop', viewport: null },
  { name: 'a 390 px phone', viewport: { width: 390, height: 844 } },
] as const;

/** The organiser moves the start to a minute ago, as on a day the planting began early. */
async function startNow(request: APIRequestContext, token: string, id: string, driveName: string) {
  const moved = await request.put(`/api/drives/${id}`, {
    headers: { 'x-auth-token': token },
    multipart: driveFields(driveName, new Date(Date.now() - 60_000)),
  });
  expect(moved.status(), await moved.text()).toBe(200);
}

/** The landing page's "Volunteer hours" as a number (the page shows whole hours). */
async function landingVolunteerHours(page: Page): Promise<number> {
  await page.goto('/');
  const value = page.locator('#impact').getByTestId('stat-volunteerHours-value');
  await expect(value).toHaveText(/\d/);
  return Number((await value.textContent())!.replace(/[^\d]/g, ''));
}

for (const screen of SCREENS)
  test(`an organiser checks in a participant by pass code and a walk-in, checks one out, and the landing page's volunteer hours move by exactly their hours (${screen.name})`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    if (screen.viewport) await page.setViewportSize(screen.viewport);
    const stamp = Date.now();
    const organiser = await apiUser(page.request, { role: 'corporate', username: `cio${stamp}` });
    const organiserToken = await apiToken(page.request, organiser.email);
    const driveName = `Gate check-in ${stamp}`;
    const id = await driveStartingSoon(page.request, organiserToken, driveName);

    // Two members join; the first brings their pass, the second is found by name.
    const withPass = await apiUser(page.request, { username: `cip${stamp}` });
    const byName = await apiUser(page.request, { username: `cin${stamp}` });
    await joinDrive(page.request, await apiToken(page.request, withPass.email), id);
    await joinDrive(page.request, await apiToken(page.request, byName.email), id);
    const pass = await passOf(page.request, await apiToken(page.request, withPass.email), id);

    // Volunteer hours count drives that have started: this one adds nothing yet.
    const before = await landingVolunteerHours(page);
    await startNow(page.request, organiserToken, id, driveName);

    // The organiser opens the check-in desk from the drive's page.
    await signIn(page, organiser.email);
    await page.goto(`/app/delive-detail/${id}`);
    await page.getByRole('link', { name: 'Check-in' }).click();
    await expect(page).toHaveURL(`/app/drives/${id}/check-in`);
    await expect(page.getByRole('heading', { name: `Check-in: ${driveName}` })).toBeVisible();
    await expect(page.getByTestId('count-checked-in')).toContainText('0');
    await expect(page.getByTestId('count-rsvped')).toContainText('2');

    // The pass code, typed as printed (spaces instead of dashes, in lower case).
    const scan = page.getByRole('region', { name: 'Scan a pass' });
    await scan
      .getByLabel('Pass code', { exact: true })
      .fill(pass.code.replaceAll('-', ' ').toLowerCase());
    await scan.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(scan.getByTestId('check-in-outcome')).toHaveText(
      `${withPass.username} is checked in.`,
    );
    await expect(page.getByTestId('count-checked-in')).toContainText('1');
    // The same pass again is the same attendance.
    await scan.getByLabel('Pass code', { exact: true }).fill(pass.code);
    await scan.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(scan.getByTestId('check-in-outcome')).toHaveText(
      `${withPass.username} was already checked in.`,
    );
    await expect(page.getByTestId('count-checked-in')).toContainText('1');

    // A walk-in, by name and email.
    const walkInName = `Walk-in ${stamp}`;
    const walkIns = page.getByRole('region', { name: 'Walk-in' });
    await walkIns.getByLabel('Name').fill(walkInName);
    await walkIns.getByLabel('Email').fill(`walkin${stamp}@example.test`);
    await walkIns.getByRole('button', { name: 'Check in walk-in' }).click();
    await expect(walkIns.getByTestId('check-in-outcome')).toContainText(walkInName);
    await expect(page.getByTestId('count-checked-in')).toContainText('2');

    // The second member, found by name: checked in, then out, and their hours corrected to 1.
    const people = page.getByRole('region', { name: 'People' });
    await people.getByLabel('Search by name').fill(byName.username.slice(0, 2));
    await expect(people.getByTestId('attendance-person')).toHaveCount(3);
    await people.getByLabel('Search by name').fill(byName.username);
    await expect(people.getByTestId('attendance-person')).toHaveCount(1);
    await people.getByRole('button', { name: `Check in ${byName.username}` }).click();
    await expect(page.getByTestId('count-checked-in')).toContainText('3');
    await people.getByRole('button', { name: `Check out ${byName.username}` }).click();
    await expect(page.getByTestId('count-checked-in')).toContainText('2');
    const row = people.getByTestId('attendance-person');
    await expect(row.getByTestId('person-status')).toContainText('checked out at');
    await row.getByRole('button', { name: `Correct hours of ${byName.username}` }).click();
    await row.getByLabel(`Hours for ${byName.username}`).fill('1');
    await row.getByRole('button', { name: 'Save hours' }).click();
    await expect(row.getByTestId('person-hours')).toHaveText('1 h');
    await people.getByLabel('Search by name').fill('');
    await expect(people.getByTestId('attendance-person')).toHaveCount(4);
    await expectNoSeriousA11yViolations(page);

    // Their hours as the server counts them: 2 (the drive's duration, still checked in), 2 (the
    // walk-in, the same) and 1 (corrected); and the organiser's 2 (the duration, uncorrected).
    const attendance = await attendanceOf(page.request, organiserToken, id);
    const theirs = attendance.people.filter((p) => !p.isOrganiser);
    expect(theirs.map((p) => p.hours).sort()).toEqual([1, 2, 2]);
    expect(attendance.people.find((p) => p.isOrganiser)?.hours).toBe(2);
    expect(attendance.totalHours).toBe(7);
    await expect(page.getByTestId('count-hours')).toContainText('7 h');

    // The landing page (its figures are cached for up to 30 s) moves by exactly those hours.
    await expect
      .poll(() => landingVolunteerHours(page), { timeout: 60_000, intervals: [3_000] })
      .toBe(before + attendance.totalHours);
  });

for (const screen of SCREENS)
  test(`a participant sees their pass on the drive's page and prints it (${screen.name})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    if (screen.viewport) await page.setViewportSize(screen.viewport);
    const stamp = Date.now();
    const organiser = await apiUser(page.request, { role: 'corporate', username: `cpo${stamp}` });
    const driveName = `Pass day ${stamp}`;
    const id = await driveStartingSoon(
      page.request,
      await apiToken(page.request, organiser.email),
      driveName,
    );
    const member = await apiUser(page.request, { username: `cpm${stamp}` });
    const token = await apiToken(page.request, member.email);
    // "Print pass" asks the browser to print: counted here instead of opening a dialog.
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await signIn(page, member.email);

    // No pass before joining.
    await page.goto(`/app/delive-detail/${id}`);
    await expect(page.getByRole('heading', { name: driveName })).toBeVisible();
    await page.getByRole('button', { name: 'Join drive' }).click();
    const passCard = page.getByRole('region', { name: 'Your pass' });
    await expect(passCard).toBeVisible();
    const { code } = await passOf(page.request, token, id);
    await expect(passCard.getByTestId('pass-code')).toHaveText(code.replaceAll('-', ' '));
    const qr = passCard.getByRole('img', { name: `QR code of your pass for ${driveName}` });
    await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml/);
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);

    // Print pass: the printed page is the pass alone.
    await passCard.getByRole('button', { name: 'Print pass' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    const copy = page.getByTestId('pass-print-copy');
    await expect(copy).toBeVisible();
    await expect(copy).toContainText(driveName);
    await expect(copy).toContainText(code.replaceAll('-', ' '));
    await expect(copy.getByRole('img')).toBeVisible();
    await expect(page.getByRole('heading', { name: driveName })).toBeHidden();
    await expect(passCard).toBeHidden();
    // Back on screen, the page is whole and the print copy hidden.
    await page.emulateMedia({ media: 'screen' });
    await expect(copy).toBeHidden();
    await expect(passCard).toBeVisible();
  });

test('a walk-in claims their attendance from the mailed invitation; their profile shows its hours and downloads their volunteer certificate', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const organiser = await apiUser(page.request, { role: 'corporate', username: `cwo${stamp}` });
  const organiserToken = await apiToken(page.request, organiser.email);
  const driveName = `Walk-in claim ${stamp}`;
  const id = await driveStartingSoon(page.request, organiserToken, driveName);

  // Checked in at the gate without an account; the invitation goes to the email they gave.
  const username = `cww${stamp}`;
  const email = `${username}@example.test`;
  const since = Date.now();
  const walkedIn = await page.request.post(`/api/drives/${id}/check-ins`, {
    headers: { 'x-auth-token': organiserToken },
    data: { walkIn: { name: `Walker ${stamp}`, email } },
  });
  expect(walkedIn.status(), await walkedIn.text()).toBe(200);
  const invitation = await waitForMail(mailDir(), email, since);
  const link = new URL(/https?:\/\/\S*[?&]claim=[\w-]+/.exec(invitation.text)![0]);

  // They create an account with that email, sign in and open the link.
  await apiUser(page.request, { username });
  await signIn(page, email);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText(ATTENDANCE_MESSAGES.claimed)).toBeVisible();
  await expect(page).toHaveURL(`/app/delive-detail/${id}`);
  await expect(page.getByRole('heading', { name: driveName })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Leave drive' })).toBeVisible();

  // Their own profile offers the year's certificate, a PDF.
  await page.goto('/app/settings-profile');
  await page.getByRole('link', { name: 'View your public profile' }).click();
  // Their profile counts the claimed attendance: the drive's 2 hours (checked in, not out).
  await expect(
    page.getByTestId('profile-counts').locator('div', { hasText: 'Volunteer hours' }).locator('dd'),
  ).toHaveText('2');
  const certificate = page.getByRole('region', { name: 'Volunteer certificate' });
  await expect(certificate.getByLabel('Year')).toHaveValue(String(new Date().getFullYear()));
  const download = page.waitForEvent('download');
  await certificate.getByRole('button', { name: 'Download certificate (PDF)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/volunteer-certificate-\d{4}\.pdf$/);
  const pdf = Buffer.concat(await (await file.createReadStream()).toArray());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expectNoSeriousA11yViolations(page);
});
