import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { Clock } from '../lib/clock';
import { drivesRepository } from '../modules/drives/drives.repository';
import { driveLink } from '../modules/drives/drives.service';
import { notificationsRepository } from '../modules/notifications/notifications.repository';
import { notificationsService } from '../modules/notifications/notifications.service';

const DAY_MS = 86_400_000;
/** Enough for one run; anything left over is picked up five minutes later. */
const BATCH = 200;

const when = (iso: string) => `${iso.slice(0, 10)} at ${iso.slice(11, 16)} UTC`;

/**
 * Day-before reminders: every drive starting within the next 24 hours whose reminder has not gone
 * out is claimed with a conditional UPDATE, and only the run whose update changed the row notifies
 * the participants. Claim and notices share one transaction, so a crash in between sends nothing
 * and the next run tries again; several app servers can run this at once. Returns drives reminded.
 */
export async function sendDriveReminders(deps: {
  db: Kysely<Database>;
  clock: Clock;
}): Promise<number> {
  const now = deps.clock.now();
  const due = await drivesRepository(deps.db).dueForReminder(
    now.toISOString(),
    new Date(now.getTime() + DAY_MS).toISOString(),
    BATCH,
  );
  let sent = 0;
  for (const drive of due) {
    const claimed = await deps.db.transaction().execute(async (trx) => {
      const drives = drivesRepository(trx);
      if (!(await drives.claimReminder(drive.id, now.toISOString()))) return false;
      const participants = await drives.participantIds(drive.id);
      await notificationsService(notificationsRepository(trx), deps.clock).notifyMany(
        participants,
        {
          kind: 'drive_reminder',
          title: `Tomorrow: ${drive.name}`,
          body: `"${drive.name}" starts ${when(drive.starts_at)} at ${drive.location_text}.`,
          link: driveLink(drive.id),
        },
      );
      return true;
    });
    if (claimed) sent++;
  }
  return sent;
}
