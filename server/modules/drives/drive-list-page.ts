import {
  driveListResponseSchema,
  encodeDriveCursor,
  type Drive,
  type DriveListCursor,
} from '../../../contract/drives';
import { readCache } from '../../lib/cache';
import type { Clock } from '../../lib/clock';
import { displayName, landDonorIds, toDrive } from './drive-mapper';
import { dayAfter, dayStart, seekAfter, type DriveFilter } from './drive-queries';
import type { DrivesStore } from './drives-people';

/**
 * The caller-independent part of a list page is shared for this long (and never past the next drive
 * start, when drives move from upcoming to past). Writes by this process to any table its read used
 * (drives, participants, users) make it stale at once; other servers' writes show when it expires.
 */
export const LIST_PAGE_TTL_MS = 2_000;
const LIST_PAGE_CACHE_MAX = 200;
/** Pages with more participations than this ask the database per request whether the caller joined. */
const LIST_PAGE_MAX_PARTICIPANTS = 1_000;
/** Finished bodies kept per page (one per combination of the caller's flags). */
const LIST_PAGE_BODIES_MAX = 32;

export interface DriveListOptions {
  page: number;
  limit: number;
  when: 'upcoming' | 'past';
  country?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  /** The page after an earlier answer's `nextCursor`: read by keyset from its last drive. */
  cursor?: DriveListCursor | undefined;
}

/** The list filters (also the map's and My Plantations') as the repository reads them, at `now`. */
export function driveFilter(
  options: Omit<DriveListOptions, 'page' | 'limit' | 'cursor'>,
  now: string,
) {
  return {
    when: options.when,
    now,
    country: options.country || undefined,
    startsFrom: options.from ? dayStart(options.from) : undefined,
    startsBefore: options.to ? dayAfter(options.to) : undefined,
    q: options.q || undefined,
  } satisfies DriveFilter;
}

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

/**
 * One list page, the same for every caller: read once, each drive validated against the contract
 * and kept as JSON around the three fields that depend on the caller or the moment (joined,
 * isOrganizer, isPast). Who joined is kept too (for pages with at most LIST_PAGE_MAX_PARTICIPANTS
 * participations; `participantCount` is the drive's stored count). Finished bodies are kept per
 * combination of those fields, so most requests send bytes that already exist.
 */
interface SharedPage {
  page: number;
  limit: number;
  total: number;
  /** The token for the page after this one; null on the last page. */
  nextCursor: string | null;
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

/** The Plantations list: shared page reads (see SharedPage) with the caller's flags filled in. */
export function driveListPages(deps: { repo: DrivesStore; clock: Clock }) {
  const { repo, clock } = deps;
  const pages = readCache<SharedPage>({
    max: LIST_PAGE_CACHE_MAX,
    ttlMs: LIST_PAGE_TTL_MS,
    clock,
    tables: ['drives', 'drive_participants', 'users'],
    // Until the next drive starts: upcoming is `starts_at >= now`, so that start itself still is.
    expiresAt: (page) => (page.nextStart === null ? Infinity : Date.parse(page.nextStart) + 1),
  });

  /**
   * A page by keyset after `cursor` (the web's "Load more": the same cost however deep), or by
   * position (`page` alone: OFFSET, for API clients that jump to page N).
   */
  async function readSharedPage(
    filter: DriveFilter,
    page: number,
    limit: number,
    cursor: DriveListCursor | undefined,
  ): Promise<SharedPage> {
    const offset = cursor ? 0 : (page - 1) * limit;
    // One drive more than the page tells whether another page follows.
    const [read, nextStart] = await Promise.all([
      repo.page(cursor ? seekAfter(filter, cursor) : filter, limit + 1, offset),
      repo.nextStart(filter.now),
    ]);
    const records = read.records.slice(0, limit);
    const more = read.records.length > limit;
    const shown = new Set(records.map((r) => r.id));
    const rows = read.drives.filter((d) => shown.has(d.id));
    const last = records.at(-1);
    const nextCursor =
      more && last
        ? encodeDriveCursor({
            when: filter.when,
            page: page + 1,
            startsAt: last.starts_at,
            id: last.id,
          })
        : null;
    const ids = rows.map((r) => r.id);
    const [total, pairs, donors] = await Promise.all([
      // The last page read by position tells the exact total without counting. A page after a
      // cursor takes the total of the list's first page, which every member shares and the cache
      // keeps fresh (written meanwhile: read again), so "Load more" costs no count when it is hot.
      !cursor && !more && (records.length > 0 || page === 1)
        ? offset + records.length
        : cursor
          ? sharedPage(filter, 1, limit, undefined).then((first) => first.total)
          : repo.count(filter),
      repo.participantsOf(ids, LIST_PAGE_MAX_PARTICIPANTS + 1),
      repo.namesOf([...new Set(rows.flatMap(landDonorIds))]),
    ]);
    let participants: Map<string, Set<string>> | undefined;
    if (pairs.length <= LIST_PAGE_MAX_PARTICIPANTS) {
      participants = new Map(ids.map((id) => [id, new Set<string>()]));
      for (const pair of pairs) participants.get(pair.drive_id)?.add(pair.user_id);
    }
    const donorNames = new Map(donors.map((d) => [d.id, displayName(d)]));
    const now = new Date(filter.now);
    const data = rows.map((row) =>
      toDrive(row, {
        now,
        callerId: '',
        participantCount: Number(row.participants_count),
        joined: false,
        donorNames,
      }),
    );
    // The contract check the serializer did per request, once per read.
    const checked = driveListResponseSchema.parse({
      success: true,
      data,
      page,
      limit,
      total,
      nextCursor,
    });
    return {
      page,
      limit,
      total: checked.total,
      nextCursor,
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

  /** A page from the cache, read when missing or stale (the key leaves out the moment). */
  function sharedPage(
    filter: DriveFilter,
    page: number,
    limit: number,
    cursor: DriveListCursor | undefined,
  ): Promise<SharedPage> {
    const key = JSON.stringify([
      filter.when,
      filter.country,
      filter.startsFrom,
      filter.startsBefore,
      filter.q,
      page,
      limit,
      cursor ? [cursor.startsAt, cursor.id] : null,
    ]);
    return pages.get(key, () => readSharedPage(filter, page, limit, cursor));
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
      `{"success":true,"data":[${data.join(',')}],"page":${shared.page},"limit":${shared.limit},` +
        `"total":${shared.total},"nextCursor":${JSON.stringify(shared.nextCursor)}}`,
    );
    if (shared.bodies.size < LIST_PAGE_BODIES_MAX) shared.bodies.set(key, body);
    return body;
  }

  return {
    /**
     * The Plantations list as the JSON body of `driveListResponseSchema`, ready to send: the shared
     * page with the caller's `joined` and `isOrganizer` and the moment's `isPast`.
     */
    async listBody(callerId: string, options: DriveListOptions): Promise<Buffer> {
      const filter = driveFilter(options, clock.now().toISOString());
      const { limit, cursor } = options;
      // A cursor knows its page's number; `page` is for reads by position.
      const page = cursor ? cursor.page : options.page;
      const shared = await sharedPage(filter, page, limit, cursor);
      return pageBody(shared, callerId, Date.parse(filter.now));
    },
  };
}
