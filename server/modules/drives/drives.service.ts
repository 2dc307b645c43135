import type { ErrorCode } from '../../../contract/common';
import {
  CALENDAR_THEMES,
  DRIVE_LIMITS,
  DRIVE_MAP_MAX,
  DRIVE_MESSAGES,
  driveFormSchema,
  driveListResponseSchema,
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
import { tableWrites } from '../../db/table-writes';
import type { DriveRow } from '../../db/tables';
import type { SessionUser } from '../auth/auth.service';
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
    field: DriveFormField | undefined,
    status = 400,
    code: ErrorCode = 'VALIDATION_FAILED',
  ) {
    super(status, code, message, field ? { field } : {});
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
/**
 * The caller-independent part of a list page is shared for this long (and never past the next drive
 * start, when drives move from upcoming to past). Writes by this process to drives, participants or
 * users make it stale at once; other servers' writes show when it expires.
 */
export const LIST_PAGE_TTL_MS = 2_000;
const LIST_PAGE_CACHE_MAX = 200;
/** Pages with more participations than this ask the database per request whether the caller joined. */
const LIST_PAGE_MAX_PARTICIPANTS = 1_000;
/** Finished bodies kept per page (one per combination of the caller's flags). */
const LIST_PAGE_BODIES_MAX = 32;
/** What a list page is read from: new rows in any of these, or changed users rows, can change it. */
const LIST_TABLES = ['drives', 'drive_participants'] as const;
const listVersion = () =>
  tableWrites.writeVersion(LIST_TABLES) + tableWrites.changeVersion(['users']);
const FEED_PAST_DAYS = 30;
const FEED_MAX_EVENTS = 500;

export const driveLink = (id: string) => `/app/delive-detail/${id}`;

const CALLER_FIELDS = new Set(['joined', 'isOrganizer', 'isPast']);

/**
 * A drive's JSON split around its caller and time fields (which sit together in the contract):
 * `head` up to and including the comma before them, `tail` from the comma after them.
 */
export function jsonAroundCallerFields(drive: Drive): { head: string; tail: string } {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  let seen = false;
  for (const [key, value] of Object.entries(drive)) {
    if (CALLER_FIELDS.has(key)) seen = true;
    else (seen ? after : before)[key] = value;
  }
  const head = JSON.stringify(before).slice(0, -1);
  const tail = JSON.stringify(after).slice(1);
  return { head: head.length > 1 ? `${head},` : head, tail: tail.length > 1 ? `,${tail}` : tail };
}

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

  // Per-process cache of list totals; this process's own writes make it stale at once.
  const totals = new Map<string, { total: Promise<number>; until: number; version: number }>();
  function cachedCount(filter: DriveFilter): Promise<number> {
    const key = JSON.stringify([
      filter.when,
      filter.country,
      filter.startsFrom,
      filter.startsBefore,
      filter.q,
    ]);
    const now = clock.now().getTime();
    const version = listVersion();
    const hit = totals.get(key);
    if (hit && hit.until > now && hit.version === version) return hit.total;
    // The promise is shared, so requests arriving together count once.
    const total = repo.count(filter);
    if (totals.size >= COUNT_CACHE_MAX) totals.clear();
    const entry = { total, until: now + COUNT_TTL_MS, version };
    totals.set(key, entry);
    total.catch(() => {
      if (totals.get(key) === entry) totals.delete(key);
    });
    return total;
  }

  /**
   * One list page, the same for every caller: read once, each drive validated against the contract
   * and kept as JSON around the three fields that depend on the caller or the moment (joined,
   * isOrganizer, isPast). Who joined is kept too (for pages with at most LIST_PAGE_MAX_PARTICIPANTS
   * participations), so `joined` and `participantCount` come from the same read. Finished bodies are
   * kept per combination of those fields, so most requests send bytes that already exist.
   */
  interface SharedPage {
    page: number;
    limit: number;
    total: number;
    drives: Array<{
      id: string;
      organizerId: string;
      startsAtMs: number;
      head: string;
      tail: string;
      /** Who joined; undefined when the page had too many participations to keep. */
      participants: ReadonlySet<string> | undefined;
    }>;
    /** The earliest drive start at or after the moment it was read (null: none). */
    nextStart: string | null;
    bodies: Map<string, Buffer>;
  }
  const pages = new Map<
    string,
    { page: Promise<SharedPage>; version: number; from: string; until: number }
  >();

  async function readSharedPage(
    filter: DriveFilter,
    page: number,
    limit: number,
  ): Promise<SharedPage> {
    const offset = (page - 1) * limit;
    const [rows, nextStart] = await Promise.all([
      repo.page(filter, limit, offset),
      repo.nextStart(filter.now),
    ]);
    const ids = rows.map((r) => r.id);
    const [total, pairs, donors] = await Promise.all([
      // A short page tells the exact total without counting.
      rows.length < limit && (rows.length > 0 || page === 1)
        ? offset + rows.length
        : cachedCount(filter),
      repo.participantsOf(ids, LIST_PAGE_MAX_PARTICIPANTS + 1),
      repo.namesOf([...new Set(rows.flatMap(landDonorIds))]),
    ]);
    let participants: Map<string, Set<string>> | undefined;
    let counts: Map<string, { count: number }>;
    if (pairs.length <= LIST_PAGE_MAX_PARTICIPANTS) {
      participants = new Map(ids.map((id) => [id, new Set<string>()]));
      for (const pair of pairs) participants.get(pair.drive_id)?.add(pair.user_id);
      counts = new Map([...participants].map(([id, set]) => [id, { count: set.size }]));
    } else counts = await repo.participantStats(ids, '');
    const donorNames = new Map(donors.map((d) => [d.id, displayName(d)]));
    const now = clock.now();
    const data = rows.map((row) =>
      toDrive(row, {
        now,
        callerId: '',
        participantCount: counts.get(row.id)?.count ?? 0,
        joined: false,
        donorNames,
      }),
    );
    // The contract check the serializer did per request, once per read.
    const checked = driveListResponseSchema.parse({ success: true, data, page, limit, total });
    return {
      page,
      limit,
      total: checked.total,
      nextStart,
      bodies: new Map(),
      drives: checked.data.map((drive, i) => ({
        id: drive.id,
        organizerId: rows[i]!.organizer_id,
        startsAtMs: Date.parse(rows[i]!.starts_at),
        participants: participants?.get(drive.id),
        ...jsonAroundCallerFields(drive),
      })),
    };
  }

  /** The page's JSON body with the caller's flags: built once per combination of them. */
  async function pageBody(shared: SharedPage, callerId: string, now: number): Promise<Buffer> {
    const { drives } = shared;
    // Only pages with too many participations to keep ask the database who the caller is.
    const joinedHere = drives.some((d) => !d.participants)
      ? await repo.joinedAmong(
          drives.map((d) => d.id),
          callerId,
        )
      : undefined;
    const flags = drives.map((d) => ({
      joined: d.participants ? d.participants.has(callerId) : !!joinedHere?.has(d.id),
      isOrganizer: d.organizerId === callerId,
      isPast: d.startsAtMs < now,
    }));
    const key = flags
      .map((f) => (f.joined ? 4 : 0) + (f.isOrganizer ? 2 : 0) + (f.isPast ? 1 : 0))
      .join('');
    const known = shared.bodies.get(key);
    if (known) return known;
    const data = drives.map(
      (d, i) =>
        `${d.head}"joined":${flags[i]!.joined},"isOrganizer":${flags[i]!.isOrganizer},` +
        `"isPast":${flags[i]!.isPast}${d.tail}`,
    );
    const body = Buffer.from(
      `{"success":true,"data":[${data.join(',')}],"page":${shared.page},"limit":${shared.limit},"total":${shared.total}}`,
    );
    if (shared.bodies.size < LIST_PAGE_BODIES_MAX) shared.bodies.set(key, body);
    return body;
  }

  async function sharedPage(filter: DriveFilter, page: number, limit: number): Promise<SharedPage> {
    const key = JSON.stringify([
      filter.when,
      filter.country,
      filter.startsFrom,
      filter.startsBefore,
      filter.q,
      page,
      limit,
    ]);
    const now = clock.now().getTime();
    const version = listVersion();
    const hit = pages.get(key);
    // Valid while nothing was written here and within the TTL (a read still running is shared too)...
    if (hit && hit.version === version && hit.from <= filter.now && now < hit.until) {
      const shared = await hit.page.catch(() => undefined);
      // ...and until the next drive starts: string order, as the query compares starts_at.
      if (shared && (shared.nextStart === null || filter.now <= shared.nextStart)) return shared;
    }
    const entry = {
      page: readSharedPage(filter, page, limit),
      version,
      from: filter.now,
      until: now + LIST_PAGE_TTL_MS,
    };
    entry.page.catch(() => {
      if (pages.get(key) === entry) pages.delete(key);
    });
    if (!pages.has(key) && pages.size >= LIST_PAGE_CACHE_MAX)
      pages.delete(pages.keys().next().value!);
    pages.set(key, entry);
    return entry.page;
  }

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

  function assertCanOrganise(user: SessionUser): void {
    if (user.profile_type !== 'corporate') throw forbidden(DRIVE_MESSAGES.corporateOnly);
  }

  return {
    /** Only corporate accounts organise drives; checked before the upload is read. */
    assertCanOrganise,

    async create(user: SessionUser, input: MultipartForm): Promise<Drive> {
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
      return presentOne(id, user.id);
    },

    /** The drive, if the caller organises it: 404 when unknown, 403 for anyone else. */
    async requireOwnDrive(user: SessionUser, id: string): Promise<DriveRow> {
      const drive = await requireDrive(id);
      if (drive.organizer_id !== user.id) throw forbidden(DRIVE_MESSAGES.organiserOnly);
      return drive;
    },

    async update(user: SessionUser, drive: DriveRow, input: MultipartForm): Promise<Drive> {
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

    /**
     * The Plantations list as the JSON body of `driveListResponseSchema`, ready to send: the shared
     * page (see `sharedPage`) with the caller's `joined` and `isOrganizer` and the moment's `isPast`.
     */
    async listBody(callerId: string, options: DriveListOptions): Promise<Buffer> {
      const filter = filterFor(options);
      const shared = await sharedPage(filter, options.page, options.limit);
      return pageBody(shared, callerId, Date.parse(filter.now));
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

    async join(user: SessionUser, id: string) {
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

    async leave(user: SessionUser, id: string) {
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
