import type source from '../../../locales/en/nursery.json';
import en from '../../../locales/en/nursery.json?messages';
import { defineMessages } from '../../i18n/namespace';

/** The nursery feature's words (locales/<lang>/nursery.json); English ships with the code. */
export const nurseryMessages = defineMessages<typeof source>(
  'nursery',
  en,
  import.meta.glob(['../../../locales/*/nursery.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type NurseryKey = keyof typeof source & string;
