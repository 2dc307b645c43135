import { defineModule } from '../module';
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
  needs: ['trees', 'drives', 'donations', 'users'],
  tables: [],
  create: ({ clock, config }, ports) =>
    statsService(ports, clock, { currency: config.donations.currency }),
  routes: [statsRoutes],
});
