import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiDrive, apiToken, localDayKey } from '../support/drives-e2e';
import { apiUser, codeIn, E2E_PASSWORD, mailDir } from '../support/e2e-accounts';
import { signIn } from '../support/shell-session';
import { waitForMail } from '../support/smtp-receiver';

const inviteLinkIn = (text: string) =>
  /(https?:\/\/\S+\/team-invite\?token=[\w-]+)/.exec(text)?.[1];

/** Puts `member` in `org`'s team through the API: the organisation invites, the member accepts the mailed token. */
async function apiJoinTeam(
  request: APIRequestContext,
  org: { email: string },
  member: { email: string },
): Promise<string> {
  const orgHeaders = { 'x-auth-token': await apiToken(request, org.email) };
  const mine = await request.get('/api/teams/mine', { headers: orgHeaders });
  const orgId = ((await mine.json()) as { data: { organisation: { id: string } }[] }).data[0]!
    .organisation.id;
  const since = Date.now();
  const invited = await request.post(`/api/teams/${orgId}/invites`, {
    headers: orgHeaders,
    data: { email: member.email, role: 'member' },
  });
  expect(invited.status()).toBe(201);
  const link = inviteLinkIn((await waitForMail(mailDir(), member.email, since)).text);
  const token = new URL(link!).searchParams.get('token')!;
  const accepted = await request.post('/api/teams/invites/accept', {
    headers: { 'x-auth-token': await apiToken(request, member.email) },
    data: { token },
  });
  expect(accepted.status()).toBe(200);
  return orgId;
}

