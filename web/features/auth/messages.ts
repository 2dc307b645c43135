import type source from '../../../locales/en/auth.json';
import en from '../../../locales/en/auth.json?messages';
import { defineMessages } from '../../i18n/namespace';

/** The account screens' words (locales/<lang>/auth.json); English ships with the screens. */
export const authMessages = defineMessages<typeof source>(
  'auth',
  en,
  import.meta.glob(['../../../locales/*/auth.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);
