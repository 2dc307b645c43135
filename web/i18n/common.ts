import type source from '../../locales/en/common.json';
import en from '../../locales/en/common.json?messages';
import { defineMessages } from './namespace';

/** Words of the shared chrome (language switch, public header) used on every screen. */
export const commonMessages = defineMessages<typeof source>(
  'common',
  en,
  import.meta.glob(['../../locales/*/common.json', '!../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);
