import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import type { Config } from '../../server/config';
import type { memoryMailer } from './memory-mailer';
import type { DatabaseTarget } from './test-database';
import { buildTestApp, movableClock, type TestApp } from './test-app';

interface UseTestAppOptions {
  /** Emptied on every start. */
  mailer?: ReturnType<typeof memoryMailer>;
  config?: Partial<Config>;
  beforeReady?: (app: FastifyInstance) => void;
}

/**
 * A full app per test on `target`, its clock set to `now` on every start and closed after the
 * test. Call inside `describe.each(databaseTargets)`.
 */
export function useTestApp(target: DatabaseTarget, now: string, options: UseTestAppOptions = {}) {
  let t: TestApp | undefined;
  const clock = movableClock(now);
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const current = () => {
    if (!t) throw new Error('call start() or setup() first');
    return t;
  };
  /** A fresh app and database at `now`, `config` over the suite's own. */
  const start = async (config: Partial<Config> = {}) => {
    if (options.mailer) options.mailer.sent.length = 0;
    clock.set(now);
    t = await buildTestApp(target, {
      ...options,
      clock,
      config: { ...options.config, ...config },
    });
    return t;
  };
  return {
    clock,
    start,
    /** As start(), answering the database. */
    setup: async () => (await start()).database.db,
    /** The running app, its services and database. */
    get t() {
      return current();
    },
    get app() {
      return current().app;
    },
  };
}
