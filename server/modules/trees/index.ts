import { defineModule } from '../module';
import { treeCareRoutes } from './tree-care.routes';
import { treesStore } from './trees-people';
import { treesRoutes } from './trees.routes';
import { treesService, type TreesService } from './trees.service';

declare module '../module' {
  interface ServiceRegistry {
    trees: TreesService;
  }
}

/** Registered trees, their measurements, care and health; owns tree counts and CO₂. */
export const treesModule = defineModule({
  name: 'trees',
  needs: ['files', 'notifications', 'drives', 'nursery', 'donations', 'users'],
  tables: [
    'trees',
    'tree_measurements',
    'tree_care_log',
    'tree_care_settings',
    'tree_notice_claims',
  ],
  figures: [
    'communityImpact',
    'communityCharts',
    'ownerSummary',
    'plantedAtDrives',
    'memberFigures',
  ],
  create: ({ uow, clock, config, mailer, log }, ports) =>
    treesService({
      uow,
      repo: treesStore(ports.users),
      clock,
      files: ports.files,
      notifications: ports.notifications,
      mailer,
      log,
      appUrl: config.appUrl,
      drives: ports.drives,
      isDeliveredReservation: (driveId, reservationId) =>
        ports.nursery.isDeliveredTo(driveId, reservationId),
      driveDonorIds: async (driveId) =>
        (await ports.donations.driveDonations(driveId)).donors.flatMap((d) =>
          d.userId ? [d.userId] : [],
        ),
    }),
  routes: [treesRoutes, treeCareRoutes],
  hooks: (trees) => ({
    onAccountDeleted: trees.onAccountDeleted,
    reservationPlants: trees.reservationTreeCounts,
    treeOrigin: trees.get,
    memberFigures: trees.memberFigures,
  }),
  jobs: (trees) => [
    { name: 'tree care reminders', cron: '17 * * * *', run: () => trees.sendCareReminders() },
  ],
});
