import { expect, test } from '@playwright/test';
import { signedInAccount } from '../support/shell-session';

test('a new member has one unread welcome notification; mark all as read empties the bell', async ({
  page,
}) => {
  await signedInAccount(page);
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await expect(page.getByTestId('notification-count')).toHaveText('1');

  await bell.click();
  const drawer = page.getByRole('dialog', { name: 'Notifications' });
  await expect(drawer).toBeVisible();
  const items = drawer.getByTestId('notification-item');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(/^Unread: Welcome/);
  await expect(drawer.getByText('1 unread')).toBeVisible();

  await drawer.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(drawer.getByText("You're all caught up.")).toBeVisible();
  await expect(items.first()).not.toContainText('Unread:');
  await expect(drawer.getByRole('button', { name: 'Mark all as read' })).toBeHidden();

  // Escape closes the drawer, focus returns to the bell, and the count is gone.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  const readBell = page.getByRole('button', { name: 'Notifications', exact: true });
  await expect(readBell).toBeFocused();
  await expect(page.getByTestId('notification-count')).toHaveCount(0);

  // Still read after a reload (the server kept it), and the close button works too.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Notifications', exact: true }).click();
  await expect(drawer.getByTestId('notification-item')).toHaveCount(1);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
});
