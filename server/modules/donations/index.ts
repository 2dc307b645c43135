import { defineModule } from '../module';
import { paymentProviderFromConfig } from '../payments/payment-provider';
import { donationsStore } from './donations-people';
import { donationsRoutes } from './donations.routes';
import { donationsService, type DonationsService } from './donations.service';

declare module '../module' {
  interface ServiceRegistry {
    donations: DonationsService;
  }
}

/** Gifts of trees and money, receipts, billing details; owns every money figure. */
export const donationsModule = defineModule({
  name: 'donations',
  needs: ['notifications', 'nursery', 'drives', 'users'],
  tables: ['donations', 'receipt_counters', 'billing_profiles'],
  figures: ['totals', 'paidTotalsOf', 'receivedByMonth'],
  create: ({ uow, clock, config, mail, log }, { notifications, nursery, drives, users }) =>
    donationsService({
      uow,
      repo: donationsStore({ users, drives, nursery }),
      clock,
      settings: config.donations,
      provider: paymentProviderFromConfig(config),
      notifications,
      mail,
      appUrl: config.appUrl,
      log,
      saplingPricing: (driveId) => nursery.drivePricing(driveId),
    }),
  routes: [donationsRoutes],
  hooks: (donations) => ({
    onAccountDeleted: donations.onAccountDeleted,
    guardDriveDeletion: donations.refuseDriveDeletion,
    reservationDonors: async (reservationId, driveId) =>
      reservationId
        ? donations.reservationDonors(reservationId)
        : driveId
          ? (await donations.driveDonations(driveId)).donors.map(({ userId, name }) => ({
              userId,
              name,
            }))
          : [],
    reservationHasGifts: donations.hasAllocatedDonations,
  }),
});
