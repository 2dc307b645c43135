import { expect, test } from '@playwright/test';
import { signedInAccount } from '../support/shell-session';

test('the sidebar reaches every General screen and the Settings submenu, inside the shell', async ({
  page,
}) => {
  await signedInAccount(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText('Dashboard');
  await expect(page).toHaveTitle('Dashboard · Canopy');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByText('Version v1.0')).toBeVisible();

  // A screen not built yet would land on the in-shell not-found page (title null).
  const general: ReadonlyArray<readonly [string, string, string | null]> = [
    ['My Plantations', '/app/mydelive-event', 'My Plantations'],
    ['Plantations', '/app/delive-event', 'Plantations'],
    ['Calendar', '/app/calendar', 'Calendar'],
    ['Donate Tree', '/app/donate-tree', 'Donate Tree'],
    ['Tree Registration', '/app/tree-registeration', 'Tree Registration'],
    ['My Trees', '/app/my-trees', 'My Trees'],
    ['Trees map', '/app/trees-map', 'Trees map'],
    ['Dashboard', '/app/dashboard', 'Dashboard'],
  ];
  for (const [label, path, screenTitle] of general) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    if (label !== 'Dashboard') {
      await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
        'aria-current',
        'page',
      );
      if (screenTitle) await expect(title).toHaveText(screenTitle);
      else {
        await expect(
          page.getByRole('heading', { name: "We couldn't find that page" }),
        ).toBeVisible();
        await expect(title).toHaveText('Page not found');
      }
    }
  }

  // Help: one entry (issue 23) opening the page that gathers help and tools, each its own screen;
  // the UI components showcase is for developers, off the members' sidebar.
  await expect(nav.getByRole('link', { name: 'UI components' })).toHaveCount(0);
  for (const [label, path] of [
    ['Getting started', '/app/getting-started'],
    ['Charts', '/app/charts'],
    ['Features', '/app/features'],
    ['Integration', '/app/integration'],
    ['UI components', '/app/components'],
  ] as const) {
    await nav.getByRole('link', { name: 'Help', exact: true }).click();
    await expect(page).toHaveURL('/app/help');
    await expect(title).toHaveText('Help');
    await page.getByRole('main').getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { name: "We couldn't find that page" })).toHaveCount(0);
  }

  // Settings is a collapsed submenu until opened (Profile, Billing, Transactions; Team for corporate).
  const settings = nav.getByRole('button', { name: 'Settings' });
  await expect(settings).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Profile' })).toBeHidden();
  await settings.click();
  await expect(settings).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL('/app/settings-profile');
  await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  await expect(title).not.toHaveText('Dashboard');
  await nav.getByRole('link', { name: 'Calendar' }).click();
  await expect(page).toHaveURL('/app/calendar');
  await expect(title).toHaveText('Calendar');
  await nav.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL('/app/settings-profile');

  // Arriving straight on a settings page opens the submenu by itself.
  await page.reload();
  await expect(nav.getByRole('button', { name: 'Settings' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(nav.getByRole('link', { name: 'Profile' })).toBeVisible();
  await nav.getByRole('button', { name: 'Settings' }).press('Enter');
  await expect(nav.getByRole('link', { name: 'Profile' })).toBeHidden();

  // The logo leads back to the user's dashboard.
  await page.getByRole('link', { name: 'Canopy home' }).first().click();
  await expect(page).toHaveURL('/app/dashboard');
  await expect(title).toHaveText('Dashboard');
});

test('spec routes /app/blank and /app/404, unknown paths, and a failing screen stay inside the shell', async ({
  page,
}) => {
  await signedInAccount(page);
  const nav = page.getByRole('navigation', { name: 'Main' });

  await page.goto('/app/blank');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blank Page');
  await expect(nav).toBeVisible();

  for (const path of ['/app/404', '/app/no-such-screen/at/all']) {
    await page.goto(path);
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible();
    await expect(nav).toBeVisible();
  }

  // A screen whose code cannot be loaded shows the error screen in the main area, with a way back.
  await page.route('**/assets/app-blank-*.js', (route) => route.abort());
  await page.evaluate(() => {
    history.pushState({}, '', '/app/blank');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(nav).toBeVisible();
  await page.unroute('**/assets/app-blank-*.js');
  await main.getByRole('link', { name: 'Back to your dashboard' }).click();
  await expect(page).toHaveURL('/app/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
});

test('the main area scrolls back to the top when the page title changes', async ({ page }) => {
  await signedInAccount(page);
  const main = page.getByRole('main');
  // Make the dashboard taller than the window, scroll down, then move to another screen.
  await main.evaluate((element) => {
    const spacer = document.createElement('div');
    spacer.style.height = '3000px';
    element.appendChild(spacer);
    element.scrollTop = 2000;
  });
  await expect.poll(() => main.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Plantations', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plantations');
  await expect.poll(() => main.evaluate((element) => element.scrollTop)).toBe(0);
});
