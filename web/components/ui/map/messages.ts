import type source from '../../../../locales/en/map.json';
import en from '../../../../locales/en/map.json?messages';
import { defineMessages } from '../../../i18n/namespace';
import type { Translate } from '../../../i18n/use-t';

/** The maps' words (locales/<lang>/map.json); its chunk loads with the map. */
export const mapMessages = defineMessages<typeof source>(
  'map',
  en,
  import.meta.glob(['../../../../locales/*/map.json', '!../../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type MapKey = keyof typeof source & string;
export type MapT = Translate<MapKey>;
