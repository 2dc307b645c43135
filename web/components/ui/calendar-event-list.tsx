import { formatDriveRange } from '../../lib/dates';
import { useT } from '../../i18n/use-t';
import { uiMessages } from './messages';
export type CalendarEventTheme = 'BLUE' | 'GREEN' | 'PURPLE' | 'ORANGE' | 'PINK';

/** Spec: calendar events are coloured by theme; a coloured edge and tint keep text readable in both themes. */
export const CALENDAR_EVENT_THEMES: Record<CalendarEventTheme, string> = {
  BLUE: 'border-blue-500 bg-blue-500/10',
  GREEN: 'border-green-500 bg-green-500/10',
  PURPLE: 'border-purple-500 bg-purple-500/10',
  ORANGE: 'border-orange-500 bg-orange-500/10',
  PINK: 'border-pink-500 bg-pink-500/10',
};

export interface CalendarEvent {
  title: string;
  theme: CalendarEventTheme;
  /** ISO-8601 text or a Date. */
  startTime: string | Date;
  endTime: string | Date;
  /** IANA zone of the event's place: times show there, with the zone named. */
  timeZone?: string;
}

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** A list of events with their time range, for the right drawer or a day view. */
export function CalendarEventList({
  events,
  emptyText,
}: {
  events: readonly CalendarEvent[];
  emptyText?: string;
}) {
  const t = useT(uiMessages);
  if (events.length === 0)
    return <p className="text-base-content/80">{emptyText ?? t('calendar.empty')}</p>;
  return (
    <ul className="space-y-2" data-testid="calendar-event-list">
      {events.map((event, index) => {
        const start = toDate(event.startTime);
        const end = toDate(event.endTime);
        return (
          <li
            key={`${event.title}-${index}`}
            className={`rounded-box border-l-4 px-3 py-2 ${CALENDAR_EVENT_THEMES[event.theme] ?? CALENDAR_EVENT_THEMES.BLUE}`}
          >
            <p className="font-medium">{event.title}</p>
            <p className="text-sm text-base-content/80">
              <time dateTime={Number.isNaN(start.getTime()) ? undefined : start.toISOString()}>
                {formatDriveRange(start, end, event.timeZone)}
              </time>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
