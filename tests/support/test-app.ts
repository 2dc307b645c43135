import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { buildConfig, type Config } from '../../server/config';
import { createServices, type AppContext } from '../../server/context';
import type { FileStore } from '../../server/modules/files/file-store';
import type { DatabaseHandle } from '../../server/db/database';
import type { Clock } from '../../server/lib/clock';
import type { Mailer } from '../../server/lib/mailer';
import { createTestDatabase, type DatabaseTarget } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  /** The services the app was built with (the same instances its routes use). */
  services: AppContext;
  database: DatabaseHandle;
  /** Resolves once no job is due or running: every mail queued so far has been sent. */
  idle: (timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
}

interface TestOptions {
  config?: Partial<Config>;
  clock?: Clock;
  mailer?: Mailer;
}

const testConfig = (overrides: Partial<Config> = {}) =>
  buildConfig({
    webDistDir: '/nonexistent-canopy-web',
    sessionSecret: 'test-secret-'.padEnd(40, 'x'),
    ...overrides,
  });

/** A silent logger for services built outside an app. */
export const quietLog = () => ({ info: () => {}, warn: () => {}, error: () => {} });

/** Services on a database without an HTTP app (jobs, service-level tests), from `createServices`. */
export function buildTestServices(
  database: DatabaseHandle,
  options: TestOptions & { log?: AppContext['log']; fileStore?: FileStore } = {},
): AppContext {
  return createServices({
    ...(options.fileStore ? { fileStore: options.fileStore } : {}),
    config: testConfig(options.config),
    database,
    log: options.log ?? quietLog(),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
  });
}

/** A full app on a fresh database, ready for `app.inject`. */
export async function buildTestApp(
  target: DatabaseTarget,
  options: TestOptions & { beforeReady?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(target);
  const app = await buildApp({
    config: testConfig(options.config),
    database,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
  });
  options.beforeReady?.(app);
  await app.ready();
  // Jobs run as in a real server (mail is delivered within moments); the schedules do not: tests
  // run reminders and digests themselves, with their own clock.
  await app.services.queue.start(app.services.background.tasks, []);
  return {
    app,
    services: app.services,
    database,
    idle: (timeoutMs?: number) => app.services.queue.idle(timeoutMs),
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
