import { TREE_GIFT_PAID_JOB, TREE_GIFT_REFUNDED_JOB } from '../donations/tree-gift-ledger';
import { defineModule } from '../module';
import { giftAllocations, type GiftAllocations } from './gift-allocations';
import { GIFT_TREE_NEWS_JOB, giftTreeNews, type GiftTreeNews } from './gift-tree-news';
import {
  PLANTING_REMINDER_JOB,
  plantingReminders,
  type PlantingReminders,
} from './planting-reminders';
import { treeCareRoutes } from './tree-care.routes';
import { treesStore } from './trees-people';
import { treesRoutes } from './trees.routes';
import { CARE_NOTICE_JOB, DEATH_NOTICE_JOB, NEEDS_CARE_NOTICE_JOB } from './tree-notices';
import { treeForest, type TreeForest } from './tree-forest';
import { treePublic, type TreePublic } from './tree-public';
import { treePublicMap, type TreePublicMap } from './tree-public-map';
import { treePublicPlaces, type TreePublicPlaces } from './tree-public-place';
import { treePublicMapRoutes } from './tree-public-map.routes';
import { impactFigures, type ImpactFigures } from './tree-impact-figures';
import { treeCharts, type TreeCharts } from './tree-charts';
import { treeFourNumbers, type TreeFourNumbers } from './tree-four-numbers';
import { treeFourNumbersRoutes } from './tree-four-numbers.routes';
import { treesService, type TreesService } from './trees.service';
import { treeVerification } from './tree-verification';
import { treeVerificationRoutes } from './tree-verification.routes';

/** Issue 21 §2: verifying trees and the verifiers' queue (tree-verification.ts). */
interface TreeVerificationPorts {
  decideVerification: ReturnType<typeof treeVerification>['decide'];
  verificationQueue: ReturnType<typeof treeVerification>['queue'];
}

/** What donors and organisers are told about gifts becoming trees (issue 19 §1). */
type GiftNotices = Pick<GiftTreeNews, 'sendGiftTreeNews'> &
  Pick<PlantingReminders, 'sendPlantingReminders' | 'sendPlantingReminder'> & {
    pruneGiftTreeNews: GiftTreeNews['prune'];
    prunePlantingReminders: PlantingReminders['prune'];
  };

declare module '../module' {
  interface ServiceRegistry {
    trees: TreesService &
      GiftAllocations &
      TreeForest &
      TreePublic &
      TreePublicMap &
      TreePublicPlaces &
      GiftNotices &
      ImpactFigures &
      TreeCharts &
      TreeFourNumbers &
      TreeVerificationPorts;
  }
}

