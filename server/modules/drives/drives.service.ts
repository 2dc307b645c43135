import {
  DRIVE_LIMITS,
  DRIVE_MESSAGES,
  encodeDriveCursor,
  type DriveListCursor,
  type MemberDrive,
  type Drive,
  type DriveDetail,
  type DriveForm,
  driveMapResponseSchema,
  type Option,
} from '../../../contract/drives';
import { TEAM_MESSAGES } from '../../../contract/teams';
import type { DriveRow } from '../../db/tables';
import type { Executor, Tx, UnitOfWork } from '../../db/unit-of-work';
import type { JobsPort } from '../../jobs/jobs-port';
import type { Clock } from '../../lib/clock';
import { readCache } from '../../lib/cache';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../lib/errors';
import { byLocale, translator } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import type { SessionUser } from '../auth/auth.service';
import type { FilesService, PreparedImage } from '../files/files.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { RateLimitsService } from '../rate-limits/rate-limits.service';
import { driveCalendar } from './drive-calendar';
import { driveAttendance } from './drive-attendance';
import { drivePasses } from './drive-passes';
import type { MailQueue } from '../../jobs/jobs-port';
import type { UsersService } from '../users/users.service';
import { driveParticipation } from './drive-participation';
import { countryLabel } from '../../../contract/countries';
import {
  driveFilter,
  driveListPages,
  LIST_PAGE_TTL_MS,
  type DriveListOptions,
} from './drive-list-page';
import {
  displayName,
  driveLink,
  landDonorIds,
  storedFields,
  toDrive,
  toPersonSummary,
} from './drive-mapper';
import { seekAfter, type DriveRecord, type DriveWithOrganizer } from './drive-queries';
import { driveMap, type DriveMapView } from './drive-map';
import { driveReminders } from './drive-reminders';
import { driveSummaries } from './drive-summaries';
import { organisedDrivePages } from './organised-drive-pages';
import type { DrivesStore } from './drives-people';

/** The multipart field that carries the drive's image; its refusals name it. */
const HOUR_MS = 3_600_000;
/** Longer than any drive lasts (the form offers up to 5 hours). */
const LONGEST_DRIVE_MS = 24 * HOUR_MS;

export const DRIVE_IMAGE_FIELD = 'treedriveImage';
/** Map answers kept (one per filter combination). */
const MAP_CACHE_MAX = 50;

/** Which page of My Plantations (contract `myDrivesQuerySchema`). */
export interface MyDrivesOptions {
  when: 'upcoming' | 'past';
  part?: 'organised' | 'joined' | undefined;
  cursor?: DriveListCursor | undefined;
  limit: number;
}

/** A drive form as the service takes it: parsed by the route (drive-form.ts), plus the image bytes. */
export interface DriveInput {
  form: DriveForm;
  image: Buffer | null;
}

export interface DrivesServiceDeps {
  uow: UnitOfWork;
  /** The drives repository on an executor, with the names its rows show (drives-people.ts). */
  repo: (db: Executor) => DrivesStore;
  clock: Clock;
  files: FilesService;
  notifications: NotificationsService;
  /** Counts joins and leaves per member and drive on every app server. */
  rateLimits: RateLimitsService;
  /** The day-before reminder jobs. */
  jobs: JobsPort;
  appUrl: string;
  /** Check-in invitations and the reminder mail with the pass. */
  mail: MailQueue;
  /** The server's secret the passes are signed with (config.sessionSecret). */
  passSecret: string;
  /** Names and emails of the people at a drive (check-in, walk-ins, reminders). */
  users: Pick<UsersService, 'people' | 'personByEmail'>;
  /** Whether a user may organise drives for an organisation (its team's owners and admins). */
  organisationRights?: (userId: string, organisationId: string) => Promise<boolean>;
  /** An organisation's team owners and admins (they act for its drives). */
  organisationManagers?: (organisationId: string) => Promise<string[]>;
  /** Asked in the delete's transaction before a drive goes: a message refuses it (409). Read per delete. */
  deleteGuards?: () => ReadonlyArray<(driveId: string, tx: Tx) => Promise<string | null>>;
}

