import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createServices, type AppContext, type ContextInput } from './context';
import { registerMultipart } from './modules/files/multipart';
import { registerApiDocs } from './plugins/api-docs';
import { registerCompression } from './plugins/compression';
import { registerErrorHandling } from './plugins/errors';
import { registerIdempotency } from './plugins/idempotency';
import { registerRateLimits } from './plugins/rate-limit';
import { registerRouteAccess } from './plugins/route-access';
import { requestSerializer } from './lib/log';
import type { TrustProxy } from './config';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticSpa } from './plugins/static-spa';
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
  // Every answer counted by its route pattern (never the raw URL) for /api/metrics, when it is on.
  if (ctx.metrics.enabled)
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? '(unmatched)';
      ctx.metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  // Personal API tokens only read: any write carrying one is refused before anything else.
  app.addHook('onRequest', apiTokenWriteGuard(deps.apiTokens));
  // Before compression: the kept answer is the serialized JSON, not its gzip.
  registerIdempotency(app, { sessions: ctx.sessions, keys: deps.idempotency });

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
  // Running jobs (a mail being sent) finish, up to a few seconds, before the database closes.
  app.addHook('onClose', () => deps.queue.stop());
  // Before any route: records each one and applies its declared rule (plugins/route-access.ts).
  registerRouteAccess(app, ctx.sessions);
  await registerApiDocs(app, { appUrl: deps.config.appUrl });
  await registerMultipart(app);

  // Each module's routes, in dependency order; each route carries its own access rule.
  for (const module of ctx.modules)
    for (const routes of module.routes ?? [])
      await app.register(async (scope) => {
        // Each route knows its module: the API docs name its operation by it (plugins/api-docs.ts).
        scope.addHook('onRoute', (route) => {
          route.config = { ...route.config, module: module.name };
        });
        await scope.register(routes(ctx));
      });

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