test('a corporate owner invites by email; the invitee signs up from the mailed link and joins; the owner changes the role and removes them', async ({
  page,
  browser,
}) => {
  // Two people, two mailed messages and the sign-up's own pauses (3 s and 2 s).
  test.setTimeout(90_000);
  const owner = await apiUser(page.request, { role: 'corporate', username: `co${Date.now()}` });
  await signIn(page, owner.email);
  await page.goto('/app/settings-team');
  await expect(
    page.getByRole('heading', { level: 2, name: `${owner.username} team` }),
  ).toBeVisible();
  await expect(page.getByTestId('team-member')).toHaveCount(1);
  await expect(page.getByTestId('team-member')).toContainText('organisation account');
  await expect(page.getByText('No invites are waiting for an answer.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Owners and admins organise the organisation's drives from here.
  await page.getByRole('button', { name: `Organise a drive for ${owner.username}` }).click();
  await expect(page.getByRole('dialog', { name: 'Add New Tree Drive' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The form checks the address with the contract's schema before sending.
  const invite = page.getByRole('form', { name: 'Invite a member' });
  await invite.getByLabel('Email address').fill('not-an-email');
  await invite.getByRole('button', { name: 'Send invite' }).click();
  await expect(invite.getByText('Please enter a valid email address.')).toBeVisible();

  const username = `inv${Date.now()}`;
  const email = `${username}@example.test`;
  await invite.getByLabel('Email address').fill(email);
  await invite.getByLabel('Role').selectOption({ label: 'Admin' });
  const since = Date.now();
  await invite.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText(`Invite sent. ${email} will get a link by email.`)).toBeVisible();
  const pending = page.getByTestId('pending-invite');
  await expect(pending).toHaveCount(1);
  await expect(pending).toContainText(email);
  await expect(pending).toContainText('Admin');

  // The invitee opens the mailed link in their own browser, signed out.
  const mail = await waitForMail(mailDir(), email, since);
  const link = inviteLinkIn(mail.text);
  expect(link, 'the mail carries the invite link').toBeTruthy();
  const url = new URL(link!);
  const guestContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const guest = await guestContext.newPage();
  await guest.goto(`${url.pathname}${url.search}`);
  await expect(
    guest.getByRole('heading', { level: 1, name: 'Join a team on Canopy' }),
  ).toBeVisible();
  await expect(guest.getByTestId('invite-summary')).toContainText(
    `${owner.username} invited ${email}`,
  );
  await expect(guest.getByTestId('invite-summary')).toContainText('as admin');
  await expectNoSeriousA11yViolations(guest);
  await guest.getByRole('link', { name: 'Create an account' }).click();

  // Register with the invited address (filled in), verify, and come back to the invite.
  await expect(guest).toHaveURL(/\/register\?email=/);
  await expect(guest.getByLabel('Email')).toHaveValue(email);
  await guest.getByLabel('Username').fill(username);
  await guest.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await guest.getByLabel('Confirm password').fill(E2E_PASSWORD);
  await guest
    .getByRole('radiogroup', { name: 'Account type' })
    .getByText('Individual', { exact: true })
    .click();
  const registeredAt = Date.now();
  await guest.getByRole('button', { name: 'Create Account' }).click();
  await expect(guest).toHaveURL(/\/otp\?email=.*&from=/, { timeout: 6_000 });
  const code = codeIn((await waitForMail(mailDir(), email, registeredAt)).text);
  await guest.getByLabel('Verification code').fill(code!);
  await guest.getByRole('button', { name: 'Verify Email' }).click();
  await expect(guest.getByText(/Taking you back to where you started/)).toBeVisible();
  await expect(guest).toHaveURL(/\/app\/team-invite\?token=/, { timeout: 6_000 });
  await expect(guest.getByTestId('invite-summary')).toContainText(owner.username);
  await expectNoSeriousA11yViolations(guest);
  await guest.getByRole('button', { name: `Accept and join ${owner.username}` }).click();
  await expect(
    guest.getByText(`Welcome to the team! You are now in ${owner.username}.`),
  ).toBeVisible();
  await expect(guest).toHaveURL(/\/app\/settings-team\?organisation=/);
  await expect(guest.getByTestId('team-member')).toHaveCount(2);
  await expect(guest.getByText(`You are admin of ${owner.username}.`)).toBeVisible();

  // The owner sees the new admin, makes them a member, then removes them.
  await page.reload();
  const row = page.getByTestId('team-member').filter({ hasText: email });
  await expect(row).toBeVisible();
  const role = row.getByLabel(`Role of ${username}`);
  await expect(role).toHaveValue('admin');
  await expect(page.getByTestId('pending-invite')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await role.selectOption('member');
  await expect(page.getByText(`Role updated. ${username} is now member.`)).toBeVisible();
  await expect(role).toHaveValue('member');
  await row.getByRole('button', { name: `Remove ${username}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Member removed.')).toBeVisible();
  await expect(page.getByTestId('team-member')).toHaveCount(1);

  // The former member is in no team now, and is told why there is nothing to manage.
  await guest.goto('/app/settings-team');
  await expect(
    guest.getByRole('heading', { name: 'This is for corporate accounts' }),
  ).toBeVisible();
  await expect(
    guest.getByText(/when an organisation invites you, its team shows here/),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(guest);
  // The used link says so.
  await guest.goto(`/app${url.pathname}${url.search}`);
  await expect(guest.getByRole('alert')).toContainText('already been accepted');
  await guestContext.close();
});

test('an existing account accepts by signing in from the link; another account is told the invite is not theirs', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const owner = await apiUser(page.request, { role: 'corporate', username: `co${Date.now()}` });
  const invitee = await apiUser(page.request, { username: `ex${Date.now()}` });
  const stranger = await apiUser(page.request, { username: `st${Date.now()}` });
  // The organisation has an upcoming drive: its dashboard has figures for the new member to see.
  const driveName = `Team drive ${Date.now()}`;
  await apiDrive(page.request, await apiToken(page.request, owner.email), { driveName });
  await signIn(page, owner.email);
  await page.goto('/app/settings-team');
  const invite = page.getByRole('form', { name: 'Invite a member' });
  await invite.getByLabel('Email address').fill(invitee.email);
  const since = Date.now();
  await invite.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByTestId('pending-invite')).toContainText(invitee.email);
  const url = new URL(inviteLinkIn((await waitForMail(mailDir(), invitee.email, since)).text)!);
  const origin = new URL(page.url()).origin;

  // Signed in as someone else: a clear refusal, no Accept button.
  const otherContext = await browser.newContext({ baseURL: origin });
  const other = await otherContext.newPage();
  await signIn(other, stranger.email);
  await other.goto(`${url.pathname}${url.search}`);
  await expect(other).toHaveURL(/\/app\/team-invite\?token=/);
  await expect(other.getByRole('alert')).toContainText(
    'This invite was sent to another email address',
  );
  await expect(other.getByRole('button', { name: /Accept and join/ })).toHaveCount(0);
  await otherContext.close();

  // The invited person signs in from the link and comes straight back to accept.
  const guestContext = await browser.newContext({ baseURL: origin });
  const guest = await guestContext.newPage();
  await guest.goto(`${url.pathname}${url.search}`);
  await guest.getByRole('link', { name: 'Sign in to accept' }).click();
  await guest.getByLabel('Email').fill(invitee.email);
  await guest.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await guest.getByRole('button', { name: 'Sign In' }).click();
  await expect(guest).toHaveURL(/\/app\/team-invite\?token=/, { timeout: 6_000 });
  await guest.getByRole('button', { name: `Accept and join ${owner.username}` }).click();
  await expect(guest).toHaveURL(/\/app\/settings-team\?organisation=/);
  await expect(guest.getByText(`You are member of ${owner.username}.`)).toBeVisible();
  // Members see the team but do not manage it.
  await expect(guest.getByRole('form', { name: 'Invite a member' })).toHaveCount(0);
  await expect(guest.getByTestId('member-role').first()).toHaveText('Owner');

  // An individual in a team gets Team under Settings and the organisation's dashboard in the sidebar.
  const nav = guest.getByRole('navigation', { name: 'Main' });
  await expect(
    nav.getByRole('list', { name: 'Settings' }).getByRole('link', { name: 'Team', exact: true }),
  ).toBeVisible();
  await nav.getByRole('link', { name: 'Team dashboard' }).click();
  await expect(guest).toHaveURL(/\/app\/corporate-dashboard$/);
  await expect(guest.getByRole('heading', { level: 2, name: owner.username })).toBeVisible();
  await expect(guest.getByTestId('stat-drives').locator('.stat-value')).toHaveText('1');
  await expect(guest.getByTestId('stat-drives')).toContainText('1 upcoming');
  await expect(guest.getByRole('list', { name: 'Upcoming drives' })).toContainText(driveName);
  await expectNoSeriousA11yViolations(guest);
  await guestContext.close();

  await page.reload();
  await expect(page.getByTestId('team-member').filter({ hasText: invitee.email })).toBeVisible();
});

test("a member of two teams picks each organisation on the team dashboard and sees that organisation's own figures and report", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const alder = await apiUser(page.request, { role: 'corporate', username: `alder${stamp}` });
  const birch = await apiUser(page.request, { role: 'corporate', username: `birch${stamp}` });
  const member = await apiUser(page.request, { username: `two${stamp}` });
  // Alder organises one drive, Birch two: the figures tell the organisations apart.
  const alderDrive = `Alder drive ${stamp}`;
  const birchDrives = [`Birch drive one ${stamp}`, `Birch drive two ${stamp}`];
  await apiDrive(page.request, await apiToken(page.request, alder.email), {
    driveName: alderDrive,
  });
  const birchToken = await apiToken(page.request, birch.email);
  for (const driveName of birchDrives) await apiDrive(page.request, birchToken, { driveName });
  const alderId = await apiJoinTeam(page.request, alder, member);
  const birchId = await apiJoinTeam(page.request, birch, member);

  await signIn(page, member.email);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Team dashboard' })
    .click();
  await expect(page).toHaveURL(/\/app\/corporate-dashboard$/);
  const picker = page.getByRole('combobox', { name: 'Organisation' });
  await expect(picker.getByRole('option')).toHaveText([
    `${alder.username} (Member)`,
    `${birch.username} (Member)`,
  ]);
  await expectNoSeriousA11yViolations(page);
  const drives = page.getByTestId('stat-drives').locator('.stat-value');
  const upcoming = page.getByRole('list', { name: 'Upcoming drives' });

  // Birch: its two drives, named in the address.
  await picker.selectOption({ label: `${birch.username} (Member)` });
  await expect(page).toHaveURL(`/app/corporate-dashboard?organisation=${birchId}`);
  await expect(page.getByRole('heading', { level: 2, name: birch.username })).toBeVisible();
  await expect(drives).toHaveText('2');
  await expect(upcoming).toContainText(birchDrives[0]!);
  await expect(upcoming).toContainText(birchDrives[1]!);
  await expect(upcoming).not.toContainText(alderDrive);

  // Alder, picked with the keyboard (typing its first letter on the focused select): its one drive.
  await picker.focus();
  await expect(picker).toBeFocused();
  await page.keyboard.press('a');
  await expect(page).toHaveURL(`/app/corporate-dashboard?organisation=${alderId}`);
  await expect(page.getByRole('heading', { level: 2, name: alder.username })).toBeVisible();
  await expect(drives).toHaveText('1');
  await expect(upcoming).toContainText(alderDrive);
  await expect(upcoming).not.toContainText(birchDrives[0]!);

  // A reload keeps Alder; the impact report is Alder's.
  await page.reload();
  await expect(picker).toHaveValue(alderId);
  await expect(drives).toHaveText('1');
  // All time shows with empty period fields (issue 23 §3): the report names its two days.
  const period = page.getByRole('form', { name: 'Report period' });
  const from = new Date();
  from.setMonth(from.getMonth() - 11, 1);
  const to = new Date();
  to.setMonth(to.getMonth() + 1);
  await period.getByLabel('From').fill(localDayKey(from));
  await period.getByLabel('To').fill(localDayKey(to));
  const download = page.waitForEvent('download');
  await period.getByRole('button', { name: 'Download CSV' }).click();
  const csv = Buffer.concat(await (await (await download).createReadStream()).toArray()).toString(
    'utf8',
  );
  // One table with a section column (issue 25): the report's own rows first.
  expect(csv.split('\r\n')).toContainEqual(
    expect.stringMatching(new RegExp(`^report,Organisation,${alder.username},`)),
  );

  // Back returns to Birch's figures.
  await page.goBack();
  await expect(page).toHaveURL(`/app/corporate-dashboard?organisation=${birchId}`);
  await expect(picker).toHaveValue(birchId);
  await expect(drives).toHaveText('2');
});
