import { defineModule } from '../module';
import { nurseryRoutes } from './nursery.routes';
import { nurseryService, type NurseryService } from './nursery.service';
import { reservationsStore, stockStore } from './nursery-people';

declare module '../module' {
  interface ServiceRegistry {
    nursery: NurseryService;
  }
}

/**
 * Partner nurseries: stock, reservations, the chain of custody and the nursery dashboard. What the
 * chain needs of trees and donations comes through read ports those modules answer (their
 * `hooks`), so nothing here depends on them and they may depend on the nursery.
 */
export const nurseryModule = defineModule({
  name: 'nursery',
  needs: ['notifications', 'drives', 'users'],
  tables: ['nursery_stock', 'sapling_reservations'],
  create: ({ uow, clock, config, hooks }, { notifications, drives, users }) =>
    nurseryService({
      uow,
      stockRepo: stockStore({ users }),
      reservationsRepo: reservationsStore({ users, drives }),
      clock,
      notifications,
      currency: config.donations.currency,
      links: {
        treeCounts: (ids) => hooks.one('reservationPlants')(ids),
        tree: (callerId, id) => hooks.one('treeOrigin')(callerId, id),
        donors: (reservationId, driveId) => hooks.one('reservationDonors')(reservationId, driveId),
        hasDonations: (reservationId, executor) =>
          hooks.one('reservationHasGifts')(reservationId, executor),
        // The same rule that lets them edit the drive lets them reserve and cancel for it.
        actsForOrganiser: (user, organiserId) => drives.actsFor(user, organiserId),
        drive: (driveId) => drives.brief(driveId),
      },
    }),
  routes: [nurseryRoutes],
  hooks: (nursery) => ({
    onAccountDeleted: nursery.onAccountDeleted,
    guardDriveDeletion: nursery.refuseDriveDeletion,
  }),
});
