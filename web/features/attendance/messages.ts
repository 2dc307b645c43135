import type source from '../../../locales/en/attendance.json';
import en from '../../../locales/en/attendance.json?messages';
import { defineMessages } from '../../i18n/namespace';

/** The attendance feature's words (locales/<lang>/attendance.json); English ships with the code. */
export const attendanceMessages = defineMessages<typeof source>(
  'attendance',
  en,
  import.meta.glob(['../../../locales/*/attendance.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type AttendanceKey = keyof typeof source & string;
