import { expect, test, type Page } from '@playwright/test';
import { signedInAccount } from '../support/shell-session';

/**
 * No page trips the Content Security Policy: no inline script or style the policy refuses, and no
 * `eval` probe (zod's JIT check is off: the web build resolves `zod` to web/lib/zod-jitless.ts).
 */
function watchViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval|securitypolicyviolation/i.test(message.text()))
      seen.push(`${page.url()}: ${message.text()}`);
  });
  return seen;
}

/** Violations the page itself saw (some are reported only as events, not on the console). */
async function recordEvents(page: Page) {
  await page.addInitScript(() => {
    const store: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = store;
    document.addEventListener('securitypolicyviolation', (event) =>
      store.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
}
const eventsOn = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

test('the landing page, sign-in and an app page load without a CSP violation', async ({ page }) => {
  const seen = watchViolations(page);
  await recordEvents(page);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await eventsOn(page)).toEqual([]);

  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  // Typing runs the form's zod schema, which is where the eval probe used to happen.
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Email').blur();
  expect(await eventsOn(page)).toEqual([]);

  await signedInAccount(page);
  await page.goto('/app/delive-event');
  await page.waitForLoadState('networkidle');
  expect(await eventsOn(page)).toEqual([]);
  expect(seen).toEqual([]);
});
