import { expect, test, type Page } from '@playwright/test';

/**
 * The carousel's behaviour (spec §9) with three members' testimonials: the server's answer is
 * set here, as a fresh e2e server has none (landing-life.spec.ts opts a real one in).
 */
const THREE = [
  {
    name: 'Wanjiru Kamau',
    accountType: 'individual',
    quote: 'Forty neighbours plant with me now.',
    avatar: '',
  },
  {
    name: 'Greenleaf Industries',
    accountType: 'corporate',
    quote: 'Our board reads the real counts.',
    avatar: '',
  },
  {
    name: 'Priya Nair',
    accountType: 'individual',
    quote: 'The reminders got my neem through summer.',
    avatar: '',
  },
];

test.beforeEach(async ({ page }) => {
  await page.route('**/api/testimonials', (route) =>
    route.fulfill({ json: { success: true, data: THREE } }),
  );
});

function slides(page: Page) {
  return page.getByTestId('testimonial');
}

async function expectActive(page: Page, index: number) {
  const all = slides(page);
  await expect(all.nth(index)).toHaveAttribute('data-active', 'true');
  await expect(all.nth(index)).toBeVisible();
  for (let other = 0; other < 3; other += 1) {
    if (other === index) continue;
    await expect(all.nth(other)).toHaveAttribute('data-active', 'false');
    await expect(all.nth(other)).toBeHidden();
  }
  await expect(page.getByRole('button', { name: `Show testimonial ${index + 1}` })).toHaveAttribute(
    'aria-current',
    'true',
  );
}

test.describe('landing page testimonials', () => {
  test('advance on their own every 5 seconds, 0 → 1 → 2 → 0', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await expect(slides(page)).toHaveCount(3);
    await expectActive(page, 0);

    await page.clock.fastForward(5000);
    await expectActive(page, 1);
    await page.clock.fastForward(5000);
    await expectActive(page, 2);
    await page.clock.fastForward(5000);
    await expectActive(page, 0);
  });

  test('do not advance before 5 seconds have passed', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await expectActive(page, 0);
    await page.clock.fastForward(4000);
    await expectActive(page, 0);
    await page.clock.fastForward(1000);
    await expectActive(page, 1);
  });

  test('still advance with reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await expectActive(page, 0);
    await page.clock.fastForward(5000);
    await expectActive(page, 1);
  });

  test('pause while the pointer rests on them', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await expectActive(page, 0);
    await page.getByTestId('testimonials').hover();
    await page.clock.fastForward(6000);
    await expectActive(page, 0);
    await page.mouse.move(0, 0);
    await page.clock.fastForward(5000);
    await expectActive(page, 1);
  });

  test('a dot jumps to its testimonial', async ({ page }) => {
    await page.goto('/');
    await expectActive(page, 0);
    await page.getByRole('button', { name: 'Show testimonial 3' }).click();
    await expectActive(page, 2);
    await expect(slides(page).nth(2)).toContainText('Priya Nair');
    await page.getByRole('button', { name: 'Show testimonial 2' }).click();
    await expectActive(page, 1);
  });
});
