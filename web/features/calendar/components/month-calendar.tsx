import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { CalendarEvent } from '../../../../contract/drives';
import { CALENDAR_EVENT_THEMES } from '../../../components/ui/calendar-event-list';
import { useRightDrawer } from '../../../components/ui/right-drawer';
import { Button } from '../../../components/ui/button';
import { focusRing, mutedText } from '../../../components/ui/looks';
import { Icon } from '../../../components/ui/icon';
import { firstDayOfWeek } from '../../../lib/dates';
import { useCalendarEvents } from '../api';
import {
  addMonths,
  eventsByDay,
  gridRange,
  longDay,
  monthGrid,
  monthKey,
  monthLabel,
  monthOf,
  parseMonth,
  weekdayNames,
  type CalendarDay,
  type MonthRef,
} from '../month';
import { DayEvents } from './day-events';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { calendarMessages } from '../messages';

/** Chips shown in a day before "+n more". */
const MAX_CHIPS = 3;

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <Icon>
      <path d={direction === 'left' ? 'M15 18l-6-6 6-6' : 'M9 18l6-6-6-6'} />
    </Icon>
  );
}

/** The month shown, kept in the address (?month=2026-03) so refresh and Back stay on it. */
function useShownMonth(today: Date) {
  const [params, setParams] = useSearchParams();
  const current = monthOf(today);
  const shown = parseMonth(params.get('month')) ?? current;
  const show = (ref: MonthRef) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (monthKey(ref) === monthKey(current)) next.delete('month');
        else next.set('month', monthKey(ref));
        return next;
      },
      { replace: true },
    );
  return [shown, show] as const;
}

function DayButton({
  day,
  events,
  locale,
  onOpen,
}: {
  day: CalendarDay;
  events: readonly CalendarEvent[];
  locale: string | undefined;
  onOpen: () => void;
}) {
  const t = useT(calendarMessages);
  const count = events.length;
  const spoken = t('day.spoken', {
    day: longDay(day.date, locale),
    today: day.isToday ? 'yes' : 'no',
    count,
  });
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-current={day.isToday ? 'date' : undefined}
      className={`flex h-full min-h-14 w-full flex-col items-stretch gap-1 rounded-md p-1 text-left align-top transition-colors hover:bg-base-content/5 sm:min-h-28 ${
        day.inMonth ? '' : 'bg-base-200/60'
      } ${focusRing}`}
      data-testid={`day-${day.key}`}
    >
      <span
        aria-hidden="true"
        className={`inline-flex h-7 w-7 items-center justify-center self-start rounded-full text-sm font-semibold ${
          day.isToday ? 'bg-primary text-primary-content' : day.inMonth ? '' : mutedText
        }`}
      >
        {day.day}
      </span>
      <span className="sr-only">{spoken}</span>
      {events.slice(0, MAX_CHIPS).map((event) => (
        <span
          key={event.id}
          className={`hidden truncate rounded border-l-4 px-1 text-xs sm:block ${CALENDAR_EVENT_THEMES[event.theme]}`}
        >
          {event.title}
        </span>
      ))}
      {count > MAX_CHIPS ? (
        <span className={`hidden text-xs sm:block ${mutedText}`}>
          {t('day.more', { count: count - MAX_CHIPS })}
        </span>
      ) : null}
      {/* Phones have no room for titles: one coloured mark per drive (the count is spoken above). */}
      {count > 0 ? (
        <span aria-hidden="true" className="flex flex-wrap gap-0.5 sm:hidden">
          {events.map((event) => (
            <span
              key={event.id}
              className={`h-2 w-2 rounded-full border-4 ${CALENDAR_EVENT_THEMES[event.theme]}`}
            />
          ))}
        </span>
      ) : null}
    </button>
  );
}

/**
 * A month of my drives; a day opens its drives in the right drawer. Names and the week's first day
 * follow the app's language, in the browser's own forms when it speaks it (`locale` fixes one,
 * for tests).
 */
export function MonthCalendar({
  today: fixedToday,
  locale: fixedLocale,
}: {
  today?: Date;
  locale?: string;
}) {
  const t = useT(calendarMessages);
  const appLocale = useIntlLocale();
  const locale = fixedLocale ?? appLocale;
  const [now] = useState(() => new Date());
  const today = fixedToday ?? now;
  const headingId = useId();
  const drawer = useRightDrawer();
  const [shown, show] = useShownMonth(today);
  const weekStart = useMemo(() => firstDayOfWeek(locale), [locale]);
  const weeks = useMemo(() => monthGrid(shown, today, weekStart), [shown, today, weekStart]);
  const { from, to } = gridRange(weeks);
  const calendar = useCalendarEvents(from, to);
  const byDay = useMemo(() => eventsByDay(calendar.data ?? []), [calendar.data]);
  const long = weekdayNames('long', locale, weekStart);
  const short = weekdayNames('short', locale, weekStart);
  const label = monthLabel(shown, locale);

  const openDay = (day: CalendarDay) =>
    drawer.open({
      header: longDay(day.date, locale),
      body: <DayEvents events={byDay.get(day.key) ?? []} onNavigate={drawer.close} />,
    });

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-2xl font-bold" aria-live="polite">
          {label}
        </h2>
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            icon
            aria-label={t('month.previous')}
            onClick={() => show(addMonths(shown, -1))}
          >
            <Chevron direction="left" />
          </Button>
          <Button variant="secondary" onClick={() => show(monthOf(today))}>
            {t('month.today')}
          </Button>
          <Button
            variant="secondary"
            icon
            aria-label={t('month.next')}
            onClick={() => show(addMonths(shown, 1))}
          >
            <Chevron direction="right" />
          </Button>
        </div>
      </div>
      {calendar.isError ? (
        <p role="alert" className="flex flex-wrap items-center gap-2">
          {t('month.failed')}
          <Button variant="secondary" size="sm" onClick={() => void calendar.refetch()}>
            {t('month.retry')}
          </Button>
        </p>
      ) : null}
      <div className="rounded-box bg-base-100 p-1 shadow-sm sm:p-2">
        <table
          className={`w-full table-fixed border-collapse ${calendar.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={calendar.isFetching || undefined}
          data-testid="month-grid"
        >
          <caption className="sr-only">{t('month.caption', { month: label })}</caption>
          <thead>
            <tr>
              {short.map((name, i) => (
                <th
                  key={name}
                  scope="col"
                  abbr={long[i]}
                  className="py-2 text-xs font-semibold sm:text-sm"
                >
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]!.key}>
                {week.map((day) => (
                  <td key={day.key} className="border border-base-300 p-0 align-top">
                    <DayButton
                      day={day}
                      events={byDay.get(day.key) ?? []}
                      locale={locale}
                      onOpen={() => openDay(day)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
