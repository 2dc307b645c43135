import type source from '../../../locales/en/sharing.json';
import en from '../../../locales/en/sharing.json?messages';
import { defineMessages } from '../../i18n/namespace';
import type { Translate } from '../../i18n/use-t';

/** Sharing and the public forest and gift pages: their words (locales/<lang>/sharing.json); English ships with the code. */
export const sharingMessages = defineMessages<typeof source>(
  'sharing',
  en,
  import.meta.glob(['../../../locales/*/sharing.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type SharingKey = keyof typeof source & string;
export type SharingT = Translate<SharingKey>;
