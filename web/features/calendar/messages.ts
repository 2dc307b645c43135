import type source from '../../../locales/en/calendar.json';
import en from '../../../locales/en/calendar.json?messages';
import { defineMessages } from '../../i18n/namespace';

/** The calendar feature's words (locales/<lang>/calendar.json); English ships with the code. */
export const calendarMessages = defineMessages<typeof source>(
  'calendar',
  en,
  import.meta.glob(['../../../locales/*/calendar.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);
