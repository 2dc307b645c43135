import type source from '../../../locales/en/gifts.json';
import en from '../../../locales/en/gifts.json?messages';
import { defineMessages } from '../../i18n/namespace';
import type { Translate } from '../../i18n/use-t';

/** The gift claim page's words (locales/<lang>/gifts.json); English ships with the code. */
export const giftsMessages = defineMessages<typeof source>(
  'gifts',
  en,
  import.meta.glob(['../../../locales/*/gifts.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type GiftsKey = keyof typeof source & string;
export type GiftsT = Translate<GiftsKey>;
