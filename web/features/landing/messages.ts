import type source from '../../../locales/en/landing.json';
import en from '../../../locales/en/landing.json?messages';
import { defineMessages } from '../../i18n/namespace';

/** The landing page's words (locales/<lang>/landing.json); English ships with the page. */
export const landingMessages = defineMessages<typeof source>(
  'landing',
  en,
  import.meta.glob(['../../../locales/*/landing.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);
