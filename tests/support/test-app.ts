import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { buildConfig, type Config } from '../../server/config';
import type { DatabaseHandle } from '../../server/db/database';
import type { Clock } from '../../server/lib/clock';
import type { Mailer } from '../../server/lib/mailer';
import { createTestDatabase, type DatabaseTarget } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close: () => Promise<void>;
}

/** A full app on a fresh database, ready for `app.inject`. */
export async function buildTestApp(
  target: DatabaseTarget,
  options: {
    config?: Partial<Config>;
    clock?: Clock;
    mailer?: Mailer;
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(target);
  const config = buildConfig({
    webDistDir: '/nonexistent-canopy-web',
    sessionSecret: 'test-secret-'.padEnd(40, 'x'),
    ...options.config,
  });
  const app = await buildApp({
    config,
    database,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A clock the test can move. */
export function movableClock(
  iso: string,
): Clock & { set(iso: string): void; advance(ms: number): void } {
  let current = new Date(iso).getTime();
  return {
    now: () => new Date(current),
    set: (next) => {
      current = new Date(next).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
