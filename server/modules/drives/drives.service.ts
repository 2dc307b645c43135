import type { ErrorCode } from '../../../contract/common';
import {
  CALENDAR_THEMES,
  DRIVE_LIMITS,
  DRIVE_MAP_MAX,
  DRIVE_MESSAGES,
  driveFormSchema,
  MY_DRIVES_MAX,
  type CalendarEvent,
  type Drive,
  type DriveDetail,
  type DriveForm,
  type DriveFormField,
  type DriveMapPoint,
  type Option,
} from '../../../contract/drives';
import { formatLatLng } from '../../../contract/geo';
import type { DriveRow, UserRow } from '../../db/tables';
import type { Clock } from '../../lib/clock';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { buildCalendar, type IcsEvent } from '../../lib/ical';
import { newId } from '../../lib/ids';
import type { FilesService } from '../files/files.service';
import type { MultipartForm } from '../files/multipart';
import type { NotificationsService } from '../notifications/notifications.service';
import { displayName, driveEnd, landDonorIds, toDrive, toPersonSummary } from './drive-mapper';
import type { DriveFilter, DrivesRepository, DriveWithOrganizer } from './drives.repository';

/** A refused drive form: status and code as usual, plus the field at fault for the form. */
export class DriveFormError extends AppError {
  constructor(
    message: string,
    readonly field: DriveFormField | undefined,
    status = 400,
    code: ErrorCode = 'VALIDATION_FAILED',
  ) {
    super(status, code, message);
    this.name = 'DriveFormError';
  }
}

const DAY_MS = 86_400_000;
const LIST_FIELDS = new Set([
  'treeSize',
  'treesType',
  'treeSponsored',
  'landDonatedBy',
  'landDonatedById',
]);
const FORM_FIELDS = Object.keys(driveFormSchema.shape);
/** Totals are exact for a few seconds: counting a large range on every page view is the slow part. */
const COUNT_TTL_MS = 5_000;
const COUNT_CACHE_MAX = 500;
const FEED_PAST_DAYS = 30;
const FEED_MAX_EVENTS = 500;

export const driveLink = (id: string) => `/app/delive-detail/${id}`;

/** The multipart text fields as the form schema reads them: lists stay lists, others take the first value. */
export function formInput(fields: Record<string, string[]>): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = {};
  for (const key of FORM_FIELDS) {
    // `name[]` is how some clients spell a repeated field.
    const values = [...(fields[key] ?? []), ...(fields[`${key}[]`] ?? [])];
    if (values.length === 0) continue;
    input[key] = LIST_FIELDS.has(key) ? values : values[0]!;
  }
  return input;
}

/** Parses the form with the contract's schema; the first problem becomes the answer. */
export function parseDriveForm(fields: Record<string, string[]>): DriveForm {
  const parsed = driveFormSchema.safeParse(formInput(fields));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path[0];
  throw new DriveFormError(
    issue?.message ?? DRIVE_MESSAGES.saveFailed,
    typeof field === 'string' ? (field as DriveFormField) : undefined,
  );
}

/** A stable colour for a drive in the calendar: FNV-1a of its id, mod the number of themes. */
export function calendarTheme(id: string): CalendarEvent['theme'] {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return CALENDAR_THEMES[hash % CALENDAR_THEMES.length]!;
}

