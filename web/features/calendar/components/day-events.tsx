import { Link } from 'react-router';
import type { CalendarEvent } from '../../../../contract/drives';
import { CalendarEventList } from '../../../components/ui/calendar-event-list';
import { textLink } from '../../../components/ui/looks';
import { useT } from '../../../i18n/use-t';
import { calendarMessages } from '../messages';

export const drivePath = (id: string) => `/app/delive-detail/${encodeURIComponent(id)}`;

/** The right drawer's body for one day: the drives, coloured by theme, and links to open them. */
export function DayEvents({
  events,
  onNavigate,
}: {
  events: readonly CalendarEvent[];
  onNavigate: () => void;
}) {
  const t = useT(calendarMessages);
  return (
    <div className="flex flex-col gap-6" data-testid="day-events">
      <CalendarEventList events={events} emptyText={t('day.empty')} />
      {events.length > 0 ? (
        <nav aria-label={t('day.open')}>
          <h3 className="mb-2 font-semibold">{t('day.open')}</h3>
          <ul className="flex flex-col gap-2">
            {events.map((event) => (
              <li key={event.id}>
                <Link to={drivePath(event.id)} className={textLink} onClick={onNavigate}>
                  {event.title}
                </Link>
                <span className="text-sm text-base-content/80">
                  {' '}
                  · {event.role === 'organiser' ? t('day.organiser') : t('day.joined')}
                </span>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
