import { WELCOME_NOTICE } from '../contract/onboarding';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { createUnitOfWork, type Tx, type UnitOfWork } from './db/unit-of-work';
import { systemClock, type Clock } from './lib/clock';
import type { Log } from './lib/log';
import { createMailer, type Mailer } from './lib/mailer';
import { sessionTokens } from './lib/session-tokens';
import { apiTokensRepository } from './modules/api-tokens/api-tokens.repository';
import { apiTokensService, type ApiTokensService } from './modules/api-tokens/api-tokens.service';
import { authRepository } from './modules/auth/auth.repository';
import { authService, type AuthService } from './modules/auth/auth.service';
import { calendarFeedRepository } from './modules/drives/calendar-feed.repository';
import {
  calendarFeedService,
  type CalendarFeedService,
} from './modules/drives/calendar-feed.service';
import { drivesRepository } from './modules/drives/drives.repository';
import { drivesService, type DrivesService } from './modules/drives/drives.service';
import { donationsRepository } from './modules/donations/donations.repository';
import { donationsService, type DonationsService } from './modules/donations/donations.service';
import { fileStoreFromConfig, type FileStore } from './modules/files/file-store';
import { filesRepository } from './modules/files/files.repository';
import { filesService, type FilesService } from './modules/files/files.service';
import { geoRepository } from './modules/geo/geo.repository';
import { geoService, type GeoService, type GeoTuning } from './modules/geo/geo.service';
import { nominatimClient } from './modules/geo/nominatim-client';
import { newsletterRepository } from './modules/newsletter/newsletter.repository';
import { newsletterService, type NewsletterService } from './modules/newsletter/newsletter.service';
import { onboardingService, type OnboardingService } from './modules/onboarding/onboarding.service';
import { notificationsRepository } from './modules/notifications/notifications.repository';
import { nurseryService, type NurseryService } from './modules/nursery/nursery.service';
import { reservationsRepository } from './modules/nursery/reservations.repository';
import { stockRepository } from './modules/nursery/stock.repository';
import {
  notificationsService,
  type NotificationsService,
} from './modules/notifications/notifications.service';
import { statsRepository } from './modules/stats/stats.repository';
import { statsService, type StatsService } from './modules/stats/stats.service';
import { dashboardsService, type DashboardsService } from './modules/dashboards/dashboards.service';
import { treesRepository } from './modules/trees/trees.repository';
import { treesService, type TreesService } from './modules/trees/trees.service';
import { teamsRepository } from './modules/teams/teams.repository';
import { teamsService, type TeamsService } from './modules/teams/teams.service';
import { paymentProviderFromConfig } from './modules/payments/payment-provider';
import { rateLimitsRepository } from './modules/rate-limits/rate-limits.repository';
import {
  rateLimitsService,
  type RateLimitsService,
} from './modules/rate-limits/rate-limits.service';
import { paymentsRepository } from './modules/payments/payments.repository';
import { paymentsService, type PaymentsService } from './modules/payments/payments.service';
import { usersRepository } from './modules/users/users.repository';
import { usersService, type UsersService } from './modules/users/users.service';
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

/**
 * A module's answer when a member deletes their account, run inside the deletion's transaction:
 * each module clears or anonymises its own tables and queues its notices with `tx.afterCommit`.
 */
export type AccountDeletedHook = (userId: string, tx: Tx) => Promise<void>;

/** Every service, built once per app by `createServices`. */
export interface Services {
  uow: UnitOfWork;
  auth: AuthService;
  sessions: SessionAuth;
  apiTokens: ApiTokensService;
  onboarding: OnboardingService;
  files: FilesService;
  notifications: NotificationsService;
  users: UsersService;
  drives: DrivesService;
  donations: DonationsService;
  payments: PaymentsService;
  calendarFeeds: CalendarFeedService;
  geo: GeoService;
  stats: StatsService;
  dashboards: DashboardsService;
  rateLimits: RateLimitsService;
  trees: TreesService;
  newsletter: NewsletterService;
  nursery: NurseryService;
  teams: TeamsService;
}

/** What route plugins, jobs and scripts receive: the deps plus every service. */
export type AppContext = AppDeps & Services;

export type ContextInput = Omit<AppDeps, 'clock' | 'mailer'> & { clock?: Clock; mailer?: Mailer };

