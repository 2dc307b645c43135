import { expect, test, type Page } from '@playwright/test';
import { signIn, signedInAccount } from '../support/shell-session';

/**
 * Issue 23, item 1: a link opened in a new tab (from a mail, a calendar event, a notification)
 * finds the session of the tabs already open; signing out ends it in every tab; with every page
 * closed the session is gone.
 */
const SCREENS = [
  { name: 'desktop', viewport: null },
  { name: 'a 390 px phone', viewport: { width: 390, height: 844 } },
] as const;

const signInHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Sign in to Canopy' });

/** A click on the Dashboard link: in the sidebar, or in the drawer on a phone. */
async function openDashboardFromMenu(page: Page, phone: boolean) {
  let nav = page.getByRole('navigation', { name: 'Main' });
  if (phone) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    nav = page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Main' });
  }
  await nav.getByRole('link', { name: 'Dashboard' }).click();
}

for (const screen of SCREENS) {
  test(`on ${screen.name}, a new tab is signed in while another is open, signs out with it, and not after the last page closed`, async ({
    page,
    context,
  }) => {
    const phone = screen.viewport !== null;
    if (screen.viewport) await page.setViewportSize(screen.viewport);
    const { username, email } = await signedInAccount(page);

    // A deep link opened in a new tab of the same browser: the page, not the sign-in form.
    const second = await context.newPage();
    if (screen.viewport) await second.setViewportSize(screen.viewport);
    await second.goto('/app/my-trees');
    await expect(second.getByRole('heading', { level: 1, name: 'My Trees' })).toBeVisible();
    await expect(second).toHaveURL('/app/my-trees');
    await expect(second.getByLabel('Password', { exact: true })).toHaveCount(0);
    // Taken from the open tab, never through localStorage.
    expect(await second.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await second.evaluate(() => sessionStorage.getItem('token'))).toBe(
      await page.evaluate(() => sessionStorage.getItem('token')),
    );

    // Signing out in the first tab signs the second out: its next navigation asks to sign in.
    await page.getByRole('button', { name: `Account menu for ${username}` }).click();
    await page
      .getByRole('menu', { name: 'Account' })
      .getByRole('menuitem', { name: 'Logout' })
      .click();
    await expect(page).toHaveURL('/login');
    await expect.poll(() => second.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await openDashboardFromMenu(second, phone);
    await expect(second).toHaveURL(/\/login\?from=/);
    await expect(signInHeading(second)).toBeVisible();

    // Signed in again, then every page closed: a new page starts signed out.
    await signIn(second, email);
    await page.close();
    await second.close();
    const later = await context.newPage();
    if (screen.viewport) await later.setViewportSize(screen.viewport);
    await later.goto('/app/my-trees');
    await expect(later).toHaveURL(`/login?from=${encodeURIComponent('/app/my-trees')}`);
    await expect(signInHeading(later)).toBeVisible();
  });
}
