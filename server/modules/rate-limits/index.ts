import { defineModule } from '../module';
import { rateLimitsRepository } from './rate-limits.repository';
import { rateLimitsService, type RateLimitsService } from './rate-limits.service';

declare module '../module' {
  interface ServiceRegistry {
    rateLimits: RateLimitsService;
  }
}

/** Counters every app server shares: route limits on PostgreSQL, per-member limits. */
export const rateLimitsModule = defineModule({
  name: 'rateLimits',
  needs: [],
  tables: ['rate_limit_hits'],
  create: ({ db, clock }) => rateLimitsService({ db, repo: rateLimitsRepository, clock }),
  hooks: (rateLimits) => ({ prune: rateLimits.prune }),
});
