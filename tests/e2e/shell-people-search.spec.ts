import { expect, test } from '@playwright/test';
import { apiUser, E2E_PASSWORD } from '../support/e2e-accounts';
import { signedInAccount } from '../support/shell-session';

// Three letters no other account in the run starts with, so the search finds this one member.
const prefix = () =>
  Array.from({ length: 3 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );

test('search a member by the first three letters of their username and open their profile', async ({
  page,
  request,
}) => {
  const other = await apiUser(request, { username: `${prefix()}${Date.now()}` });
  const login = await request.post('/api/users/login', {
    data: { email: other.email, password: E2E_PASSWORD },
  });
  const token = ((await login.json()) as { result: { token: string } }).result.token;
  const current = await request.get('/api/users/currentuser', {
    headers: { 'x-auth-token': token },
  });
  const otherId = ((await current.json()) as { user: { _id: string } }).user._id;

  await signedInAccount(page);
  const search = page.getByRole('combobox', { name: 'Search people' });

  // Fewer than three characters: the default quick links, no search.
  await search.click();
  await expect(search).toHaveAttribute('aria-expanded', 'true');
  const quickLinks = page.getByRole('listbox', { name: 'Quick links' });
  await expect(quickLinks.getByRole('option', { name: /Your profile/ })).toBeVisible();
  await search.fill(other.username.slice(0, 2));
  await expect(quickLinks).toBeVisible();

  // Three letters: the member appears; the keyboard picks them.
  await search.fill(other.username.slice(0, 3));
  const members = page.getByRole('listbox', { name: 'Members' });
  const option = members.getByRole('option', { name: new RegExp(other.username) });
  await expect(option).toBeVisible();
  await search.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(search).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await search.press('Escape');
  await expect(search).toHaveAttribute('aria-expanded', 'false');
  await search.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');

  await expect(page).toHaveURL(`/app/user-profile/${otherId}`);
  await expect(
    page.getByRole('heading', { name: new RegExp(other.username) }).first(),
  ).toBeVisible();
  await expect(search).toHaveValue('');

  // Nothing matching: a quiet "No members found", nothing breaks.
  await search.fill('zzzz-nobody-here');
  await expect(page.getByText('No members found.').first()).toBeVisible();

  // A failing search reads as no results.
  await page.route('**/api/trees/user-profile**', (route) =>
    route.fulfill({ status: 500, body: '{"success":false,"message":"boom","code":"X"}' }),
  );
  await search.fill('broken search');
  await expect(page.getByText('No members found.').first()).toBeVisible();
  await expect(page).toHaveURL(`/app/user-profile/${otherId}`);
  await expect(page.getByTestId('page-title')).toBeVisible();
});
