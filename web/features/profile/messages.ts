import type source from '../../../locales/en/profile.json';
import en from '../../../locales/en/profile.json?messages';
import { defineMessages } from '../../i18n/namespace';

/** The profile and settings screens' words (locales/<lang>/profile.json; being converted). */
export const profileMessages = defineMessages<typeof source>(
  'profile',
  en,
  import.meta.glob(['../../../locales/*/profile.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);