/** The one place services are built; route plugins, jobs, scripts and tests receive them from here. */
export function createServices(input: ContextInput): AppContext {
  const { config, database, log } = input;
  const secret = config.sessionSecret;
  if (!secret) throw new Error('createServices needs config.sessionSecret (main.ts resolves it)');
  const clock = input.clock ?? systemClock;
  const mailer =
    input.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, log);
  const deps: AppDeps = { ...input, clock, mailer };
  const { db } = database;
  const uow = createUnitOfWork(db, (err) => log.error({ err }, 'after-commit effect failed'));

  const files = filesService({
    uow,
    repo: filesRepository,
    store: input.fileStore ?? fileStoreFromConfig(config, db),
    clock,
  });
  const notifications = notificationsService({ uow, repo: notificationsRepository, clock });
  // Partner nurseries; trees, donations and drives are asked when a request runs (built below).
  const nursery = nurseryService({
    uow,
    stockRepo: stockRepository,
    reservationsRepo: reservationsRepository,
    clock,
    notifications,
    currency: config.donations.currency,
    links: {
      treeCounts: (ids) => trees.reservationTreeCounts(ids),
      tree: (callerId, id) => trees.get(callerId, id),
      donors: async (reservationId, driveId) =>
        reservationId
          ? donations.reservationDonors(reservationId)
          : driveId
            ? (await donations.driveDonations(driveId)).donors.map(({ userId, name }) => ({
                userId,
                name,
              }))
            : [],
      hasDonations: (reservationId, executor) =>
        donations.hasAllocatedDonations(reservationId, executor),
      // The same rule that lets them edit the drive lets them reserve and cancel for it.
      actsForOrganiser: (user, organiserId) => drives.actsFor(user, organiserId),
      drive: async (driveId) => {
        const found = await drives.detail('', driveId).catch(() => null);
        return found ? { id: found.id, name: found.driveName, startsAt: found.driveDate } : null;
      },
    },
  });
  // Counters every app server shares (route limits with PostgreSQL, per-member limits, once-claims).
  const rateLimits = rateLimitsService({ db, repo: rateLimitsRepository, clock });
  const auth = authService({
    uow,
    repo: authRepository,
    clock,
    mailer,
    tokens: sessionTokens(secret),
    secret,
    appUrl: config.appUrl,
    ipLimitMultiplier: config.rateLimitMultiplier,
    // Several app servers may share PostgreSQL: a logout on one must hold on the others at once.
    sharedDatabase: database.dialect === 'postgres',
    rateLimits,
    onBackgroundError: (err) => log.error({ err }, 'background sign-in work failed'),
    onMailError: (err) => log.error({ err }, 'sending mail failed'),
    onFirstVerified: (user) => notifications.notify(user.id, WELCOME_NOTICE),
  });
  // One payment provider (Stripe, or the built-in test checkout) for creating and fulfilling.
  const paymentProvider = paymentProviderFromConfig(config);
  const donations = donationsService({
    uow,
    repo: donationsRepository,
    clock,
    settings: config.donations,
    provider: paymentProvider,
    notifications,
    mailer,
    appUrl: config.appUrl,
    log,
    saplingPricing: (driveId) => nursery.drivePricing(driveId),
  });
  const payments = paymentsService({
    uow,
    repo: paymentsRepository,
    clock,
    provider: paymentProvider,
    donations,
    log,
  });
  const teams = teamsService({
    uow,
    repo: teamsRepository,
    clock,
    mailer,
    notifications,
    appUrl: config.appUrl,
    onMailError: (err) => log.error({ err }, 'sending mail failed'),
  });
  const drives = drivesService({
    uow,
    repo: drivesRepository,
    clock,
    files,
    notifications,
    rateLimits,
    appUrl: config.appUrl,
    // A drive that received money cannot be deleted.
    deleteGuards: [donations.refuseDriveDeletion, nursery.refuseDriveDeletion],
    // A team's owners and admins organise and edit its organisation's drives.
    organisationRights: teams.managesDrivesOf,
  });
  const trees = treesService({
    uow,
    repo: treesRepository,
    clock,
    files,
    notifications,
    mailer,
    log,
    appUrl: config.appUrl,
    drives,
    isDeliveredReservation: (driveId, reservationId) =>
      nursery.isDeliveredTo(driveId, reservationId),
    driveDonorIds: async (driveId) =>
      (await donations.driveDonations(driveId)).donors.flatMap((d) => (d.userId ? [d.userId] : [])),
  });
  const apiTokens = apiTokensService({
    uow,
    repo: apiTokensRepository,
    clock,
    log,
    sharedDatabase: database.dialect === 'postgres',
  });
  const users = usersService({
    uow,
    repo: usersRepository,
    clock,
    auth,
    files,
    // Each module clears its own tables when an account goes; order: dependants first.
    onAccountDeleted: [
      nursery.onAccountDeleted,
      teams.onAccountDeleted,
      trees.onAccountDeleted,
      donations.onAccountDeleted,
      drives.onAccountDeleted,
      notifications.onAccountDeleted,
      apiTokens.onAccountDeleted,
      auth.onAccountDeleted,
    ],
  });
  const calendarFeeds = calendarFeedService({
    repo: calendarFeedRepository(db),
    clock,
    secret,
    appUrl: config.appUrl,
  });
  const geo = geoService({
    repo: geoRepository(db),
    client: nominatimClient({
      baseUrl: config.geocoderUrl,
      appUrl: config.appUrl,
      timeoutMs: input.geo?.timeoutMs,
      log,
    }),
    clock,
    tuning: input.geo,
  });

  return {
    ...deps,
    uow,
    auth,
    sessions: sessionAuth(auth, apiTokens),
    apiTokens,
    onboarding: onboardingService({
      drives,
      trees,
      donations,
      nurseryHasStock: async (userId) =>
        (await nursery.stock.list(userId, { scope: 'mine', page: 1, limit: 1 })).total > 0,
    }),
    files,
    notifications,
    users,
    drives,
    donations,
    payments,
    calendarFeeds,
    geo,
    stats: statsService(statsRepository(db), clock, trees),
    // Team members see their organisation's dashboard too.
    dashboards: dashboardsService({
      clock,
      trees,
      drives,
      donations,
      organisationFor: teams.organisationFor,
    }),
    rateLimits,
    trees,
    newsletter: newsletterService({ uow, repo: newsletterRepository, clock }),
    nursery,
    teams,
  };
}
