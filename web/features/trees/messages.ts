import type source from '../../../locales/en/trees.json';
import en from '../../../locales/en/trees.json?messages';
import type careSource from '../../../locales/en/tree-care.json';
import careEn from '../../../locales/en/tree-care.json?messages';
import { defineMessages } from '../../i18n/namespace';
import type { Translate } from '../../i18n/use-t';

/** The trees' words: list, map, card, facts, form, verification (locales/<lang>/trees.json). */
export const treesMessages = defineMessages<typeof source>(
  'trees',
  en,
  import.meta.glob(['../../../locales/*/trees.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

/** A tree's care, growth, impact, photos and the owner's forms (locales/<lang>/tree-care.json). */
export const treeCareMessages = defineMessages<typeof careSource>(
  'tree-care',
  careEn,
  import.meta.glob(['../../../locales/*/tree-care.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type TreesKey = keyof typeof source & string;
export type TreesT = Translate<TreesKey>;
export type TreeCareKey = keyof typeof careSource & string;
export type TreeCareT = Translate<TreeCareKey>;
