import type source from '../../../locales/en/people.json';
import en from '../../../locales/en/people.json?messages';
import { defineMessages } from '../../i18n/namespace';
import type { Translate } from '../../i18n/use-t';

/** The member search: its words (locales/<lang>/people.json); English ships with the code. */
export const peopleMessages = defineMessages<typeof source>(
  'people',
  en,
  import.meta.glob(['../../../locales/*/people.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type PeopleKey = keyof typeof source & string;
export type PeopleT = Translate<PeopleKey>;
