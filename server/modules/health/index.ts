import { defineModule } from '../module';
import { healthRoutes } from './health.routes';

declare module '../module' {
  interface ServiceRegistry {
    health: Record<string, never>;
  }
}

/** `/api/health` for load balancers and operators (the report is the metrics module's). */
export const healthModule = defineModule({
  name: 'health',
  needs: ['metrics'],
  tables: [],
  create: () => ({}),
  routes: [healthRoutes],
});
