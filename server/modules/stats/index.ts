import { defineModule } from '../module';
import { statsRepository } from './stats.repository';
import { statsRoutes } from './stats.routes';
import { statsService, type StatsService } from './stats.service';

declare module '../module' {
  interface ServiceRegistry {
    stats: StatsService;
  }
}

/** The landing page's community figures and charts, asked of the modules that own them. */
export const statsModule = defineModule({
  name: 'stats',
  needs: ['trees'],
  tables: [],
  create: ({ db, clock, config }, { trees }) =>
    statsService(statsRepository(db), clock, trees, { currency: config.donations.currency }),
  routes: [statsRoutes],
});
