import type { UnitOfWork } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import type { NotificationsService } from '../notifications/notifications.service';
import { driveLink } from './drive-mapper';
import type { drivesRepository } from './drives.repository';

const DAY_MS = 86_400_000;
/** Enough for one run; anything left over is picked up by the next run. */
const BATCH = 200;

const when = (iso: string) => `${iso.slice(0, 10)} at ${iso.slice(11, 16)} UTC`;

/**
 * Day-before reminders: every drive starting within the next 24 hours whose reminder has not gone
 * out is claimed with a conditional UPDATE, and only the run whose update changed the row notifies
 * the participants. Claim and notices share one transaction, so a crash in between sends nothing
 * and the next run tries again; several app servers can run this at once. Returns drives reminded.
 */
export function driveReminders(deps: {
  uow: UnitOfWork;
  repo: typeof drivesRepository;
  clock: Clock;
  notifications: NotificationsService;
}) {
  const { uow, clock, notifications } = deps;
  return async function sendDueReminders(): Promise<number> {
    const now = clock.now();
    const due = await deps
      .repo(uow.db)
      .dueForReminder(now.toISOString(), new Date(now.getTime() + DAY_MS).toISOString(), BATCH);
    let sent = 0;
    for (const drive of due) {
      const claimed = await uow.withTransaction(async (tx) => {
        const repo = deps.repo(tx.db);
        if (!(await repo.claimReminder(drive.id, now.toISOString()))) return false;
        const participants = await repo.participantIds(drive.id);
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
        return true;
      });
      if (claimed) sent++;
    }
    return sent;
  };
}
