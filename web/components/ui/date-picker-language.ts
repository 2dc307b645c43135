import type { Locale as DateFnsLocale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { es } from 'date-fns/locale/es';
import { hi } from 'date-fns/locale/hi';
import { createElement, useMemo, type PropsWithChildren } from 'react';
import { SOURCE_LOCALE } from '../../../contract/languages';
import { useLocale } from '../../i18n/locale';
import { useT } from '../../i18n/use-t';
import { uiMessages } from './messages';

// The calendars' months, days and formats (react-datepicker reads date-fns locales).
const DATE_FNS_LOCALES: Record<string, DateFnsLocale> = { en: enUS, es, hi };

export const dateFnsLocale = (locale: string): DateFnsLocale => DATE_FNS_LOCALES[locale] ?? enUS;

/**
 * What a date picker needs to speak the member's language: its date-fns locale and the words
 * react-datepicker otherwise writes in English. English keeps the picker's own defaults.
 */
interface ContainerProps extends PropsWithChildren {
  className?: string;
  showTimeSelectOnly?: boolean;
  showTime?: boolean;
  inline?: boolean;
}

export function useDatePickerLanguage() {
  const { locale } = useLocale();
  const t = useT(uiMessages);
  // react-datepicker names its dialog in English in its own container: the same dialog, reworded.
  const calendarContainer = useMemo(
    () =>
      function CalendarContainer({
        className,
        children,
        showTimeSelectOnly,
        showTime,
        inline,
      }: ContainerProps) {
        return createElement(
          'div',
          {
            className,
            'aria-label': t(
              showTimeSelectOnly
                ? 'datePicker.chooseTime'
                : showTime
                  ? 'datePicker.chooseDateAndTime'
                  : 'datePicker.chooseDate',
            ),
            role: inline ? undefined : 'dialog',
            'aria-modal': inline ? undefined : 'true',
            translate: 'no',
          },
          children,
        );
      },
    [t],
  );
  if (locale === SOURCE_LOCALE) return {};
  return {
    calendarContainer,
    locale: dateFnsLocale(locale),
    previousMonthAriaLabel: t('datePicker.previousMonth'),
    previousMonthButtonLabel: t('datePicker.previousMonth'),
    nextMonthAriaLabel: t('datePicker.nextMonth'),
    nextMonthButtonLabel: t('datePicker.nextMonth'),
    timeCaption: t('datePicker.time'),
    chooseDayAriaLabelPrefix: t('datePicker.choose'),
    disabledDayAriaLabelPrefix: t('datePicker.notAvailable'),
    monthAriaLabelPrefix: t('datePicker.month'),
    weekAriaLabelPrefix: t('datePicker.week'),
  };
}
