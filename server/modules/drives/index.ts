import { defineModule } from '../module';
import { DRIVE_PASS_ATTACHMENT, DRIVE_REMINDER_JOB } from './drive-reminders';
import { driveShowcase, type DriveShowcase } from './drive-showcase';
import { driveShowcaseRoutes } from './drive-showcase.routes';
import { drivesStore } from './drives-people';
import { drivesRoutes } from './drives.routes';
import { attendanceRoutes } from './drive-attendance.routes';
import { drivesService, type DrivesService } from './drives.service';

declare module '../module' {
  interface ServiceRegistry {
    drives: DrivesService & DriveShowcase;
  }
}

/** Tree drives: organising, joining, calendars, reminders; owns participation and volunteer hours. */
export const drivesModule = defineModule({
  name: 'drives',
  needs: ['files', 'notifications', 'rateLimits', 'teams', 'users'],
  tables: [
    'drives',
    'drive_participants',
    'drive_organiser_months',
    'drive_community_months',
    'drive_countries',
    'drive_map_cells',
    'drive_attendance',
    'drive_attended_months',
    'drive_community_attended_months',
    'drive_member_totals',
  ],
  figures: [
    'volunteerHours',
    'communityCounts',
    'drivesPerCountry',
    'memberFigures',
    'hasOrganisedDrive',
    'hasJoinedDrive',
    'organisedSummary',
    'organisedDrivesAfter',
    'joinedUpcoming',
  ],
  create: ({ uow, clock, config, hooks, jobs, mail }, ports) => ({
    ...drivesService({
      uow,
      repo: drivesStore(ports.users),
      clock,
      files: ports.files,
      notifications: ports.notifications,
      rateLimits: ports.rateLimits,
      jobs,
      appUrl: config.appUrl,
      mail,
      passSecret: config.sessionSecret!,
      users: ports.users,
      // A drive that received money or saplings cannot be deleted: the owning modules say why.
      deleteGuards: () => hooks.all('guardDriveDeletion'),
      // A team's owners and admins organise and edit its organisation's drives.
      organisationRights: ports.teams.managesDrivesOf,
      organisationManagers: ports.teams.driveManagersOf,
    }),
    // The landing page's newest drives (issue 23).
    ...driveShowcase({ db: uow.db, clock }),
  }),
  routes: [drivesRoutes, attendanceRoutes, driveShowcaseRoutes],
  hooks: (drives) => ({
    onAccountDeleted: drives.onAccountDeleted,
    memberFigures: drives.memberFigures,
    mailAttachments: { [DRIVE_PASS_ATTACHMENT]: drives.passAttachment },
  }),
  jobs: (drives) => [
    { name: 'drive reminders', cron: '*/5 * * * *', run: () => drives.sendDueReminders() },
  ],
  tasks: (drives) => ({
    [DRIVE_REMINDER_JOB]: async (payload) => {
      await drives.sendReminder(payload);
    },
  }),
});
