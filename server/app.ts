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
import { registerApiDocs } from './plugins/api-docs';
import { registerErrorHandling } from './plugins/errors';
import { registerRateLimits } from './plugins/rate-limit';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticSpa } from './plugins/static-spa';
import { healthRoutes } from './modules/health/health.routes';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { statsRoutes } from './modules/stats/stats.routes';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
}

export type AppInstance = FastifyInstance;

/** Builds the whole app without listening; tests call this and use `inject`. */
export async function buildApp(
  deps: Omit<AppDeps, 'clock'> & { clock?: Clock },
): Promise<FastifyInstance> {
  const full: AppDeps = { clock: systemClock, ...deps };
  const app = Fastify({
    logger: {
      level: full.config.logLevel,
      redact: ['req.headers["x-auth-token"]', 'req.headers.authorization', 'req.headers.cookie'],
    },
    bodyLimit: 1024 * 1024,
    trustProxy: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await registerSecurityHeaders(app, full.config.tileUrl);
  await registerRateLimits(app);
  await registerApiDocs(app);

  await app.register(healthRoutes(full));
  await app.register(statsRoutes(full));
  await app.register(newsletterRoutes(full));

  await registerStaticSpa(app, full.config.webDistDir);
  return app;
}
