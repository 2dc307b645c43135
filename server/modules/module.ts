import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PublicProfile } from '../../contract/users';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { DatabaseHandle } from '../db/database';
import type { Database } from '../db/tables';
import type { Executor, Tx, UnitOfWork } from '../db/unit-of-work';
import type { JobsPort, MailAttachmentMaker, MailQueue } from '../jobs/jobs-port';
import type { Clock } from '../lib/clock';
import type { Log } from '../lib/log';
import type { Mailer } from '../lib/mailer';
import type { FileStore } from './files/file-store';
import type { GeoTuning } from './geo/geo.service';
import type { ChainLinks } from './nursery/chain-of-custody';

/** A route plugin of a module: `(ctx: AppContext) => plugin`. */
export type RoutesPlugin = (ctx: AppContext) => FastifyPluginAsyncZod;

/** What every module's factory receives besides its ports: the outside world and the shared machinery. */
export interface ModuleDeps {
  config: Config;
  database: DatabaseHandle;
  db: Executor;
  uow: UnitOfWork;
  clock: Clock;
  log: Log;
  /** Sends at once; only the mail job uses it. Services send through `mail`. */
  mailer: Mailer;
  /** Mail queued in the writing transaction. */
  mail: MailQueue;
  jobs: JobsPort;
  /** Every module's hooks of one kind, dependants first; read when called (modules built later count). */
  hooks: HookRegistry;
  /** Geocoder pacing (tests shorten it). */
  geo?: GeoTuning;
  /** Where uploaded bytes live, when a test wraps the configured store. */
  fileStore?: FileStore;
}

/** What a module answers to events other modules raise; each runs inside the caller's transaction. */
export interface ModuleHooks {
  /** A member deletes their account: clear or anonymise this module's rows. */
  onAccountDeleted?: (userId: string, tx: Tx) => Promise<void>;
  /**
   * A member's password was changed or reset (every other sign-in ends): end what the old
   * password let in beyond sessions, e.g. API tokens (issue 25, security 2).
   */
  onPasswordChanged?: (userId: string, tx: Tx) => Promise<void>;
  /** A drive is about to be deleted: a reason it may not be (shown to the organiser), or null. */
  guardDriveDeletion?: (driveId: string, tx: Tx) => Promise<string | null>;
  /** Read ports the nursery's chain of custody asks of the modules that own those facts. */
  reservationPlants?: ChainLinks['treeCounts'];
  treeOrigin?: ChainLinks['tree'];
  reservationDonors?: ChainLinks['donors'];
  reservationHasGifts?: ChainLinks['hasDonations'];
  /**
   * A member's public profile counts, answered by the modules owning each count (drives, trees):
   * they use users (names), so users cannot need them. Users merges the answers; a count no module
   * answers is 0.
   */
  memberFigures?: (userId: string) => Promise<Partial<PublicProfile['counts']>>;
  /**
   * The trees planted for a paid tree gift so far (its certificate prints them), answered by the
   * module that allocates gifts to trees; while none answers, every gift is funded, not planted.
   */
  giftPlantings?: (donationId: string) => Promise<GiftPlantings>;
  /**
   * A tree gift was claimed whole by its one recipient (issue 19 §5), in the claiming transaction:
   * the module allocating gifts to trees moves the planted trees into the claimer's forest.
   */
  onGiftClaimed?: (tx: Tx, claim: { donationId: string; claimerId: string }) => Promise<void>;
  /** Attachments this module makes for queued mail, by the kind a `MailAttachmentRef` names. */
  mailAttachments?: Readonly<Record<string, MailAttachmentMaker>>;
  /** Daily: remove this module's expired rows; returns how many. */
  prune?: (now: Date, signal?: AbortSignal) => Promise<number>;
}

/** What `giftPlantings` answers for one gift. */
export interface GiftPlantings {
  /** The trees (rows of `trees`) carrying the gift. */
  treeIds: string[];
  /** How many of the gift's trees are in the ground. */
  planted: number;
  /** The species' names of those trees, when known. */
  species?: string[];
}

