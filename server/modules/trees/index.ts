import { TREE_GIFT_PAID_JOB, TREE_GIFT_REFUNDED_JOB } from '../donations/tree-gift-ledger';
import { defineModule } from '../module';
import { giftAllocations, type GiftAllocations } from './gift-allocations';
import { treeCareRoutes } from './tree-care.routes';
import { treesStore } from './trees-people';
import { treesRoutes } from './trees.routes';
import { CARE_NOTICE_JOB, DEATH_NOTICE_JOB } from './tree-notices';
import { treeForest, type TreeForest } from './tree-forest';
import { treesService, type TreesService } from './trees.service';

declare module '../module' {
  interface ServiceRegistry {
    trees: TreesService & GiftAllocations & TreeForest;
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
    'tree_care_notices',
    'tree_gift_allocations',
  ],
  figures: [
    'communityImpact',
    'communityCharts',
    'ownerSummary',
    'plantedAtDrives',
    'memberFigures',
    'forestTotals',
    'forestTrees',
    'forestDriveIds',
  ],
  create: ({ uow, clock, config, database, mail, jobs, log }, ports) => {
    // Donors' gifts become trees (issue 19 §1): allocated in the registering transaction.
    const gifts = giftAllocations({
      uow,
      clock,
      sharedDatabase: database.dialect === 'postgres',
      gifts: ports.donations,
      notifications: ports.notifications,
    });
    const trees = treesService({
      uow,
      repo: treesStore(ports.users),
      clock,
      files: ports.files,
      notifications: ports.notifications,
      mail,
      jobs,
      log,
      appUrl: config.appUrl,
      drives: ports.drives,
      isDeliveredReservation: (driveId, reservationId) =>
        ports.nursery.isDeliveredTo(driveId, reservationId),
      driveDonorIds: async (driveId) =>
        (await ports.donations.driveDonations(driveId)).donors.flatMap((d) =>
          d.userId ? [d.userId] : [],
        ),
      gifts,
    });
    return { ...trees, ...gifts, ...treeForest({ db: uow.db, clock, users: ports.users }) };
  },
  routes: [treesRoutes, treeCareRoutes],
  hooks: (trees) => ({
    onAccountDeleted: trees.onAccountDeleted,
    reservationPlants: trees.reservationTreeCounts,
    treeOrigin: trees.get,
    memberFigures: trees.memberFigures,
    giftPlantings: trees.giftPlantings,
    prune: trees.prune,
  }),
  // Once a day (00:17 UTC), once across every app server: a tick missed while no server ran is
  // made up the next day (a task stays newly due until it is told; the digest is keyed by week).
  jobs: (trees) => [
    { name: 'tree care reminders', cron: '17 0 * * *', run: () => trees.sendCareReminders() },
  ],
  tasks: (trees) => ({
    [CARE_NOTICE_JOB]: async (payload) => {
      await trees.sendCareNotice(payload);
    },
    [DEATH_NOTICE_JOB]: (payload) => trees.sendDeathNotice(payload),
    [TREE_GIFT_PAID_JOB]: (payload) => trees.onGiftPaid(payload),
    [TREE_GIFT_REFUNDED_JOB]: (payload) => trees.onGiftRefunded(payload),
  }),
});