/**
 * Tree drives: who may organise, edit, delete, join and leave, and what everyone is told. Every
 * write runs in one transaction; notices and image discards wait for its commit. The list page
 * cache, calendars and reminders live beside this file and are part of the same service.
 */
export function drivesService(deps: DrivesServiceDeps) {
  const { uow, clock, files, notifications } = deps;
  const repo = deps.repo(uow.db);
  const nowIso = () => clock.now().toISOString();
  const lists = driveListPages({ repo, clock });
  const calendars = driveCalendar({ repo, clock, appUrl: deps.appUrl });
  /** Map answers by filter (see mapBody); until the next drive starts at the latest. */
  const mapBodies = readCache<{ body: Buffer; nextStart: string | null }>({
    max: MAP_CACHE_MAX,
    ttlMs: LIST_PAGE_TTL_MS,
    clock,
    tables: ['drives'],
    expiresAt: (v) => (v.nextStart === null ? Infinity : Date.parse(v.nextStart) + 1),
  });

  /**
   * Maps rows with their stored participant counts, one look-up of which the caller joined and one
   * donor-name query for the whole set: a crowded drive costs no more than an empty one.
   */
  async function present(rows: DriveWithOrganizer[], callerId: string): Promise<Drive[]> {
    if (rows.length === 0) return [];
    const [joined, donors] = await Promise.all([
      repo.joinedAmong(
        rows.map((r) => r.id),
        callerId,
      ),
      repo.namesOf([...new Set(rows.flatMap(landDonorIds))]),
    ]);
    const donorNames = new Map(donors.map((d) => [d.id, displayName(d)]));
    const now = clock.now();
    return rows.map((row) =>
      toDrive(row, {
        now,
        callerId,
        participantCount: Number(row.participants_count),
        joined: joined.has(row.id),
        donorNames,
      }),
    );
  }

  async function presentOne(id: string, callerId: string): Promise<Drive> {
    const row = await repo.findWithOrganizer(id);
    if (!row) throw notFound(DRIVE_MESSAGES.notFound);
    return (await present([row], callerId))[0]!;
  }

  /** Rules the schema cannot check alone: the date window and the land donor accounts. */
  async function checkForm(form: DriveForm, unchangedDate?: string): Promise<void> {
    const now = clock.now().getTime();
    const startsAt = Date.parse(form.driveDate);
    // Editing other fields of a drive whose date has passed must still work.
    if (form.driveDate !== unchangedDate) {
      if (startsAt < now - DRIVE_LIMITS.pastGraceMinutes * 60_000)
        throw fieldError('driveDate', DRIVE_MESSAGES.dateInPast);
      const latest = new Date(now);
      latest.setUTCFullYear(latest.getUTCFullYear() + DRIVE_LIMITS.yearsAhead);
      if (startsAt > latest.getTime()) throw fieldError('driveDate', DRIVE_MESSAGES.dateTooFar);
    }
    if (form.landDonatedById.length > 0) {
      const found = await repo.activeCorporates(form.landDonatedById);
      if (found.length !== form.landDonatedById.length)
        throw fieldError('landDonatedById', DRIVE_MESSAGES.landDonorsInvalid);
    }
  }

  /** The shared image pipeline (outside any transaction); its refusals name the image field. */
  async function prepareImage(image: Buffer): Promise<PreparedImage> {
    try {
      return await files.prepareImage(image);
    } catch (error) {
      if (error instanceof AppError && error.status < 500)
        throw new AppError(error.status, error.code, error.message, { field: DRIVE_IMAGE_FIELD });
      throw error;
    }
  }

  async function requireDrive(
    id: string,
    on: Pick<DrivesStore, 'findById'> = repo,
  ): Promise<DriveRow> {
    const drive = await on.findById(id);
    if (!drive) throw notFound(DRIVE_MESSAGES.notFound);
    return drive;
  }

  const actsFor = async (user: SessionUser, organiserId: string) =>
    organiserId === user.id || ((await deps.organisationRights?.(user.id, organiserId)) ?? false);

  const passes = drivePasses(deps.passSecret);
  /** Check-in at a drive, attended hours, passes and walk-in claims (drive-attendance.ts). */
  const attendance = driveAttendance({
    uow,
    clock,
    mail: deps.mail,
    appUrl: deps.appUrl,
    passes,
    users: deps.users,
    actsFor,
  });

  const participation = driveParticipation({
    ...deps,
    requireDrive,
    onLeft: (tx, driveId, userId) => attendance.left(tx, driveId, userId),
  });

  /** The first refusal of a delete guard (e.g. the drive received money), or null. */
  async function deleteRefusal(driveId: string, tx: Tx): Promise<string | null> {
    for (const guard of deps.deleteGuards?.() ?? []) {
      const refusal = await guard(driveId, tx);
      if (refusal) return refusal;
    }
    return null;
  }

  function assertCanOrganise(user: SessionUser): void {
    if (user.profile_type !== 'corporate') throw forbidden(DRIVE_MESSAGES.corporateOnly);
  }

  /** Who organises a new drive: the caller, or an organisation whose owner or admin they are. */
  async function organiserFor(user: SessionUser, organisationId?: string): Promise<string> {
    if (!organisationId || organisationId === user.id) {
      assertCanOrganise(user);
      return user.id;
    }
    if (!(await actsFor(user, organisationId))) throw forbidden(TEAM_MESSAGES.drivesManageOnly);
    return organisationId;
  }

  /** The people to tell, grouped by their saved language (one read for all of them, issue 26). */
  async function inTheirLanguages(ids: string[], tx: Tx) {
    if (ids.length === 0) return new Map<string, string[]>();
    const people = await deps.users.people(ids, tx);
    return byLocale(ids, (id) => people.get(id)?.locale);
  }

  /** Tells who joined that a drive is gone, and lets its image go, once `tx` commits. */
  async function afterCancel(
    tx: Tx,
    drive: Pick<DriveRow, 'name' | 'image_file_id'>,
    told: string[],
    why: 'byOrganiser' | 'accountClosed',
  ) {
    tx.afterCommit(() => files.discardIfUnused(drive.image_file_id));
    for (const [locale, ids] of await inTheirLanguages(told, tx)) {
      const t = translator(locale, 'notices');
      tx.afterCommit(() =>
        notifications.notifyMany(ids, {
          kind: 'drive_deleted',
          title: t('driveDeleted.title'),
          body: t(
            why === 'byOrganiser' ? 'driveDeleted.byOrganiser' : 'driveDeleted.accountClosed',
            { drive: drive.name },
          ),
        }),
      );
    }
  }

  return {
    /** Only corporate accounts organise drives; checked before the upload is read. */
    assertCanOrganise,
    /** Who acts for a drive's organiser: the organiser, or an owner or admin of its team. */
    actsFor,
    organiserFor,

    /** `organisationId`: a team's owner or admin organises for the organisation (organiserFor). */
    async create(user: SessionUser, input: DriveInput, organisationId?: string): Promise<Drive> {
      const organiserId = await organiserFor(user, organisationId);
      if (!input.image) throw fieldError(DRIVE_IMAGE_FIELD, DRIVE_MESSAGES.imageRequired);
      await checkForm(input.form);
      const image = await prepareImage(input.image);
      const id = newId();
      await uow.withTransaction(async (tx) => {
        const stored = await files.saveImage(tx, user.id, image);
        const at = nowIso();
        await deps.repo(tx.db).insert({
          id,
          organizer_id: organiserId,
          ...storedFields(input.form),
          image_file_id: stored.id,
          created_at: at,
          updated_at: at,
        });
      });
      return presentOne(id, user.id);
    },

    /** The drive, if the caller organises it (or owns/admins its organisation): 404 when unknown, 403 for anyone else. */
    async requireOwnDrive(user: SessionUser, id: string): Promise<DriveRow> {
      const drive = await requireDrive(id);
      if (!(await actsFor(user, drive.organizer_id))) throw forbidden(DRIVE_MESSAGES.organiserOnly);
      return drive;
    },

    async update(user: SessionUser, drive: DriveRow, input: DriveInput): Promise<Drive> {
      const { form } = input;
      await checkForm(form, drive.starts_at);
      const image = input.image ? await prepareImage(input.image) : null;
      await uow.withTransaction(async (tx) => {
        const drives = deps.repo(tx.db);
        // Read again in the transaction: the image and date it replaces are the current ones.
        const current = await requireDrive(drive.id, drives);
        const stored = image ? await files.saveImage(tx, user.id, image) : null;
        const fields = storedFields(form);
        await drives.update(drive.id, {
          ...fields,
          image_file_id: stored?.id ?? current.image_file_id,
          updated_at: nowIso(),
          // A new date deserves a new day-before reminder.
          ...(fields.starts_at !== current.starts_at ? { reminder_sent_at: null } : {}),
        });
        // Attendance counts the duration (a check-in without check-out, the cap).
        if (Number(fields.duration_hours) !== Number(current.duration_hours))
          await attendance.durationChanged(tx, drive.id);
        if (stored && stored.id !== current.image_file_id)
          tx.afterCommit(() => files.discardIfUnused(current.image_file_id));
        const told = (await drives.participantIds(drive.id)).filter((id) => id !== user.id);
        for (const [locale, ids] of await inTheirLanguages(told, tx)) {
          const t = translator(locale, 'notices');
          tx.afterCommit(() =>
            notifications.notifyMany(ids, {
              kind: 'drive_changed',
              title: t('driveChanged.title'),
              body: t('driveChanged.body', { drive: form.driveName }),
              link: driveLink(drive.id),
            }),
          );
        }
      });
      return presentOne(drive.id, user.id);
    },

    async remove(drive: DriveRow): Promise<void> {
      await uow.withTransaction(async (tx) => {
        const drives = deps.repo(tx.db);
        const current = await drives.findById(drive.id);
        // Already gone (a second delete racing the first): nothing left to do or tell.
        if (!current) return;
        const refusal = await deleteRefusal(drive.id, tx);
        if (refusal) throw conflict(refusal);
        const told = (await drives.participantIds(drive.id)).filter(
          (id) => id !== current.organizer_id,
        );
        await drives.remove([drive.id]);
        await afterCancel(tx, current, told, 'byOrganiser');
      });
    },

    /**
     * Account deletion hook, in the deletion's transaction: the person's participations go, and
     * their upcoming drives are cancelled (who joined is told after commit, images discarded) —
     * except one a guard keeps (donors paid for it), which goes ahead under the anonymised name.
     */
    async onAccountDeleted(userId: string, tx: Tx): Promise<void> {
      const drives = deps.repo(tx.db);
      const upcoming: Awaited<ReturnType<typeof drives.upcomingOrganisedBy>> = [];
      for (const drive of await drives.upcomingOrganisedBy(userId, nowIso()))
        if (!(await deleteRefusal(drive.id, tx))) upcoming.push(drive);
      const ids = upcoming.map((d) => d.id);
      const joined = await drives.participationsIn(ids, userId);
      await drives.remove(ids);
      await attendance.accountDeleted(tx, userId);
      await drives.removeParticipations(userId);
      for (const drive of upcoming) {
        const told = joined.filter((p) => p.drive_id === drive.id).map((p) => p.user_id);
        await afterCancel(tx, drive, told, 'accountClosed');
      }
    },

    /** The Plantations list as JSON bytes (drive-list-page.ts). */
    listBody: (callerId: string, options: DriveListOptions) => lists.listBody(callerId, options),

    /**
     * The map's answer for a view as the JSON body of `driveMapResponseSchema` (drive-map.ts:
     * clusters from the drives' grid below a street zoom, else at most DRIVE_MAP_MAX drives): the
     * same for every caller, so read, checked against the contract and serialised once per filter
     * and view, and shared like the list's pages (drive writes and the next drive start make it
     * stale).
     */
    mapBody(
      options: Omit<DriveListOptions, 'page' | 'limit' | 'cursor'>,
      view: DriveMapView = {},
    ): Promise<Buffer> {
      const filter = driveFilter(options, nowIso());
      const key = JSON.stringify([
        filter.when,
        filter.country,
        filter.startsFrom,
        filter.startsBefore,
        filter.q,
        view.bbox ?? null,
        view.zoom ?? null,
      ]);
      return mapBodies
        .get(key, async () => {
          const [answer, nextStart] = await Promise.all([
            driveMap(uow.db, filter, view),
            repo.nextStart(filter.now),
          ]);
          const body = driveMapResponseSchema.parse({
            success: true,
            data: answer.data.map((r) => ({
              id: r.id,
              driveName: r.name,
              driveDate: r.starts_at,
              driveLat: r.lat,
              driveLong: r.lng,
              timeZone: r.time_zone,
            })),
            clusters: answer.clusters,
            truncated: answer.truncated,
          });
          return { body: Buffer.from(JSON.stringify(body)), nextStart };
        })
        .then((entry) => entry.body);
    },

    /** The drives a member joined, latest start first (the forest timeline's field updates). */
    joinedDriveIds: (userId: string, limit: number): Promise<string[]> =>
      repo.joinedDriveIds(userId, limit),

    /** A drive's name and start for another module's page; null when there is no such drive. */
    async brief(id: string): Promise<{ id: string; name: string; startsAt: string } | null> {
      const drive = await repo.findById(id);
      return drive ? { id: drive.id, name: drive.name, startsAt: drive.starts_at } : null;
    },

    /**
     * The drives these ids name, by id (unknown ids are absent): name, start, end and organiser, for
     * another module's page of rows in one query. `on`: the caller's open transaction, if any.
     */
    async briefs(
      ids: Iterable<string>,
      on?: { db: Executor },
    ): Promise<
      Map<
        string,
        { id: string; name: string; startsAt: string; endsAt: string; organizerId: string }
      >
    > {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = await (on ? deps.repo(on.db) : repo).briefRecords(unique);
      return new Map(
        rows.map((d) => [
          d.id,
          {
            id: d.id,
            name: d.name,
            startsAt: d.starts_at,
            endsAt: new Date(
              Date.parse(d.starts_at) + Number(d.duration_hours) * HOUR_MS,
            ).toISOString(),
            organizerId: d.organizer_id,
          },
        ]),
      );
    },

    /**
     * Drives that ended in [from, to) (start + duration), a keyset page at a time on the
     * (starts_at, id) index: `next` is the cursor of the page read (null at the end), even when
     * none of its drives ended in the window.
     */
    async endedBetween(
      from: Date,
      to: Date,
      after: { startsAt: string; id: string } | null,
      limit: number,
    ) {
      const rows = await repo.startedBetween(
        new Date(from.getTime() - LONGEST_DRIVE_MS).toISOString(),
        to.toISOString(),
        after,
        limit,
      );
      const drives = rows.flatMap((r) => {
        const endsAt = Date.parse(r.starts_at) + Number(r.duration_hours) * HOUR_MS;
        return endsAt >= from.getTime() && endsAt < to.getTime()
          ? [
              {
                id: r.id,
                name: r.name,
                startsAt: r.starts_at,
                endsAt: new Date(endsAt).toISOString(),
                organizerId: r.organizer_id,
              },
            ]
          : [];
      });
      const last = rows.at(-1);
      return {
        drives,
        next: rows.length === limit && last ? { startsAt: last.starts_at, id: last.id } : null,
      };
    },

    /** The ids of the drives these organisers organised, at most `limit` (tree verifiers, issue 21 §2). */
    organisedDriveIds: (organiserIds: readonly string[], limit?: number) =>
      repo.organisedDriveIds(organiserIds, limit),

    /**
     * Who acts for a drive's organiser (the `actsFor` rule, as a list): the organiser, and for
     * an organisation's drive its team's owners and admins.
     */
    async organiserSide(organiserId: string): Promise<string[]> {
      const managers = (await deps.organisationManagers?.(organiserId)) ?? [];
      return [...new Set([organiserId, ...managers])];
    },

    async detail(callerId: string, id: string): Promise<DriveDetail> {
      const drive = await presentOne(id, callerId);
      const participants = await repo.participants(id);
      return { ...drive, participants: participants.map(toPersonSummary) };
    },

    ...participation,

    /** Check-in at a drive (drive-attendance.ts). */
    attendance,
    /** The member's volunteer certificate of a year (PDF). */
    volunteerCertificate: attendance.certificate,

    /**
     * My Plantations: a page of the drives the caller organises and of those they joined (or of
     * one, `part`), each read by keyset on its index after `cursor`; `nextCursor` per list.
     */
    async mine(callerId: string, options: MyDrivesOptions) {
      const { when, part, cursor, limit } = options;
      const base = driveFilter({ when }, nowIso());
      const filter = cursor ? seekAfter(base, cursor) : base;
      // One drive more than the page tells whether another page follows.
      const [organised, joined] = await Promise.all([
        part === 'joined' ? [] : repo.organisedBy(callerId, filter, limit + 1),
        part === 'organised' ? [] : repo.joinedBy(callerId, filter, limit + 1),
      ]);
      const next = (rows: DriveWithOrganizer[]) => {
        const last = rows[limit - 1];
        return rows.length > limit && last
          ? encodeDriveCursor({
              when,
              page: (cursor?.page ?? 1) + 1,
              startsAt: last.starts_at,
              id: last.id,
            })
          : null;
      };
      const [o, j] = await Promise.all([
        present(organised.slice(0, limit), callerId),
        present(joined.slice(0, limit), callerId),
      ]);
      return {
        data: { organised: o, joined: j },
        nextCursor: { organised: next(organised), joined: next(joined) },
      };
    },

    /**
     * A member's drives for their public profile: per list the upcoming ones (soonest first), then
     * the latest past ones, `shown` in all; four LIMIT reads on the indexes, no caller flags.
     */
    async memberDrives(
      memberId: string,
      shown: number,
    ): Promise<{ organised: MemberDrive[]; joined: MemberDrive[] }> {
      const now = nowIso();
      const upcoming = driveFilter({ when: 'upcoming' }, now);
      const past = driveFilter({ when: 'past' }, now);
      const [organisedAhead, organisedPast, joinedAhead, joinedPast] = await Promise.all([
        repo.organisedRecords(memberId, upcoming, shown),
        repo.organisedRecords(memberId, past, shown),
        repo.joinedRecords(memberId, upcoming, shown),
        repo.joinedRecords(memberId, past, shown),
      ]);
      const light = (rows: DriveRecord[]): MemberDrive[] =>
        rows.slice(0, shown).map((d) => ({
          id: d.id,
          driveName: d.name,
          driveDate: d.starts_at,
          timeZone: d.time_zone,
          place: [d.location_text, countryLabel(d.country) ?? d.country].filter(Boolean).join(', '),
          isPast: Date.parse(d.starts_at) < Date.parse(now),
        }));
      return {
        organised: light([...organisedAhead, ...organisedPast]),
        joined: light([...joinedAhead, ...joinedPast]),
      };
    },

    /** Dashboards' read-only figures (drive-summaries.ts). */
    ...driveSummaries(uow, clock),
    // The impact report's drive table by keyset pages (organised-drive-pages.ts).
    ...organisedDrivePages(uow),

    /** Land Donated By options: corporate members, named by the server. */
    async corporateOptions(): Promise<Option[]> {
      const rows = await repo.activeCorporates();
      return rows.map((u) => ({ value: u.id, label: displayName(u) }));
    },

    /** Calendars (drive-calendar.ts): the month view, the .ics download and the personal feed. */
    calendar: calendars.calendar,
    ics: calendars.ics,
    feed: calendars.feed,

    /**
     * Day-before reminders (drive-reminders.ts): the schedule enqueues a job per drive due
     * (returns how many), the job tells its participants once.
     */
    ...driveReminders({
      uow,
      repo: deps.repo,
      clock,
      notifications,
      jobs: deps.jobs,
      mail: deps.mail,
      users: deps.users,
      passCode: attendance.passCode,
      appUrl: deps.appUrl,
    }),
  };
}
export type DrivesService = ReturnType<typeof drivesService>;
