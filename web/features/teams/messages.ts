import type source from '../../../locales/en/teams.json';
import en from '../../../locales/en/teams.json?messages';
import { defineMessages } from '../../i18n/namespace';

/** The teams feature's words (locales/<lang>/teams.json); English ships with the code. */
export const teamsMessages = defineMessages<typeof source>(
  'teams',
  en,
  import.meta.glob(['../../../locales/*/teams.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type TeamsKey = keyof typeof source & string;
