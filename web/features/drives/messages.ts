import type source from '../../../locales/en/drives.json';
import en from '../../../locales/en/drives.json?messages';
import { defineMessages } from '../../i18n/namespace';

/** The drives feature's words (locales/<lang>/drives.json); English ships with the code. */
export const drivesMessages = defineMessages<typeof source>(
  'drives',
  en,
  import.meta.glob(['../../../locales/*/drives.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type DrivesKey = keyof typeof source & string;
