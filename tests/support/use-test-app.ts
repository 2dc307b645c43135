import { afterEach } from 'vitest';
import type { DatabaseTarget } from './test-database';
import { buildTestApp, movableClock, type TestApp } from './test-app';

/**
 * A full app per test on `target`, its clock set to `now` by `setup()` and closed after the
 * test. Call inside `describe.each(databaseTargets)`.
 */
export function useTestApp(target: DatabaseTarget, now: string) {
  let t: TestApp | undefined;
  const clock = movableClock(now);
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const current = () => {
    if (!t) throw new Error('call setup() first');
    return t;
  };
  return {
    clock,
    /** A fresh app and database at `now`; answers the database. */
    async setup() {
      clock.set(now);
      t = await buildTestApp(target, { clock });
      return t.database.db;
    },
    get app() {
      return current().app;
    },
  };
}
