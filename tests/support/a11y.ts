import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface A11yCheckOptions {
  /** Only this part of the page (a CSS selector), e.g. an open modal. */
  include?: string;
}

/**
 * Runs axe on the page once transitions have settled and fails on any serious or critical finding; the failure
 * lists each rule with the elements it found, so it says what to fix.
 */
export async function expectNoSeriousA11yViolations(page: Page, options: A11yCheckOptions = {}) {
  // axe reads colours as painted: let colour and opacity transitions (a nav item turning active
  // after a route change) finish first. Transitions always end; looping animations are not awaited.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  let builder = new AxeBuilder({ page });
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary}]` : ''}`)
          .join('; ')}`,
    ),
    'serious or critical accessibility findings',
  ).toEqual([]);
}
