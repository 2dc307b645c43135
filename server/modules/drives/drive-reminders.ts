import type { UnitOfWork } from '../../db/unit-of-work';
import type { JobsPort } from '../../jobs/jobs-port';
import type { Clock } from '../../lib/clock';
import type { NotificationsService } from '../notifications/notifications.service';
import { driveLink } from './drive-mapper';
import type { drivesRepository } from './drives.repository';

const DAY_MS = 86_400_000;
/** Enough for one run; anything left over is picked up by the next run. */
const BATCH = 200;
/** The job telling one drive's participants it starts within a day. */
export const DRIVE_REMINDER_JOB = 'drive reminder';

const when = (iso: string) => `${iso.slice(0, 10)} at ${iso.slice(11, 16)} UTC`;

/**
 * Day-before reminders through the jobs queue. The schedule (once per tick across app servers)
 * enqueues one job per drive starting within the next 24 hours whose reminder has not gone out,
 * keyed `drive-reminder:<drive>:<starts_at>` (one pending job per drive and date). The job tells
 * the participants and sets `reminder_sent_at`, the record of what was sent, in one transaction:
 * a job run twice, or for a date that has since moved or passed, tells nobody.
 */
export function driveReminders(deps: {
  uow: UnitOfWork;
  repo: typeof drivesRepository;
  clock: Clock;
  notifications: NotificationsService;
  jobs: JobsPort;
}) {
  const { uow, clock, notifications } = deps;
  return {
    /** The schedule: enqueues a reminder job per drive due; returns how many. */
    async sendDueReminders(): Promise<number> {
      const now = clock.now();
      const due = await deps
        .repo(uow.db)
        .dueForReminder(now.toISOString(), new Date(now.getTime() + DAY_MS).toISOString(), BATCH);
      if (due.length === 0) return 0;
      await uow.withTransaction(async (tx) => {
        for (const drive of due)
          await deps.jobs.enqueue(
            tx,
            DRIVE_REMINDER_JOB,
            { driveId: drive.id, startsAt: drive.starts_at },
            { key: `drive-reminder:${drive.id}:${drive.starts_at}` },
          );
      });
      return due.length;
    },

    /** The job: tells one drive's participants, once; returns 1 when it did. */
    async sendReminder(payload: unknown): Promise<number> {
      const { driveId, startsAt } = (payload ?? {}) as { driveId?: unknown; startsAt?: unknown };
      if (typeof driveId !== 'string' || typeof startsAt !== 'string')
        throw new Error('a drive reminder job without a drive and its start');
      const now = clock.now().toISOString();
      // Started already (the job waited too long): a "tomorrow" notice would be wrong.
      if (startsAt <= now) return 0;
      return uow.withTransaction(async (tx) => {
        const repo = deps.repo(tx.db);
        if (!(await repo.recordReminderSent(driveId, startsAt, now))) return 0;
        const drive = await repo.findById(driveId);
        if (!drive) return 0;
        const participants = await repo.participantIds(driveId);
        await notifications.notifyMany(
          participants,
          {
            kind: 'drive_reminder',
            title: `Tomorrow: ${drive.name}`,
            body: `"${drive.name}" starts ${when(drive.starts_at)} at ${drive.location_text}.`,
            link: driveLink(drive.id),
          },
          tx,
        );
        return 1;
      });
    },
  };
}
