import type source from '../../../locales/en/offline.json';
import en from '../../../locales/en/offline.json?messages';
import { defineMessages } from '../../i18n/namespace';

/** The /offline page and the upload queue (locales/<lang>/offline.json). */
export const offlineMessages = defineMessages<typeof source>(
  'offline',
  en,
  import.meta.glob(['../../../locales/*/offline.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);