/** An ASCII file name for the .ics download. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'tree-drive';
}

const dayStart = (day: string) => `${day}T00:00:00.000Z`;
const dayAfter = (day: string) => new Date(Date.parse(dayStart(day)) + DAY_MS).toISOString();

export interface DriveListOptions {
  page: number;
  limit: number;
  when: 'upcoming' | 'past';
  country?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
}

export interface DrivesServiceDeps {
  repo: DrivesRepository;
  clock: Clock;
  files: FilesService;
  notifications: NotificationsService;
  appUrl: string;
}

export function drivesService(deps: DrivesServiceDeps) {
  const { repo, clock, files, notifications } = deps;
  const nowIso = () => clock.now().toISOString();
  const absoluteLink = (id: string) => `${deps.appUrl}${driveLink(id)}`;

  // Per-process cache of list totals; this process's own writes clear it at once.
  const totals = new Map<string, { total: Promise<number>; until: number }>();
  function cachedCount(filter: DriveFilter): Promise<number> {
    const key = JSON.stringify([
      filter.when,
      filter.country,
      filter.startsFrom,
      filter.startsBefore,
      filter.q,
    ]);
    const now = clock.now().getTime();
    const hit = totals.get(key);
    if (hit && hit.until > now) return hit.total;
    // The promise is shared, so requests arriving together count once.
    const total = repo.count(filter);
    if (totals.size >= COUNT_CACHE_MAX) totals.clear();
    totals.set(key, { total, until: now + COUNT_TTL_MS });
    total.catch(() => totals.delete(key));
    return total;
  }
  const drivesChanged = () => totals.clear();

  function filterFor(options: Omit<DriveListOptions, 'page' | 'limit'>): DriveFilter {
    return {
      when: options.when,
      now: nowIso(),
      country: options.country || undefined,
      startsFrom: options.from ? dayStart(options.from) : undefined,
      startsBefore: options.to ? dayAfter(options.to) : undefined,
      q: options.q || undefined,
    };
  }

  /** Maps rows with one grouped participant query and one donor-name query for the whole set. */
  async function present(rows: DriveWithOrganizer[], callerId: string): Promise<Drive[]> {
    if (rows.length === 0) return [];
    const [stats, donors] = await Promise.all([
      repo.participantStats(
        rows.map((r) => r.id),
        callerId,
      ),
      repo.namesOf([...new Set(rows.flatMap(landDonorIds))]),
    ]);
    const donorNames = new Map(donors.map((d) => [d.id, displayName(d)]));
    const now = clock.now();
    return rows.map((row) => {
      const s = stats.get(row.id);
      return toDrive(row, {
        now,
        callerId,
        participantCount: s?.count ?? 0,
        joined: s?.joined ?? false,
        donorNames,
      });
    });
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
        throw new DriveFormError(DRIVE_MESSAGES.dateInPast, 'driveDate');
      const latest = new Date(now);
      latest.setUTCFullYear(latest.getUTCFullYear() + DRIVE_LIMITS.yearsAhead);
      if (startsAt > latest.getTime())
        throw new DriveFormError(DRIVE_MESSAGES.dateTooFar, 'driveDate');
    }
    if (form.landDonatedById.length > 0) {
      const found = await repo.activeCorporates(form.landDonatedById);
      if (found.length !== form.landDonatedById.length)
        throw new DriveFormError(DRIVE_MESSAGES.landDonorsInvalid, 'landDonatedById');
    }
  }

  /** Stores the image through the shared pipeline; its refusals name the image field. */
  async function storeImage(ownerId: string, image: Buffer) {
    try {
      return await files.storeImage(ownerId, image);
    } catch (error) {
      if (error instanceof AppError && error.status < 500)
        throw new DriveFormError(error.message, 'treedriveImage', error.status, error.code);
      throw error;
    }
  }

  const storedFields = (form: DriveForm) => ({
    name: form.driveName,
    tree_quantity: form.treeQuantity,
    starts_at: form.driveDate,
    duration_hours: form.driveDuration,
    country: form.country,
    location_text: form.driveLocation || formatLatLng(form.driveLat, form.driveLong),
    lat: form.driveLat,
    lng: form.driveLong,
    description: form.driveDesc,
    tree_sizes: JSON.stringify(form.treeSize),
    tree_types: JSON.stringify(form.treesType),
    sponsors: JSON.stringify(form.treeSponsored),
    land_donors: JSON.stringify(form.landDonatedById),
  });

  async function requireDrive(id: string): Promise<DriveRow> {
    const drive = await repo.findById(id);
    if (!drive) throw notFound(DRIVE_MESSAGES.notFound);
    return drive;
  }

  function icsEvent(
    drive: Pick<
      DriveRow,
      | 'id'
      | 'name'
      | 'starts_at'
      | 'duration_hours'
      | 'location_text'
      | 'description'
      | 'lat'
      | 'lng'
      | 'updated_at'
    >,
  ): IcsEvent {
    const link = absoluteLink(drive.id);
    return {
      uid: `${drive.id}@canopy`,
      stamp: new Date(drive.updated_at),
      start: new Date(drive.starts_at),
      end: new Date(driveEnd(drive.starts_at, drive.duration_hours)),
      summary: drive.name,
      location: drive.location_text,
      description: [drive.description.trim(), `Details: ${link}`].filter(Boolean).join('\n\n'),
      url: link,
      geo: { lat: drive.lat, lon: drive.lng },
    };
  }

  function assertCanOrganise(user: UserRow): void {
    if (user.profile_type !== 'corporate') throw forbidden(DRIVE_MESSAGES.corporateOnly);
  }

  return {
    /** Only corporate accounts organise drives; checked before the upload is read. */
    assertCanOrganise,

    async create(user: UserRow, input: MultipartForm): Promise<Drive> {
      assertCanOrganise(user);
      const form = parseDriveForm(input.fields);
      if (!input.file) throw new DriveFormError(DRIVE_MESSAGES.imageRequired, 'treedriveImage');
      await checkForm(form);
      const image = await storeImage(user.id, input.file);
      const at = nowIso();
      const id = newId();
      try {
        await repo.insert({
          id,
          organizer_id: user.id,
          ...storedFields(form),
          image_file_id: image.id,
          created_at: at,
          updated_at: at,
        });
      } catch (error) {
        await files.discardIfUnused(image.id);
        throw error;
      }
      drivesChanged();
      return presentOne(id, user.id);
    },

    /** The drive, if the caller organises it: 404 when unknown, 403 for anyone else. */
    async requireOwnDrive(user: UserRow, id: string): Promise<DriveRow> {
      const drive = await requireDrive(id);
      if (drive.organizer_id !== user.id) throw forbidden(DRIVE_MESSAGES.organiserOnly);
      return drive;
    },

    async update(user: UserRow, drive: DriveRow, input: MultipartForm): Promise<Drive> {
      const form = parseDriveForm(input.fields);
      await checkForm(form, drive.starts_at);
      const image = input.file ? await storeImage(user.id, input.file) : null;
      const fields = storedFields(form);
      await repo.update(drive.id, {
        ...fields,
        image_file_id: image?.id ?? drive.image_file_id,
        updated_at: nowIso(),
        // A new date deserves a new day-before reminder.
        ...(fields.starts_at !== drive.starts_at ? { reminder_sent_at: null } : {}),
      });
      if (image && image.id !== drive.image_file_id)
        await files.discardIfUnused(drive.image_file_id);
      drivesChanged();
      const participants = (await repo.participantIds(drive.id)).filter((id) => id !== user.id);
      await notifications.notifyMany(participants, {
        kind: 'drive_changed',
        title: 'A drive you joined has changed',
        body: `"${form.driveName}" was updated by its organiser. Please check the date, time and place.`,
        link: driveLink(drive.id),
      });
      return presentOne(drive.id, user.id);
    },

    async remove(drive: DriveRow): Promise<void> {
      const participants = await repo.remove(drive.id);
      drivesChanged();
      await files.discardIfUnused(drive.image_file_id);
      await notifications.notifyMany(
        participants.filter((id) => id !== drive.organizer_id),
        {
          kind: 'drive_deleted',
          title: 'A drive you joined was cancelled',
          body: `"${drive.name}" was cancelled by its organiser.`,
        },
      );
    },

    async list(callerId: string, options: DriveListOptions) {
      const { page, limit } = options;
      const filter = filterFor(options);
      const offset = (page - 1) * limit;
      const rows = await repo.page(filter, limit, offset);
      // A short page tells the exact total without counting.
      const total =
        rows.length < limit && (rows.length > 0 || page === 1)
          ? offset + rows.length
          : await cachedCount(filter);
      return { data: await present(rows, callerId), page, limit, total };
    },

    async map(
      options: Omit<DriveListOptions, 'page' | 'limit'>,
    ): Promise<{ data: DriveMapPoint[]; truncated: boolean }> {
      const rows = await repo.mapPoints(filterFor(options), DRIVE_MAP_MAX + 1);
      return {
        data: rows.slice(0, DRIVE_MAP_MAX).map((r) => ({
          id: r.id,
          driveName: r.name,
          driveDate: r.starts_at,
          driveLat: r.lat,
          driveLong: r.lng,
        })),
        truncated: rows.length > DRIVE_MAP_MAX,
      };
    },

    async detail(callerId: string, id: string): Promise<DriveDetail> {
      const drive = await presentOne(id, callerId);
      const participants = await repo.participants(id);
      return { ...drive, participants: participants.map(toPersonSummary) };
    },

    async join(user: UserRow, id: string) {
      const drive = await requireDrive(id);
      if (drive.organizer_id === user.id) throw conflict(DRIVE_MESSAGES.organiserCannotJoin);
      if (Date.parse(drive.starts_at) < clock.now().getTime())
        throw conflict(DRIVE_MESSAGES.pastDrive);
      if (await repo.addParticipant(id, user.id, nowIso()))
        await notifications.notify(drive.organizer_id, {
          kind: 'drive_joined',
          title: 'Someone joined your drive',
          body: `${displayName(user)} joined "${drive.name}".`,
          link: driveLink(id),
        });
      return { joined: true, participantCount: await repo.participantCount(id) };
    },

    async leave(user: UserRow, id: string) {
      const drive = await requireDrive(id);
      if (await repo.removeParticipant(id, user.id))
        await notifications.notify(drive.organizer_id, {
          kind: 'drive_left',
          title: 'Someone left your drive',
          body: `${displayName(user)} left "${drive.name}".`,
          link: driveLink(id),
        });
      return { joined: false, participantCount: await repo.participantCount(id) };
    },

    async mine(callerId: string, when: 'upcoming' | 'past') {
      const filter = filterFor({ when });
      const [organised, joined] = await Promise.all([
        repo.organisedBy(callerId, filter, MY_DRIVES_MAX),
        repo.joinedBy(callerId, filter, MY_DRIVES_MAX),
      ]);
      const [o, j] = await Promise.all([present(organised, callerId), present(joined, callerId)]);
      return { organised: o, joined: j };
    },

    async calendar(callerId: string, from: string, to: string): Promise<CalendarEvent[]> {
      const rows = await repo.mineBetween(callerId, dayStart(from), dayAfter(to), 1000);
      return rows.map((row) => ({
        id: row.id,
        title: row.name,
        theme: calendarTheme(row.id),
        startTime: row.starts_at,
        endTime: driveEnd(row.starts_at, row.duration_hours),
        role: row.role,
      }));
    },

    /** One drive as an .ics download. */
    async ics(id: string): Promise<{ filename: string; body: string }> {
      const drive = await requireDrive(id);
      return {
        filename: `${slugify(drive.name)}.ics`,
        body: buildCalendar({ events: [icsEvent(drive)] }),
      };
    },

    /** Everything a member organises or joined from 30 days ago on, for their calendar feed. */
    async feed(userId: string): Promise<string> {
      const since = new Date(clock.now().getTime() - FEED_PAST_DAYS * DAY_MS).toISOString();
      const rows = await repo.mineBetween(userId, since, undefined, FEED_MAX_EVENTS);
      return buildCalendar({
        name: 'Canopy tree drives',
        events: rows.map((row) => icsEvent(row)),
      });
    },

    /** Land Donated By options: corporate members, named by the server. */
    async corporateOptions(): Promise<Option[]> {
      const rows = await repo.activeCorporates();
      return rows.map((u) => ({ value: u.id, label: displayName(u) }));
    },
  };
}
export type DrivesService = ReturnType<typeof drivesService>;