/** Registered trees, their measurements, care and health; owns tree counts and CO₂. */
export const treesModule = defineModule({
  name: 'trees',
  needs: ['files', 'notifications', 'drives', 'nursery', 'donations', 'users', 'teams', 'geo'],
  tables: [
    'trees',
    'tree_measurements',
    'tree_impact_cohorts',
    'tree_impact_partials',
    'tree_chart_snapshots',
    'tree_care_log',
    'tree_care_settings',
    'tree_care_notices',
    'tree_care_days',
    'tree_care_due',
    'tree_gift_allocations',
    'planting_reminders',
    'gift_tree_events',
    'gift_tree_news',
    'gift_allocation_backfill',
    'trees_geo',
    'tree_map_cells',
    'tree_drive_days',
    'tree_verification_drives',
    'tree_organiser_periods',
    'tree_owner_counts',
    'tree_replanting_counts',
    'tree_check_days',
  ],
  figures: [
    'communityImpact',
    'communityCharts',
    'communityTreeCounts',
    'unconfirmedImpact',
    'organiserTreeCounts',
    'ownerSummary',
    'plantedForOrganiser',
    'memberFigures',
    'hasTrees',
    'forestTotals',
    'forestTrees',
    'forestFigures',
    'publicForestTrees',
    'forestSpecies',
    'publicGiftTrees',
    'giftSpecies',
  ],
  create: ({ uow, clock, config, database, mail, jobs, log }, ports) => {
    // Donors hear what happens to the trees their gifts hold, at most once a day.
    const news = giftTreeNews({
      uow,
      clock,
      jobs,
      notifications: ports.notifications,
      users: ports.users,
    });
    // Donors' gifts become trees (issue 19 §1): allocated in the registering transaction.
    const gifts = giftAllocations({
      news,
      uow,
      clock,
      sharedDatabase: database.dialect === 'postgres',
      gifts: ports.donations,
    });
    const store = treesStore(ports.users, ports.drives);
    // Who verifies a tree: its drive's organiser side, or its saplings' nursery (issue 21 §2).
    const verification = treeVerification({
      uow,
      repo: store,
      clock,
      users: ports.users,
      notifications: ports.notifications,
      ports: {
        driveBriefs: (ids) => ports.drives.briefs(ids),
        organisesDrives: async (ids) => (await ports.drives.organisedDriveIds(ids, 1)).length > 0,
        managesDrivesOf: (userId, organisationId) =>
          ports.teams.managesDrivesOf(userId, organisationId),
        managedOrganisations: (userId) => ports.teams.managedOrganisations(userId),
        reservationNursery: async (id) =>
          (await ports.nursery.reservationNurseries([id])).get(id) ?? null,
        suppliedReservationIds: (nurseryId, except) =>
          ports.nursery.suppliedReservationIds(nurseryId, except),
      },
    });
    const trees = treesService({
      uow,
      repo: store,
      onMeasurementPhoto: verification.onMeasurementPhoto,
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
      news,
      gifts,
    });
    // The day after a drive that owes donors trees, its organiser side is reminded.
    const reminders = plantingReminders({
      uow,
      clock,
      jobs,
      mail,
      appUrl: config.appUrl,
      notifications: ports.notifications,
      drives: ports.drives,
      gifts: ports.donations,
      users: ports.users,
    });
    // The community's tree charts (made by a job, stored, read as one row) and each member's
    // own trees' figures (stored per member, marked out of date by their writes).
    const charts = treeCharts({ db: uow.db, clock });
    return {
      ...trees,
      ...gifts,
      decideVerification: verification.decide,
      verificationQueue: verification.queue,
      sendGiftTreeNews: news.sendGiftTreeNews,
      pruneGiftTreeNews: news.prune,
      sendPlantingReminders: reminders.sendPlantingReminders,
      sendPlantingReminder: reminders.sendPlantingReminder,
      prunePlantingReminders: reminders.prune,
      ...treeForest({ db: uow.db, clock, users: ports.users, own: charts.ownerTreeFigures }),
      // The community's impact figure: partials a job keeps, plus the rows written since.
      ...impactFigures({ uow, clock }),
      ...charts,
      // The four honest numbers' tree counts (issue 21 §3): the community's and a drive's.
      ...treeFourNumbers({
        db: uow.db,
        clock,
        ports: {
          treesFundedForDrive: (id) => ports.donations.treesFundedForDrive(id),
          driveExists: async (id) => (await ports.drives.briefs([id])).has(id),
        },
      }),
      // The public forest and gift pages (issue 19 §4): rounded places, bounded lists.
      ...treePublic({ db: uow.db, clock, own: charts.ownerTreeFigures }),
      // The landing page's map (issue 23): the grid's counts, coarse and rounded.
      ...treePublicMap({ db: uow.db, clock }),
      // The place others see, named by the geocoder around the point (issue 25).
      ...treePublicPlaces({
        db: uow.db,
        clock,
        log,
        areaName: (lat, lng, memberId) => ports.geo.areaName(lat, lng, memberId),
      }),
    };
  },
  routes: [
    treesRoutes,
    treeCareRoutes,
    treeFourNumbersRoutes,
    treeVerificationRoutes,
    treePublicMapRoutes,
  ],
  hooks: (trees) => ({
    onAccountDeleted: trees.onAccountDeleted,
    reservationPlants: trees.reservationTreeCounts,
    treeOrigin: trees.get,
    memberFigures: trees.memberFigures,
    giftPlantings: trees.giftPlantings,
    onGiftClaimed: trees.onGiftClaimed,
    prune: async (now: Date, signal?: AbortSignal) =>
      (await trees.prune(now, signal)) +
      (await trees.pruneGiftTreeNews(now)) +
      (await trees.prunePlantingReminders(now)),
  }),
  // Once a day (00:17 UTC), once across every app server: a tick missed while no server ran is
  // made up the next day (a task stays newly due until it is told; the digest is keyed by week).
  jobs: (trees) => [
    {
      name: 'tree care reminders',
      cron: '17 0 * * *',
      run: (signal) => trees.sendCareReminders(signal),
    },
    // The day after a drive owing donors trees (06:23 UTC, once across servers; the record
    // makes it once per drive, and a missed day is made up).
    {
      name: 'planting reminders',
      cron: '23 6 * * *',
      run: () => trees.sendPlantingReminders(),
    },
    // The community impact figure's partials (0026): the species and sizes written to, each
    // minute, and every partial again within the hour as the plants grow.
    {
      name: 'impact figures',
      cron: '* * * * *',
      run: (signal) => trees.refreshImpactFigures(signal),
    },
    // The community's tree charts (0030), made again from every tree in yielding batches.
    {
      name: 'community charts',
      cron: '*/10 * * * *',
      run: (signal) => trees.refreshCommunityCharts(signal),
    },
    // Trees registered or moved since the last pass get the place others see (issue 25).
    {
      name: 'public places',
      cron: '* * * * *',
      run: (signal) => trees.namePublicPlaces(signal),
    },
    // Trees and gifts older than allocations (0017), once, a few batches a tick; a no-op after.
    {
      name: 'gift allocation backfill',
      cron: '*/10 * * * *',
      run: () => trees.backfillAllocations(),
    },
  ],
  tasks: (trees) => ({
    [CARE_NOTICE_JOB]: async (payload) => {
      await trees.sendCareNotice(payload);
    },
    [DEATH_NOTICE_JOB]: (payload) => trees.sendDeathNotice(payload),
    [NEEDS_CARE_NOTICE_JOB]: (payload) => trees.sendNeedsCareNotice(payload),
    [TREE_GIFT_PAID_JOB]: (payload) => trees.onGiftPaid(payload),
    [GIFT_TREE_NEWS_JOB]: async (payload) => {
      await trees.sendGiftTreeNews(payload);
    },
    [PLANTING_REMINDER_JOB]: async (payload) => {
      await trees.sendPlantingReminder(payload);
    },
    [TREE_GIFT_REFUNDED_JOB]: (payload) => trees.onGiftRefunded(payload),
  }),
});
