import { defineModule } from '../module';
import { dashboardsRoutes } from './dashboards.routes';
import { dashboardsService, type DashboardsService } from './dashboards.service';

declare module '../module' {
  interface ServiceRegistry {
    dashboards: DashboardsService;
  }
}

/** Each role's dashboard and the impact report, from the owning modules' read methods. */
export const dashboardsModule = defineModule({
  name: 'dashboards',
  needs: ['trees', 'drives', 'donations', 'teams'],
  tables: [],
  create: ({ clock }, ports) =>
    dashboardsService({
      clock,
      trees: ports.trees,
      drives: ports.drives,
      donations: ports.donations,
      // Team members see their organisation's dashboard too.
      organisationFor: ports.teams.organisationFor,
    }),
  routes: [dashboardsRoutes],
});
