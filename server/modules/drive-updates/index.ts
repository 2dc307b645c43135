import { defineModule } from '../module';
import { driveUpdatesRepository } from './drive-updates.repository';
import { driveUpdatesRoutes } from './drive-updates.routes';
import {
  DRIVE_UPDATE_NOTICES_JOB,
  driveUpdatesService,
  type DriveUpdatesService,
} from './drive-updates.service';

declare module '../module' {
  interface ServiceRegistry {
    driveUpdates: DriveUpdatesService;
  }
}

/**
 * Field updates on a drive (issue 19 §6): its organiser side and supplying nurseries post text and
 * photos; the drive's participants and donors are told once each, by a job. `updatesForDrives` is
 * the read method the donor's forest timeline calls.
 */
export const driveUpdatesModule = defineModule({
  name: 'driveUpdates',
  needs: ['drives', 'nursery', 'donations', 'files', 'notifications', 'users'],
  tables: ['drive_updates', 'drive_update_photos'],
  figures: ['updatesForDrives'],
  create: ({ uow, clock, jobs }, { drives, nursery, donations, files, notifications, users }) =>
    driveUpdatesService({
      uow,
      repo: driveUpdatesRepository,
      clock,
      jobs,
      files,
      drives,
      suppliedDrive: (nurseryId, driveId) => nursery.suppliedDrive(nurseryId, driveId),
      donorIds: (driveId) => donations.driveDonorIds(driveId),
      users,
      notifications,
    }),
  routes: [driveUpdatesRoutes],
  hooks: (updates) => ({
    onAccountDeleted: updates.onAccountDeleted,
    // Never refuses: lets the photos of a deleted drive's updates go after commit.
    guardDriveDeletion: updates.releaseDrivePhotos,
  }),
  tasks: (updates) => ({
    [DRIVE_UPDATE_NOTICES_JOB]: async (payload) => {
      await updates.sendNotices(payload);
    },
  }),
});
