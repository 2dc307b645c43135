import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import type { Clock } from './lib/clock';
import { systemClock } from './lib/clock';
import { createMailer, type Mailer } from './lib/mailer';
import { sessionTokens } from './lib/session-tokens';
import { authRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { authService, type AuthService } from './modules/auth/auth.service';
import { fileStoreFromConfig } from './modules/files/file-store';
import { filesRepository } from './modules/files/files.repository';
import { filesRoutes } from './modules/files/files.routes';
import { filesService, type FilesService } from './modules/files/files.service';
import { registerMultipart } from './modules/files/multipart';
import { sessionAuth, type SessionAuth } from './plugins/auth';
import { registerApiDocs } from './plugins/api-docs';
import { registerErrorHandling } from './plugins/errors';
import { registerRateLimits } from './plugins/rate-limit';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticSpa } from './plugins/static-spa';
import { healthRoutes } from './modules/health/health.routes';
import { mapRoutes } from './modules/map/map.routes';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { notificationsRepository } from './modules/notifications/notifications.repository';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import {
  notificationsService,
  type NotificationsService,
} from './modules/notifications/notifications.service';
import { usersRoutes } from './modules/users/users.routes';
import { statsRoutes } from './modules/stats/stats.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import { calendarFeedRoutes } from './modules/drives/calendar-feed.routes';
import { createDrivesService, drivesRoutes } from './modules/drives/drives.routes';
import type { GeoTuning } from './modules/geo/geo.service';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  mailer: Mailer;
  /** Geocoder pacing and timeout; tests shorten them, production uses the defaults. */
  geo?: GeoTuning;
}

/** What modules get: the deps plus the shared services built once per app. */
export interface AppContext extends AppDeps {
  auth: AuthService;
  sessions: SessionAuth;
  files: FilesService;
  notifications: NotificationsService;
}

export type AppInstance = FastifyInstance;

/** Builds the whole app without listening; tests call this and use `inject`. */
export async function buildApp(
  deps: Omit<AppDeps, 'clock' | 'mailer'> & { clock?: Clock; mailer?: Mailer },
): Promise<FastifyInstance> {
  const secret = deps.config.sessionSecret;
  if (!secret) throw new Error('buildApp needs config.sessionSecret (main.ts resolves it)');
  const app = Fastify({
    logger: {
      level: deps.config.logLevel,
      redact: ['req.headers["x-auth-token"]', 'req.headers.authorization', 'req.headers.cookie'],
    },
    bodyLimit: 1024 * 1024,
    trustProxy: false,
  }).withTypeProvider<ZodTypeProvider>();

  const clock = deps.clock ?? systemClock;
  const files = filesService({
    repo: filesRepository(deps.database.db),
    store: fileStoreFromConfig(deps.config, deps.database.db),
    clock,
  });
  const mailer =
    deps.mailer ??
    createMailer({ smtpUrl: deps.config.smtpUrl, from: deps.config.mailFrom }, app.log);
  const notifications = notificationsService(notificationsRepository(deps.database.db), clock);
  const auth = authService({
    repo: authRepository(deps.database.db),
    clock,
    mailer,
    tokens: sessionTokens(secret),
    secret,
    appUrl: deps.config.appUrl,
    ipLimitMultiplier: deps.config.rateLimitMultiplier,
    onMailError: (err) => app.log.error({ err }, 'sending mail failed'),
    onFirstVerified: (user) =>
      notifications.notify(user.id, {
        kind: 'welcome',
        title: 'Welcome to Canopy!',
        body: 'Your account is verified. Find a tree drive near you, or register a tree you planted.',
        link: '/app/delive-event',
      }),
  });
  const full: AppContext = {
    ...deps,
    clock,
    mailer,
    auth,
    sessions: sessionAuth(auth),
    files,
    notifications,
  };

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await registerSecurityHeaders(app, deps.config.tileUrl);
  await registerRateLimits(app, deps.config.rateLimitMultiplier);
  await registerApiDocs(app);
  await registerMultipart(app);

  await app.register(healthRoutes(full));
  await app.register(mapRoutes(full));
  await app.register(statsRoutes(full));
  await app.register(newsletterRoutes(full));
  await app.register(authRoutes(full));
  await app.register(filesRoutes(full));
  await app.register(notificationsRoutes(full));
  await app.register(usersRoutes(full));
  await app.register(geoRoutes(full));
  const drives = createDrivesService(full);
  await app.register(drivesRoutes(full, drives));
  await app.register(calendarFeedRoutes(full, drives));

  await registerStaticSpa(app, deps.config.webDistDir);
  return app;
}
