import type source from '../../../locales/en/forest.json';
import en from '../../../locales/en/forest.json?messages';
import { defineMessages } from '../../i18n/namespace';
import type { Translate } from '../../i18n/use-t';

/** My forest's words (locales/<lang>/forest.json); English ships with the code. */
export const forestMessages = defineMessages<typeof source>(
  'forest',
  en,
  import.meta.glob(['../../../locales/*/forest.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type ForestKey = keyof typeof source & string;
export type ForestT = Translate<ForestKey>;

/** English, for code and tests outside a component. */
export const forestEnglish: ForestT = (key, values) => forestMessages.source[key]!(values);
