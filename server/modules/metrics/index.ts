import { defineModule } from '../module';
import { metricsRoutes } from './metrics.routes';
import { metricsService, type MetricsService } from './metrics.service';

declare module '../module' {
  interface ServiceRegistry {
    metrics: MetricsService;
  }
}

/**
 * `/api/metrics` for Prometheus (off unless METRICS_TOKEN is set) and the health report
 * `/api/health` gives: requests by route and status (app.ts observes every answer), the job
 * queue, mail, the database and its pool, and the process (memory, event-loop lag).
 */
export const metricsModule = defineModule({
  name: 'metrics',
  needs: ['outbox'],
  tables: [],
  create: ({ config, database, log }, { outbox }) =>
    metricsService({ config, database, log, outbox }),
  routes: [metricsRoutes],
});
