import { DRIVE_MESSAGES } from '../../../contract/drives';
import type { DriveRow } from '../../db/tables';
import type { Tx, UnitOfWork } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { conflict } from '../../lib/errors';
import type { SessionUser } from '../auth/auth.service';
import type { NewNotice, NotificationsService } from '../notifications/notifications.service';
import type { RateLimitsService } from '../rate-limits/rate-limits.service';
import { displayName, driveLink } from './drive-mapper';
import type { drivesRepository } from './drives.repository';

type DrivesRepository = ReturnType<typeof drivesRepository>;

/** Joins and leaves per member per drive within an hour (the message names the same number). */
export const PARTICIPATION_CHANGES_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

/** The organiser's one unread notice about a drive's joins and leaves, for the n-th change. */
export function participationNotice(
  drive: Pick<DriveRow, 'id' | 'name'>,
  who: string,
  joined: boolean,
  count: number,
): NewNotice {
  const verb = joined ? 'joined' : 'left';
  const link = driveLink(drive.id);
  const kind = joined ? 'drive_joined' : 'drive_left';
  if (count <= 1)
    return {
      kind,
      title: joined ? 'Someone joined your drive' : 'Someone left your drive',
      body: `${who} ${verb} "${drive.name}".`,
      link,
    };
  return {
    kind,
    title: 'People joined or left your drive',
    body: `${count} joins and leaves on "${drive.name}" since you last looked; the latest: ${who} ${verb}.`,
    link,
  };
}

/**
 * Joining and leaving a drive. Each member may change their participation in one drive at most
 * PARTICIPATION_CHANGES_PER_HOUR times an hour (counted on every app server), and the organiser's
 * notices about a drive are coalesced into one unread notification rather than one per change.
 */
export function driveParticipation(deps: {
  uow: UnitOfWork;
  repo: typeof drivesRepository;
  clock: Clock;
  notifications: NotificationsService;
  rateLimits: RateLimitsService;
  requireDrive: (id: string, on: DrivesRepository) => Promise<DriveRow>;
  /** In the leave's transaction: the member's attendance there goes too. */
  onLeft?: (tx: Tx, driveId: string, userId: string) => Promise<void>;
}) {
  const { uow, clock, notifications } = deps;

  const limitChanges = (user: SessionUser, driveId: string) =>
    deps.rateLimits.enforce(
      `drive-participation:${user.id}:${driveId}`,
      PARTICIPATION_CHANGES_PER_HOUR,
      HOUR_MS,
      DRIVE_MESSAGES.tooManyParticipationChanges,
    );

  const tellOrganiser = (drive: DriveRow, user: SessionUser, joined: boolean) => () =>
    notifications.notifyCoalesced(drive.organizer_id, `drive-participation:${drive.id}`, (n) =>
      participationNotice(drive, displayName(user), joined, n),
    );

  return {
    async join(user: SessionUser, id: string) {
      await limitChanges(user, id);
      return uow.withTransaction(async (tx) => {
        const drives = deps.repo(tx.db);
        const drive = await deps.requireDrive(id, drives);
        if (drive.organizer_id === user.id) throw conflict(DRIVE_MESSAGES.organiserCannotJoin);
        if (Date.parse(drive.starts_at) < clock.now().getTime())
          throw conflict(DRIVE_MESSAGES.pastDrive);
        if (await drives.addParticipant(id, user.id, clock.now().toISOString()))
          tx.afterCommit(tellOrganiser(drive, user, true));
        return { joined: true, participantCount: await drives.participantCount(id) };
      });
    },

    async leave(user: SessionUser, id: string) {
      await limitChanges(user, id);
      return uow.withTransaction(async (tx) => {
        const drives = deps.repo(tx.db);
        const drive = await deps.requireDrive(id, drives);
        if (await drives.removeParticipant(id, user.id)) {
          await deps.onLeft?.(tx, id, user.id);
          tx.afterCommit(tellOrganiser(drive, user, false));
        }
        return { joined: false, participantCount: await drives.participantCount(id) };
      });
    },
  };
}
