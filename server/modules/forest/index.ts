import { defineModule } from '../module';
import { forestRoutes } from './forest.routes';
import { forestService, type ForestService } from './forest.service';

declare module '../module' {
  interface ServiceRegistry {
    forest: ForestService;
  }
}

/**
 * A member's forest (issue 19 §2): a report owning no tables, composed from the trees module
 * (trees and allocations), donations (gifts), drives (names, dates) and drive updates (timeline).
 */
export const forestModule = defineModule({
  name: 'forest',
  needs: ['trees', 'donations', 'drives', 'driveUpdates'],
  tables: [],
  figures: ['forest'],
  create: (_deps, { trees, donations, drives, driveUpdates }) =>
    forestService({ trees, donations, drives, driveUpdates }),
  routes: [forestRoutes],
});