export type HookKind = keyof ModuleHooks;

export interface HookRegistry {
  all<K extends HookKind>(kind: K): Array<NonNullable<ModuleHooks[K]>>;
  /** The one module answering a read port; throws at call time when none does. */
  one<K extends HookKind>(kind: K): NonNullable<ModuleHooks[K]>;
}

/** A job the module runs on a schedule; `cron` is a five-field crontab pattern (UTC). */
export interface ScheduledJob {
  name: string;
  cron: string;
  /** `signal` aborts when the queue stops (shutdown): a long job stops between batches. */
  run(signal?: AbortSignal): Promise<number>;
}

/** A job run once per enqueue (`jobs.enqueue(tx, name, payload)`), by name. */
export type TaskHandler = (payload: unknown) => Promise<void>;

/**
 * Every module's service by its name. Each manifest adds its own entry beside itself
 * (`declare module '../module' { interface ServiceRegistry { drives: DrivesService } }`), so route
 * plugins and ports are typed without a cycle through the list of manifests.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ServiceRegistry {}

export type ModuleName = keyof ServiceRegistry;

/**
 * One module: its service factory and the ports it needs, its routes (each with `config.access`),
 * hooks, jobs, the tables it owns and the read methods of the figures it owns.
 */
export interface ModuleManifest<
  Name extends ModuleName = ModuleName,
  Needs extends ModuleName = ModuleName,
> {
  name: Name;
  /** Modules whose services this one's factory receives as ports (built before it). */
  needs: readonly Needs[];
  /** Tables only this module's repositories name. */
  tables: ReadonlyArray<keyof Database>;
  /** Read methods of the service that own a figure reports show (stats, dashboards, reports). */
  figures?: ReadonlyArray<keyof ServiceRegistry[Name] & string>;
  /** The one factory signature: shared deps, and the services of `needs`. */
  create(deps: ModuleDeps, ports: Pick<ServiceRegistry, Needs>): ServiceRegistry[Name];
  routes?: ReadonlyArray<RoutesPlugin>;
  hooks?: (service: ServiceRegistry[Name]) => ModuleHooks;
  jobs?: (service: ServiceRegistry[Name], deps: ModuleDeps) => ReadonlyArray<ScheduledJob>;
  tasks?: (
    service: ServiceRegistry[Name],
    deps: ModuleDeps,
  ) => Readonly<Record<string, TaskHandler>>;
}

/** Declares a module; its service type is its `ServiceRegistry` entry, its ports follow `needs`. */
export function defineModule<const Name extends ModuleName, const Needs extends ModuleName = never>(
  manifest: ModuleManifest<Name, Needs>,
): ModuleManifest<Name, Needs> {
  return manifest;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a manifest whatever its ports
export type AnyModule = ModuleManifest<any, any>;

/**
 * The manifests with every module after the ones it needs (stable: the listed order otherwise).
 * A missing module or a cycle throws one line naming it.
 */
export function inDependencyOrder<M extends AnyModule>(modules: ReadonlyArray<M>): M[] {
  const byName = new Map(modules.map((m) => [m.name, m]));
  const done = new Set<string>();
  const ordered: M[] = [];
  const visit = (module: M, path: string[]) => {
    if (done.has(module.name)) return;
    if (path.includes(module.name))
      throw new Error(
        `module dependency cycle: ${[...path.slice(path.indexOf(module.name)), module.name].join(' → ')}`,
      );
    for (const need of module.needs) {
      const dependency = byName.get(need);
      if (!dependency) throw new Error(`module ${module.name} needs ${need}, which is not listed`);
      visit(dependency, [...path, module.name]);
    }
    done.add(module.name);
    ordered.push(module);
  };
  for (const module of modules) visit(module, []);
  return ordered;
}
