import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createServices, type AppContext, type ContextInput } from './context';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { filesRoutes } from './modules/files/files.routes';
import { registerMultipart } from './modules/files/multipart';
import { registerApiDocs } from './plugins/api-docs';
import { registerCompression } from './plugins/compression';
import { registerErrorHandling } from './plugins/errors';
import { registerRateLimits } from './plugins/rate-limit';
import { registerRouteAccess } from './plugins/route-access';
import { requestSerializer } from './lib/log';
import type { TrustProxy } from './config';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticSpa } from './plugins/static-spa';
import { healthRoutes } from './modules/health/health.routes';
import { mapRoutes } from './modules/map/map.routes';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { nurseryRoutes } from './modules/nursery/nursery.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { usersRoutes } from './modules/users/users.routes';
import { statsRoutes } from './modules/stats/stats.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import { calendarFeedRoutes } from './modules/drives/calendar-feed.routes';
import { drivesRoutes } from './modules/drives/drives.routes';
import { donationsRoutes } from './modules/donations/donations.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { treeCareRoutes } from './modules/trees/tree-care.routes';
import { treesRoutes } from './modules/trees/trees.routes';
import { teamsRoutes } from './modules/teams/teams.routes';
import { dashboardsRoutes } from './modules/dashboards/dashboards.routes';
import { apiTokenWriteGuard } from './plugins/auth';

export type AppInstance = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** The services `createServices` built for this app (jobs and tests read them here). */
    services: AppContext;
  }
}

/**
 * Builds the whole app without listening; tests call this and use `inject`. Services come from
 * `createServices` (the one place they are built); `services` reads them back, e.g. for jobs.
 */
export async function buildApp(
  input: Omit<ContextInput, 'log'> & {
    /** Where log lines go instead of stdout (tests read them). */
    logStream?: { write(line: string): void };
  },
): Promise<FastifyInstance> {
  if (!input.config.sessionSecret)
    throw new Error('buildApp needs config.sessionSecret (main.ts resolves it)');
  const app = Fastify({
    logger: {
      level: input.config.logLevel,
      redact: ['req.headers["x-auth-token"]', 'req.headers.authorization', 'req.headers.cookie'],
      // Reset tokens, keys, codes and calendar feed addresses never reach the log.
      serializers: { req: requestSerializer },
      ...(input.logStream ? { stream: input.logStream } : {}),
    },
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(input.config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();
  const { logStream: _logStream, ...contextInput } = input;
  const ctx = createServices({ ...contextInput, log: app.log });
  app.decorate('services', ctx);
  const deps = ctx;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // Personal API tokens only read: any write carrying one is refused before anything else.
  app.addHook('onRequest', apiTokenWriteGuard(deps.apiTokens));

  await registerSecurityHeaders(app, deps.config.tileUrl, deps.config.webDistDir);
  await registerCompression(app);
  // With PostgreSQL every app server counts against the same limits (the shared table).
  await registerRateLimits(
    app,
    deps.config.rateLimitMultiplier,
    deps.database.dialect === 'postgres' ? deps.rateLimits.fastifyStore() : undefined,
  );
  // Work queued after a response (mail, slow account lookups) finishes before the database closes.
  app.addHook('onClose', () => deps.auth.settled());
  // Before any route: records each one and applies its declared rule (plugins/route-access.ts).
  registerRouteAccess(app, ctx.sessions);
  await registerApiDocs(app);
  await registerMultipart(app);

  for (const routes of [
    healthRoutes,
    mapRoutes,
    statsRoutes,
    newsletterRoutes,
    authRoutes,
    filesRoutes,
    notificationsRoutes,
    usersRoutes,
    geoRoutes,
    drivesRoutes,
    calendarFeedRoutes,
    donationsRoutes,
    paymentsRoutes,
    treesRoutes,
    treeCareRoutes,
    nurseryRoutes,
    teamsRoutes,
    dashboardsRoutes,
    apiTokensRoutes,
    onboardingRoutes,
  ])
    await app.register(routes(ctx));

  await registerStaticSpa(app, deps.config.webDistDir);
  return app;
}

/** Fastify 5 reads a hop count reliably only as a function (DESIGN §7); a list is passed as is. */
function trustProxyOption(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}
