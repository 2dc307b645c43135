import { expect, test } from '@playwright/test';
import { API_TOKEN_MESSAGES, API_TOKEN_PATTERN } from '../../contract/api-tokens';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { signedInAccount } from '../support/shell-session';

/** A request as curl would send it: no browser, no session, only the token. */
const curlLike = (path: string, token: string, method = 'GET') =>
  fetch(new URL(path, process.env.CANOPY_E2E_URL), {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });

test('create an API token, read with it, be refused a write, revoke it', async ({ page }) => {
  const { email } = await signedInAccount(page);
  await page.goto('/app/integration');
  await expect(page.getByRole('heading', { level: 1, name: 'Integration' })).toBeVisible();
  // The calendar feature's own panel, the exports and the API reference are on the page.
  await expect(page.getByRole('heading', { name: 'Subscribe in your calendar app' })).toBeVisible();
  await expect(page.getByTestId('feed-url')).toHaveValue(/\/api\/calendar\/feed\/.+\.ics$/);
  await expect(page.getByRole('button', { name: 'Download My trees (CSV)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the API reference' })).toHaveAttribute(
    'href',
    '/api/docs',
  );
  const origin = new URL(page.url()).origin;
  await expect(page.getByTestId('curl-example')).toContainText(`${origin}/api/`);
  await expect(page.getByTestId('empty-state')).toContainText('No API tokens yet');
  await expectNoSeriousA11yViolations(page);

  // Nothing typed: the contract's message, beside the field.
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByText(API_TOKEN_MESSAGES.nameRequired)).toBeVisible();

  await page.getByLabel('Token name').fill('Reports script');
  await page.getByLabel('Expires').selectOption('30');
  await page.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy your new API token' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('alert')).toContainText('This is the only time');
  const secret = await dialog.getByTestId('token-secret').inputValue();
  expect(secret).toMatch(API_TOKEN_PATTERN);
  await expectNoSeriousA11yViolations(page, { include: 'dialog[open]' });
  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(dialog).toBeHidden();

  // Listed without its secret.
  const row = page.getByRole('row', { name: /Reports script/ });
  await expect(row).toContainText(secret.slice(0, 8));
  await expect(row).toContainText('Never');
  expect(await page.getByTestId('token-list').innerText()).not.toContain(secret);

  // A read works from outside the browser; a write is refused.
  const read = await curlLike('/api/users/currentuser', secret);
  expect(read.status).toBe(200);
  expect(((await read.json()) as { user: { email: string } }).user.email).toBe(email);
  const write = await curlLike('/api/notifications/read-all', secret, 'POST');
  expect(write.status).toBe(403);
  expect(((await write.json()) as { message: string }).message).toBe(API_TOKEN_MESSAGES.readOnly);

  // The list now says it was used.
  await page.reload();
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(2)).not.toHaveText('Never');

  await row.getByRole('button', { name: 'Revoke Reports script' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke API token' });
  await confirm.getByRole('button', { name: 'Revoke token' }).click();
  await expect(page.getByText(API_TOKEN_MESSAGES.revoked)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('empty-state')).toBeVisible();

  expect((await curlLike('/api/users/currentuser', secret)).status).toBe(401);
});
