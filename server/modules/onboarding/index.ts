import { defineModule } from '../module';
import { onboardingRoutes } from './onboarding.routes';
import { onboardingService, type OnboardingService } from './onboarding.service';

declare module '../module' {
  interface ServiceRegistry {
    onboarding: OnboardingService;
  }
}

/** The getting-started checklist: each step asked of the module that owns it. */
export const onboardingModule = defineModule({
  name: 'onboarding',
  needs: ['drives', 'trees', 'donations', 'nursery'],
  tables: [],
  create: (_deps, ports) =>
    onboardingService({
      drives: ports.drives,
      trees: ports.trees,
      donations: ports.donations,
      nurseryHasStock: async (userId) =>
        (await ports.nursery.stock.list(userId, { scope: 'mine', page: 1, limit: 1 })).total > 0,
    }),
  routes: [onboardingRoutes],
});
