import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { createUnitOfWork, type UnitOfWork } from './db/unit-of-work';
import { collectJobs, type ModuleJobs } from './jobs/index';
import type { JobQueue, JobsPort, MailQueue } from './jobs/jobs-port';
import { createJobQueue } from './jobs/queue';
import { systemClock, type Clock } from './lib/clock';
import type { Log } from './lib/log';
import { mailerFromConfig, type Mailer } from './lib/mailer';
import { MODULES } from './modules';
import type { FileStore } from './modules/files/file-store';
import type { GeoTuning } from './modules/geo/geo.service';
import { mailOutbox } from './modules/mail/mail.service';
import {
  inDependencyOrder,
  type AnyModule,
  type HookKind,
  type HookRegistry,
  type ModuleDeps,
  type ModuleHooks,
  type ServiceRegistry,
} from './modules/module';
import { sessionAuth, type SessionAuth } from './plugins/auth';

/** What the outside world gives the app: configuration, database, time, mail, a log. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  mailer: Mailer;
  log: Log;
  /** Geocoder pacing and timeout; tests shorten them, production uses the defaults. */
  geo?: GeoTuning;
  /** Where uploaded bytes live; by default what `FILE_STORAGE` says (tests may wrap it). */
  fileStore?: FileStore;
}

/** Every module's service by its name, plus the shared machinery route plugins use. */
export interface Services extends ServiceRegistry {
  uow: UnitOfWork;
  sessions: SessionAuth;
  hooks: HookRegistry;
  jobs: JobsPort;
  /** Mail queued in the writing transaction (the 'mail' job sends it). */
  mail: MailQueue;
  /** The queue behind `jobs`: main.ts starts it with `background`; test apps run its tasks. */
  queue: JobQueue;
  /** Every manifest's tasks and schedules (and the daily prune), for `queue.start`. */
  background: ModuleJobs;
  /** The manifests in dependency order (the job runner and reports read them). */
  modules: ReadonlyArray<AnyModule>;
}

/** What route plugins, jobs and scripts receive: the deps plus every service. */
export type AppContext = AppDeps & Services;

export type ContextInput = Omit<AppDeps, 'clock' | 'mailer'> & { clock?: Clock; mailer?: Mailer };

/** Builds every module's service, in dependency order, each from its manifest's one factory. */
export function createServices(input: ContextInput): AppContext {
  const { config, database, log } = input;
  if (!config.sessionSecret)
    throw new Error('createServices needs config.sessionSecret (main.ts resolves it)');
  const clock = input.clock ?? systemClock;
  const mailer = input.mailer ?? mailerFromConfig(config, log);
  const uow = createUnitOfWork(database.db, (err) =>
    log.error({ err }, 'after-commit effect failed'),
  );
  const modules = inDependencyOrder(MODULES);
  const built = new Map<string, { service: unknown; hooks: ModuleHooks }>();
  // Dependants first: an account's drives go before the account, a drive's gifts before the drive.
  const hooks: HookRegistry = {
    all: <K extends HookKind>(kind: K) =>
      [...built.values()]
        .reverse()
        .flatMap(({ hooks }) => (hooks[kind] ? [hooks[kind] as NonNullable<ModuleHooks[K]>] : [])),
    one: <K extends HookKind>(kind: K) => {
      const [first] = hooks.all(kind);
      if (!first) throw new Error(`no module answers ${kind}`);
      return first;
    },
  };
  // graphile-worker on PostgreSQL, the jobs table on SQLite; every mail is a job.
  const queue = createJobQueue({ database, clock, log });
  const jobs = queue.jobs;
  const mail = mailOutbox({ jobs, clock });
  const deps: ModuleDeps = {
    config,
    database,
    db: database.db,
    uow,
    clock,
    log,
    mailer,
    mail,
    jobs,
    hooks,
    geo: input.geo,
    fileStore: input.fileStore,
  };
  for (const module of modules) {
    const ports = Object.fromEntries(module.needs.map((name) => [name, built.get(name)!.service]));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each factory's ports are checked by its manifest
    const service: unknown = module.create(deps, ports as any);
    built.set(module.name, { service, hooks: module.hooks?.(service as never) ?? {} });
  }
  const services = Object.fromEntries(
    [...built].map(([name, { service }]) => [name, service]),
  ) as unknown as ServiceRegistry;
  return {
    ...input,
    clock,
    mailer,
    ...services,
    uow,
    hooks,
    jobs,
    mail,
    queue,
    background: collectJobs(modules, (name) => built.get(name)?.service, deps),
    modules,
    sessions: sessionAuth(services.auth, services.apiTokens),
  };
}
