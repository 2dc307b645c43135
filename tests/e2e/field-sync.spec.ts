import { expect, test } from '@playwright/test';
import { IDEMPOTENCY_HEADER } from '../../contract/idempotency';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import {
  attendanceOf,
  apiToken,
  driveStartingSoon,
  joinDrive,
  passOf,
} from '../support/drives-e2e';
import { apiUser } from '../support/e2e-accounts';
import { signIn } from '../support/shell-session';

// Issue 24, "Work offline, sync later", at the check-in desk: passes typed without a signal are
// kept on the phone, upload once when it is back online, and a pass the server refuses stays in
// the queue with its message until it is discarded.

const SCREENS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'a 390 px phone', viewport: { width: 390, height: 844 } },
] as const;

const SAVED = 'Saved on this phone — will upload when you are online.';

for (const screen of SCREENS)
  test(`check-ins typed offline upload once when back online; a refused one waits with its message (${screen.name})`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(screen.viewport);
    const stamp = Date.now();
    const organiser = await apiUser(page.request, { role: 'corporate', username: `fso${stamp}` });
    const organiserToken = await apiToken(page.request, organiser.email);
    const driveName = `Field gate ${stamp}`;
    const id = await driveStartingSoon(page.request, organiserToken, driveName);
    const other = await driveStartingSoon(page.request, organiserToken, `Other gate ${stamp}`);
    const member = await apiUser(page.request, { username: `fsm${stamp}` });
    const memberToken = await apiToken(page.request, member.email);
    await joinDrive(page.request, memberToken, id);
    await joinDrive(page.request, memberToken, other);
    const pass = await passOf(page.request, memberToken, id);
    // A real pass, but for another drive: the server refuses it here.
    const wrong = await passOf(page.request, memberToken, other);

    await signIn(page, organiser.email);
    await page.goto(`/app/drives/${id}/check-in`);
    await expect(page.getByRole('heading', { name: `Check-in: ${driveName}` })).toBeVisible();

    // The signal drops at the gate.
    await context.setOffline(true);
    const scan = page.getByRole('region', { name: 'Scan a pass' });
    const code = scan.getByLabel('Pass code', { exact: true });
    const checkIn = scan.getByRole('button', { name: 'Check in', exact: true });
    await code.fill(pass.code);
    await checkIn.click();
    await expect(scan.getByTestId('check-in-outcome')).toHaveText(`Pass ${pass.code}: ${SAVED}`);
    await code.fill(wrong.code);
    await checkIn.click();
    await expect(scan.getByTestId('check-in-outcome')).toHaveText(`Pass ${wrong.code}: ${SAVED}`);
    const bar = page.getByTestId('outbox-bar');
    await expect(bar).toContainText(
      `2 items saved on this phone — will upload when you are online.`,
    );
    await expectNoSeriousA11yViolations(page);

    // Back online: the queue uploads in order by itself.
    await context.setOffline(false);
    await expect(bar).toContainText('1 item not accepted: fix or discard.');
    const attendance = await attendanceOf(page.request, organiserToken, id);
    expect(attendance.people.filter((p) => p.checkedIn).map((p) => p.name)).toEqual([
      member.username,
    ]);

    // The refusal stays with the server's words until the organiser discards it.
    await bar.getByRole('link', { name: 'See the queue' }).click();
    await expect(page).toHaveURL('/app/upload-queue');
    const item = page.getByRole('listitem', { name: `Pass ${wrong.code}` });
    await expect(item.getByRole('alert')).not.toBeEmpty();
    await expect(item).toContainText('Not accepted');
    await expectNoSeriousA11yViolations(page);
    await item.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByTestId('empty-state')).toBeVisible();
    await expect(bar).toHaveCount(0);

    // Signing out with something not uploaded asks first; staying keeps it, and it uploads.
    await page.goBack();
    await expect(page.getByRole('heading', { name: `Check-in: ${driveName}` })).toBeVisible();
    await context.setOffline(true);
    await code.fill(pass.code);
    await checkIn.click();
    await expect(scan.getByTestId('check-in-outcome')).toHaveText(`Pass ${pass.code}: ${SAVED}`);
    await page.getByRole('button', { name: `Account menu for ${organiser.username}` }).click();
    await page
      .getByRole('menu', { name: 'Account' })
      .getByRole('menuitem', { name: 'Logout' })
      .click();
    const ask = page.getByRole('dialog');
    await expect(ask).toContainText('Sign out and discard what is not uploaded?');
    await ask.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(bar).toContainText('1 item saved on this phone');
    await context.setOffline(false);
    await expect(bar).toHaveCount(0);
  });

test('the same check-in sent twice with one key is one attendance and one answer', async ({
  page,
}) => {
  const stamp = Date.now();
  const organiser = await apiUser(page.request, { role: 'corporate', username: `fsk${stamp}` });
  const organiserToken = await apiToken(page.request, organiser.email);
  const id = await driveStartingSoon(page.request, organiserToken, `Keyed gate ${stamp}`);
  const member = await apiUser(page.request, { username: `fsn${stamp}` });
  const memberToken = await apiToken(page.request, member.email);
  await joinDrive(page.request, memberToken, id);
  const { code } = await passOf(page.request, memberToken, id);
  const send = () =>
    page.request.post(`/api/drives/${id}/check-ins`, {
      headers: { 'x-auth-token': organiserToken, [IDEMPOTENCY_HEADER]: `gate-${stamp}` },
      data: { code },
    });
  const first = await send();
  const again = await send();
  expect(first.status()).toBe(200);
  expect(again.headers()['idempotent-replayed']).toBe('true');
  expect(await again.json()).toEqual(await first.json());
  const attendance = await attendanceOf(page.request, organiserToken, id);
  expect(attendance.people.filter((p) => p.checkedIn)).toHaveLength(1);
});
