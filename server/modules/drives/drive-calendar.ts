import { CALENDAR_THEMES, DRIVE_MESSAGES, type CalendarEvent } from '../../../contract/drives';
import type { DriveRow } from '../../db/tables';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { translator, type Translator } from '../../lib/i18n';
import { buildCalendar, type IcsEvent } from '../../lib/ical';
import { driveEnd, driveLink } from './drive-mapper';
import { dayAfter, dayStart } from './drive-queries';
import type { DrivesRepository } from './drives.repository';

const DAY_MS = 86_400_000;
const FEED_PAST_DAYS = 30;
const FEED_MAX_EVENTS = 500;
const CALENDAR_MAX_EVENTS = 1000;

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

type IcsDrive = Pick<
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
>;

/** Drives in calendars: the in-app month view, the .ics download and the personal feed. */
export function driveCalendar(deps: { repo: DrivesRepository; clock: Clock; appUrl: string }) {
  const { repo, clock } = deps;

  function icsEvent(drive: IcsDrive, t: Translator<'calendar-feed'>): IcsEvent {
    const link = `${deps.appUrl}${driveLink(drive.id)}`;
    return {
      uid: `${drive.id}@canopy`,
      stamp: new Date(drive.updated_at),
      start: new Date(drive.starts_at),
      end: new Date(driveEnd(drive.starts_at, drive.duration_hours)),
      summary: drive.name,
      location: drive.location_text,
      description: [drive.description.trim(), t('event.details', { link })]
        .filter(Boolean)
        .join('\n\n'),
      url: link,
      geo: { lat: drive.lat, lon: drive.lng },
    };
  }

  return {
    /** My drives (organised or joined) starting between two days, inclusive. */
    async calendar(callerId: string, from: string, to: string): Promise<CalendarEvent[]> {
      const rows = await repo.calendarBetween(
        callerId,
        dayStart(from),
        dayAfter(to),
        CALENDAR_MAX_EVENTS,
      );
      return rows.map((row) => ({
        id: row.id,
        title: row.name,
        theme: calendarTheme(row.id),
        startTime: row.starts_at,
        endTime: driveEnd(row.starts_at, row.duration_hours),
        timeZone: row.time_zone,
        role: row.role,
      }));
    },

    /** One drive as an .ics download, its words in the member's language. */
    async ics(
      id: string,
      locale: string | null = null,
    ): Promise<{ filename: string; body: string }> {
      const drive = await repo.findById(id);
      if (!drive) throw notFound(DRIVE_MESSAGES.notFound);
      return {
        filename: `${slugify(drive.name)}.ics`,
        body: buildCalendar({ events: [icsEvent(drive, translator(locale, 'calendar-feed'))] }),
      };
    },

    /** Everything a member organises or joined from 30 days ago on, for their calendar feed. */
    async feed(userId: string, locale: string | null = null): Promise<string> {
      const t = translator(locale, 'calendar-feed');
      const since = new Date(clock.now().getTime() - FEED_PAST_DAYS * DAY_MS).toISOString();
      const rows = await repo.mineBetween(userId, since, undefined, FEED_MAX_EVENTS);
      return buildCalendar({
        name: t('feed.name'),
        events: rows.map((row) => icsEvent(row, t)),
      });
    },
  };
}
