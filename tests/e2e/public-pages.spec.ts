import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { themeAttribute } from '../support/theme';

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
}

test.describe('/documentation', () => {
  test('shows the documentation with every section', async ({ page }) => {
    await page.goto('/documentation');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const title of [
      'Introduction',
      'Account types',
      'Tree drives',
      'Donations',
      'Registering and nurturing trees',
      'Impact estimates',
      'Self-hosting',
      'API',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
    }
    await expect(page.getByText('npm install && npm start')).toBeVisible();
    const apiLink = page.getByRole('link', { name: 'Open the API reference' });
    await expect(apiLink).toHaveAttribute('href', '/api/docs');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute(
      'href',
      '/',
    );
  });

  test('a table-of-contents link scrolls to its section', async ({ page }) => {
    await page.goto('/documentation');
    const toc = page.getByRole('navigation', { name: 'Documentation' });
    const heading = page.getByRole('heading', { level: 2, name: 'Self-hosting' });
    await expect(heading).not.toBeInViewport();
    await toc.getByRole('link', { name: 'Self-hosting' }).click();
    await expect(page).toHaveURL(/\/documentation#self-hosting$/);
    await expect(heading).toBeInViewport();
    await expect(toc.getByRole('link', { name: 'Self-hosting' })).toHaveAttribute(
      'aria-current',
      'location',
    );

    // The last section is short and cannot reach the top of the screen; it is still marked.
    await toc.getByRole('link', { name: 'API', exact: true }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: 'API', exact: true }),
    ).toBeInViewport();
    await expect(toc.getByRole('link', { name: 'API', exact: true })).toHaveAttribute(
      'aria-current',
      'location',
    );
  });

  test('on a phone the table of contents folds away and works from the keyboard', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/documentation');
    const toc = page.getByRole('navigation', { name: 'Documentation' });
    const toggle = toc.getByRole('button', { name: 'On this page' });
    const link = toc.getByRole('link', { name: 'Impact estimates' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(link).toBeHidden();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(link).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(link).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.click();
    await link.click();
    await expect(page).toHaveURL(/#impact-estimates$/);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Impact estimates' }),
    ).toBeInViewport();
    await expect(link).toBeHidden();
  });

  test('opening a section address scrolls to it', async ({ page }) => {
    await page.goto('/documentation#api');
    await expect(
      page.getByRole('heading', { level: 2, name: 'API', exact: true }),
    ).toBeInViewport();
  });
});

test.describe('/landing-page', () => {
  test('has the Home, Story, Gallery and Contact Us links, and its anchors work', async ({
    page,
  }) => {
    await page.goto('/landing-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Story', 'Gallery', 'Contact Us']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }

    await nav.getByRole('link', { name: 'Story' }).click();
    await expect(page).toHaveURL(/\/landing-page#story$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Story' })).toBeInViewport();

    await nav.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/landing-page#contact-us$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Contact Us' })).toBeInViewport();
    await expect(page.getByRole('link', { name: 'hello@canopy.example' })).toHaveAttribute(
      'href',
      'mailto:hello@canopy.example',
    );

    await nav.getByRole('link', { name: 'Gallery' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Gallery' })).toBeInViewport();
    const tiles = page.locator('#gallery figure');
    expect(await tiles.count()).toBeGreaterThanOrEqual(6);
    for (const image of await page.locator('#gallery figure [role="img"]').all()) {
      expect((await image.getAttribute('aria-label'))?.length ?? 0).toBeGreaterThan(20);
    }

    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('on a phone every header link stays reachable', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/landing-page');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Story', 'Gallery', 'Contact Us']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeInViewport();
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await nav.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Contact Us' })).toBeInViewport();
  });
});

test.describe('account screens', () => {
  const screens = [
    { path: '/login', title: 'Sign in to Canopy' },
    { path: '/register', title: 'Create your Canopy account' },
    { path: '/forgot-password', title: 'Forgot your password?' },
    { path: '/reset-password', title: 'Reset your password' },
    { path: '/otp', title: 'Verify your email' },
  ];

  for (const screen of screens) {
    test(`${screen.path} shows its heading in the brand layout`, async ({ page }) => {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.title);
      await expect(page.getByRole('main')).toBeVisible();
      const brand = page.getByRole('complementary', { name: 'About Canopy' });
      await expect(brand).toContainText(
        'Continue your green journey — every tree you nurture grows a greener tomorrow.',
      );
      await expect(brand).toContainText('Grow greener. Make impact.');
      await expect(brand.getByRole('link', { name: 'Canopy home' })).toHaveAttribute('href', '/');
      await expect(page.getByTestId('theme-toggle')).toBeVisible();
    });
  }

  test('login links to forgot-password and register, and they link back', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByRole('link', { name: 'Create New Account' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your Canopy account');
    await page.getByRole('link', { name: /sign in/i }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto('/reset-password');
    await expect(page.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
    await page.goto('/otp');
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  test('on a phone the account screen is a single column', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/login');
    await expect(page.getByRole('complementary', { name: 'About Canopy' })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Canopy home' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  });
});

test.describe('accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const path of ['/documentation', '/landing-page', '/login']) {
      test(`${path} has no serious or critical axe violations (${theme})`, async ({ page }) => {
        await setTheme(page, theme);
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', themeAttribute(theme));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      });
    }
  }
});
