import { defineModule } from '../module';
import { forestSharingRoutes } from './forest-sharing.routes';
import { forestSharingService, type ForestSharingService } from './forest-sharing.service';
import { forestRoutes } from './forest.routes';
import { forestService, type ForestService } from './forest.service';

declare module '../module' {
  interface ServiceRegistry {
    forest: ForestService & ForestSharingService;
  }
}

/**
 * A member's forest (issue 19 §2): a report composed from the trees module (trees and
 * allocations), donations (gifts), drives (names, dates) and drive updates (timeline). Sharing it
 * (§4): the member's public handle (`forest_profiles`, the module's one table), the public forest
 * and gift pages with their card images and link-preview tags.
 */
export const forestModule = defineModule({
  name: 'forest',
  needs: ['trees', 'donations', 'drives', 'driveUpdates', 'users'],
  tables: ['forest_profiles'],
  figures: ['forest', 'publicForest', 'publicGift', 'publicForestsAfter'],
  create: ({ uow, clock, config }, { trees, donations, drives, driveUpdates, users }) => ({
    ...forestService({ trees, donations, drives, driveUpdates, clock }),
    ...forestSharingService({ uow, clock, appUrl: config.appUrl, trees, donations, drives, users }),
  }),
  routes: [forestRoutes, forestSharingRoutes],
  hooks: (forest) => ({ onAccountDeleted: forest.onAccountDeleted }),
});
