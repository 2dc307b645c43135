import type { Tx, UnitOfWork } from '../../db/unit-of-work';
import type { JobsPort, MailQueue } from '../../jobs/jobs-port';
import type { Clock } from '../../lib/clock';
import { byLocale, translator } from '../../lib/i18n';
import { composeMail, mailLayout } from '../../lib/mailer';
import type { TreeGiftLedger } from '../donations/tree-gift-ledger';
import type { DrivesService } from '../drives/drives.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { UsersService } from '../users/users.service';
import { remindersRepository } from './planting-reminders.repository';

const DAY_MS = 86_400_000;
/** Drives read per step of the daily job. */
const BATCH = 200;
/** A drive is reminded the day after it ended; a tick missed is made up within this many days. */
const CATCH_UP_DAYS = 3;
/** The record of reminders is kept this long (a drive is never reminded later than that). */
const KEPT_DAYS = 30;

/** The job reminding one drive's organiser side to record the planting (enqueued daily). */
export const PLANTING_REMINDER_JOB = 'planting reminder';

/** Where the organiser registers trees at a drive (the registration form, the drive chosen). */
export const registerAtDrivePath = (driveId: string) =>
  `/app/tree-registeration?driveId=${encodeURIComponent(driveId)}`;

export interface PlantingRemindersDeps {
  uow: UnitOfWork;
  clock: Clock;
  jobs: JobsPort;
  mail: MailQueue;
  appUrl: string;
  notifications: Pick<NotificationsService, 'notifyMany'>;
  /** Drives that ended in a window, and who acts for their organiser (the drives module). */
  drives: Pick<DrivesService, 'endedBetween' | 'organiserSide' | 'briefs'>;
  /** Whether a drive still has paid tree gifts not planted (the donations module's ledger). */
  gifts: Pick<TreeGiftLedger, 'hasOpenTreeGifts'>;
  /** Names and addresses of the people told (the users module). */
  users: Pick<UsersService, 'people'>;
}

const dayStart = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

/**
 * The day after a drive whose paid tree gifts are not all planted, its organiser (and for an
 * organisation's drive, its team's owners and admins) is reminded to record the planting: a
 * notice and a mail, with a link to register trees at the drive (issue 19 §1). The daily schedule
 * reads the drives that ended before today (a keyset page at a time on the drives' start index;
 * a missed tick is made up for a few days) and enqueues one job per drive still owing trees,
 * keyed by drive and start. The job writes the record (`planting_reminders`) in the
 * transaction of its notices and mails: a job run twice, or two schedules, remind once.
 */
export function plantingReminders(deps: PlantingRemindersDeps) {
  const { uow, clock } = deps;

  return {
    /** The schedule: enqueues a reminder per drive owing trees; returns how many. */
    async sendPlantingReminders(): Promise<number> {
      const today = dayStart(clock.now());
      const from = new Date(today.getTime() - CATCH_UP_DAYS * DAY_MS);
      let after: { startsAt: string; id: string } | null = null;
      let queued = 0;
      for (;;) {
        const page = await deps.drives.endedBetween(from, today, after, BATCH);
        if (page.drives.length > 0) {
          const told = await remindersRepository(uow.db).reminded(page.drives.map((d) => d.id));
          const fresh = page.drives.filter((d) => !told.has(`${d.id}:${d.startsAt}`));
          if (fresh.length > 0)
            queued += await uow.withTransaction(async (tx) => {
              let n = 0;
              for (const drive of fresh) {
                if (!(await deps.gifts.hasOpenTreeGifts(tx, drive.id))) continue;
                await deps.jobs.enqueue(
                  tx,
                  PLANTING_REMINDER_JOB,
                  { driveId: drive.id, startsAt: drive.startsAt },
                  { key: `planting-reminder:${drive.id}:${drive.startsAt}` },
                );
                n++;
              }
              return n;
            });
        }
        if (!page.next) return queued;
        after = page.next;
      }
    },

    /** The job: reminds one drive's organiser side, once; returns how many people it told. */
    async sendPlantingReminder(payload: unknown): Promise<number> {
      const { driveId, startsAt } = (payload ?? {}) as { driveId?: unknown; startsAt?: unknown };
      if (typeof driveId !== 'string' || typeof startsAt !== 'string')
        throw new Error('a planting reminder job without a drive and its start');
      const drive = (await deps.drives.briefs([driveId])).get(driveId);
      // Gone, or moved to another date since (its new date gets its own reminder).
      if (!drive || drive.startsAt !== startsAt) return 0;
      const organiser = await deps.drives.organiserSide(drive.organizerId);
      const people = await deps.users.people(organiser);
      const url = `${deps.appUrl}${registerAtDrivePath(driveId)}`;
      return uow.withTransaction(async (tx: Tx) => {
        if (!(await deps.gifts.hasOpenTreeGifts(tx, driveId))) return 0;
        if (
          !(await remindersRepository(tx.db).record(driveId, startsAt, clock.now().toISOString()))
        )
          return 0;
        const told = organiser.filter((id) => {
          const person = people.get(id);
          return person && !person.deletedAt;
        });
        // The notice is stored as text: once per language among those told.
        for (const [locale, ids] of byLocale(told, (id) => people.get(id)?.locale)) {
          const t = translator(locale, 'notices');
          await deps.notifications.notifyMany(
            ids,
            {
              kind: 'planting_reminder',
              title: t('plantingReminder.title', { drive: drive.name }),
              body: t('plantingReminder.body', { drive: drive.name }),
              link: registerAtDrivePath(driveId),
            },
            tx,
          );
        }
        for (const id of told) {
          const person = people.get(id)!;
          const t = translator(person.locale, 'mail');
          await deps.mail.send(
            tx,
            composeMail(
              person.email,
              t('plantingReminder.subject', { drive: drive.name }),
              [
                t('plantingReminder.intro', {
                  name: person.name?.trim() || person.username,
                  drive: drive.name,
                }),
                t('plantingReminder.howTo'),
              ],
              { label: t('plantingReminder.button'), value: url, href: url },
              mailLayout(t),
            ),
            { key: `planting-reminder:${driveId}:${startsAt}:${id}` },
          );
        }
        return told.length;
      });
    },

    /** The daily prune: the record of reminders older than 30 days. */
    prune: (now: Date) =>
      remindersRepository(uow.db).prune(new Date(now.getTime() - KEPT_DAYS * DAY_MS).toISOString()),
  };
}
export type PlantingReminders = ReturnType<typeof plantingReminders>;
