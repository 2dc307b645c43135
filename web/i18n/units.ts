import type source from '../../locales/en/units.json';
import en from '../../locales/en/units.json?messages';
import { defineMessages } from './namespace';

/** Counted things every feature shows ("{count} trees"), with each language's plural forms. */
export const unitMessages = defineMessages<typeof source>(
  'units',
  en,
  import.meta.glob(['../../locales/*/units.json', '!../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);
