import type source from '../../../locales/en/landing-more.json';
import en from '../../../locales/en/landing-more.json?messages';
import { defineMessages } from '../../i18n/namespace';
import type { Translate } from '../../i18n/use-t';

/**
 * The landing page's words below its first screen that only its lazily loaded parts show (the
 * demo tour, drawn screens, impact figures, testimonials, map caption, drive cards), in their
 * chunks rather than the landing's initial JavaScript (locales/<lang>/landing-more.json).
 */
export const landingMoreMessages = defineMessages<typeof source>(
  'landing-more',
  en,
  import.meta.glob(['../../../locales/*/landing-more.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type LandingMoreT = Translate<keyof typeof source & string>;
