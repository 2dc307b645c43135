import type { UnitOfWork } from '../../db/unit-of-work';
import type { JobsPort, MailQueue } from '../../jobs/jobs-port';
import type { Clock } from '../../lib/clock';
import { byLocale, translator } from '../../lib/i18n';
import { composeMail, mailLayout, type MailAttachment } from '../../lib/mailer';
import type { NotificationsService } from '../notifications/notifications.service';
import type { UsersService } from '../users/users.service';
import { displayName, driveLink } from './drive-mapper';
import { passQrPng } from './drive-passes';
import type { drivesRepository } from './drives.repository';

const DAY_MS = 86_400_000;
/** Enough for one run; anything left over is picked up by the next run. */
const BATCH = 200;
/** The job telling one drive's participants it starts within a day. */
export const DRIVE_REMINDER_JOB = 'drive reminder';
/** The reminder mail's attachment: a participant's pass as a QR image (`<drive>:<user>`). */
export const DRIVE_PASS_ATTACHMENT = 'drive-pass';

/** The day-before mail, in the participant's saved language: the drive, the pass code, its QR. */
export function reminderMail(
  to: string,
  name: string,
  drive: { name: string; starts_at: string; time_zone: string; location_text: string },
  code: string,
  link: string,
  locale: string | null = null,
) {
  const t = translator(locale, 'mail');
  return composeMail(
    to,
    t('driveReminder.subject', { drive: drive.name }),
    [
      t('driveReminder.intro', {
        name,
        drive: drive.name,
        when: t.inZone(drive.starts_at, drive.time_zone),
        place: drive.location_text,
      }),
      t('driveReminder.checkIn'),
      t('driveReminder.printable', { link }),
    ],
    { label: t('driveReminder.codeLabel'), value: code },
    mailLayout(t),
  );
}

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
  mail: MailQueue;
  users: Pick<UsersService, 'people'>;
  /** A participant's pass code at a drive. */
  passCode: (driveId: string, userId: string) => string;
  appUrl: string;
}) {
  const { uow, clock, notifications } = deps;
  return {
    /** The reminder mail's QR image of a participant's pass; null when the drive is gone. */
    async passAttachment(id: string): Promise<MailAttachment | null> {
      const [driveId, userId] = id.split(':');
      if (!driveId || !userId) return null;
      const drive = await deps.repo(uow.db).findById(driveId);
      if (!drive) return null;
      return {
        filename: 'canopy-pass.png',
        contentType: 'image/png',
        content: await passQrPng(deps.passCode(driveId, userId)),
      };
    },

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
        const people = await deps.users.people(participants, tx);
        // The notice is stored as text: once per language among the participants.
        for (const [locale, ids] of byLocale(participants, (id) => people.get(id)?.locale)) {
          const t = translator(locale, 'notices');
          await notifications.notifyMany(
            ids,
            {
              kind: 'drive_reminder',
              title: t('driveReminder.title', { drive: drive.name }),
              body: t('driveReminder.body', {
                drive: drive.name,
                when:
                  locale === 'en'
                    ? when(drive.starts_at)
                    : t.inZone(drive.starts_at, drive.time_zone),
                place: drive.location_text,
              }),
              link: driveLink(drive.id),
            },
            tx,
          );
        }
        // Each participant's pass by mail: the code as text, its QR made when the mail is sent.
        const link = `${deps.appUrl}${driveLink(drive.id)}`;
        for (const userId of participants) {
          const person = people.get(userId);
          if (!person || person.deletedAt) continue;
          await deps.mail.send(
            tx,
            reminderMail(
              person.email,
              displayName(person),
              drive,
              deps.passCode(drive.id, userId),
              link,
              person.locale,
            ),
            {
              key: `drive-reminder:${drive.id}:${drive.starts_at}:${userId}`,
              attachments: [{ kind: DRIVE_PASS_ATTACHMENT, id: `${drive.id}:${userId}` }],
            },
          );
        }
        return 1;
      });
    },
  };
}
