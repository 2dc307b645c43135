import { expect, test } from '@playwright/test';
import { TOUR_SLIDES } from '../../web/features/landing/tour-slides';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { signedInAccount } from '../support/shell-session';
import { themeAttribute } from '../support/theme';

const NOT_FOUND = "We couldn't find that page";

test('Features lists what Canopy does, and every in-app link leads to a real screen', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signedInAccount(page, { role: 'corporate' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Help' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Features' }).click();
  await expect(page).toHaveURL('/app/features');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Features');
  for (const group of ['Plant together', 'Donate', 'Your trees', 'Your account and the community'])
    await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();
  // Corporate accounts see what only they can do.
  await expect(page.getByRole('heading', { name: 'Organise drives' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const lists = page.getByTestId('feature-list');
  const links = await lists
    .getByRole('link')
    .evaluateAll((anchors) =>
      anchors.map((a) => [a.textContent ?? '', a.getAttribute('href') ?? ''] as const),
    );
  expect(links.length).toBeGreaterThan(15);
  for (const [label, href] of links) {
    if (href.startsWith('/api/')) {
      const docs = await page.request.get(href);
      expect(docs.status(), `${label} → ${href}`).toBe(200);
      continue;
    }
    await page.goto('/app/features');
    await page.getByTestId('feature-list').getByRole('link', { name: label }).first().click();
    const path = href.split('#')[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(page, `${label} → ${href}`).toHaveURL(new RegExp(`${path}(#.*)?$`));
    if (href.startsWith('/app/'))
      await expect(page.getByRole('heading', { name: NOT_FOUND }), `${label}`).toHaveCount(0);
    else await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
});

for (const theme of ['light', 'dark'] as const) {
  test(`the UI kit shows the shared components in both themes side by side (${theme} page)`, async ({
    page,
  }) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await signedInAccount(page);
    // For developers: off the members' sidebar, reached from Help's developer section.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Help' })
      .click();
    await page
      .getByRole('region', { name: 'For developers' })
      .getByRole('link', { name: 'UI components' })
      .click();
    await expect(page).toHaveURL('/app/components');
    await expect(page.locator('html')).toHaveAttribute('data-theme', themeAttribute(theme));
    const light = page.getByTestId('kit-canopy');
    const dark = page.getByTestId('kit-canopy-dark');
    await expect(light.getByRole('heading', { name: 'Light theme' })).toBeVisible();
    await expect(dark.getByRole('heading', { name: 'Dark theme' })).toBeVisible();
    for (const panel of [light, dark]) {
      await expect(panel.getByRole('button', { name: 'danger lg' })).toBeVisible();
      await expect(panel.getByText('Tree Quantity is required.')).toBeVisible();
      await expect(panel.getByText('Please correct the 2 fields marked above.')).toBeVisible();
      await expect(panel.getByTestId('empty-state')).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Try again' })).toBeVisible();
    }
    // The panels really differ: each paints its own theme's background.
    const background = (testId: string) =>
      page.getByTestId(testId).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background('kit-canopy')).not.toBe(await background('kit-canopy-dark'));

    // Busy state: the button turns off and says what it is doing.
    await light.getByRole('button', { name: 'Press to see busy' }).click();
    await expect(light.getByRole('button', { name: /Saving/ })).toBeDisabled();

    await expectNoSeriousA11yViolations(page);

    // The shell's overlays: a toast, the modal (Escape closes it, focus returns) and the drawer.
    await page.getByRole('button', { name: 'Success toast' }).click();
    await expect(page.getByText('A success toast.')).toBeVisible();
    const opener = page.getByRole('button', { name: 'Open a modal' });
    await opener.click();
    await expect(page.getByRole('dialog', { name: 'Example modal' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Example modal' })).toBeHidden();
    await expect(opener).toBeFocused();
    await page.getByRole('button', { name: 'Open the right drawer' }).click();
    const drawer = page.getByRole('dialog', { name: 'Example drawer' });
    await expect(drawer.getByText(/\(Asia\/Kolkata, GMT\+5:30\)/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });
}

test('/app/404 and unknown app paths show the not-found page with a way back; /app/blank is empty', async ({
  page,
}) => {
  await signedInAccount(page);
  for (const path of ['/app/404', '/app/no-such-screen']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL('/app/dashboard');
  await page.goto('/app/blank');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blank Page');
  await expect(page.getByTestId('blank-page')).toBeEmpty();
});

test('the Watch Demo tour walks through the real features and closes with Escape', async ({
  page,
}) => {
  await page.goto('/');
  const opener = page.getByRole('button', { name: 'Watch Demo' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'A quick tour of Canopy' });
  await expect(dialog).toBeVisible();
  for (const [index, slide] of TOUR_SLIDES.entries()) {
    await expect(dialog.getByTestId('tour-step')).toHaveText(
      `Step ${index + 1} of ${TOUR_SLIDES.length}`,
    );
    await expect(dialog.getByRole('heading', { name: slide.title })).toBeVisible();
    await expect(dialog.getByText(slide.text)).toBeVisible();
    if (index < TOUR_SLIDES.length - 1)
      await dialog.getByRole('button', { name: 'Next' }).press('Enter');
  }
  await expect(dialog.getByRole('link', { name: 'Start Growing' })).toHaveAttribute(
    'href',
    '/register',
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
