import { usePageTitle } from '../components/ui/page-title';
import { CalendarFeedPanel } from '../features/calendar/components/calendar-feed-panel';
import { MonthCalendar } from '../features/calendar/components/month-calendar';
import { useT } from '../i18n/use-t';
import { calendarMessages } from '../features/calendar/messages';

/** /app/calendar — my drives by month, and the personal feed for calendar apps. */
export default function AppCalendar() {
  const t = useT(calendarMessages);
  usePageTitle(t('page.title'));
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8">
      <MonthCalendar />
      <CalendarFeedPanel />
    </div>
  );
}
