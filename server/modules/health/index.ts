import { defineModule } from '../module';
import { healthRoutes } from './health.routes';

declare module '../module' {
  interface ServiceRegistry {
    health: Record<string, never>;
  }
}

/** `/api/health` for load balancers and operators. */
export const healthModule = defineModule({
  name: 'health',
  needs: [],
  tables: [],
  create: () => ({}),
  routes: [healthRoutes],
});
