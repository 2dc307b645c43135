import type source from '../../../locales/en/drive-updates.json';
import en from '../../../locales/en/drive-updates.json?messages';
import { defineMessages } from '../../i18n/namespace';
import type { Translate } from '../../i18n/use-t';

/** A drive.s field updates: their words (locales/<lang>/drive-updates.json); English ships with the code. */
export const driveUpdatesMessages = defineMessages<typeof source>(
  'drive-updates',
  en,
  import.meta.glob(['../../../locales/*/drive-updates.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type DriveUpdatesKey = keyof typeof source & string;
export type DriveUpdatesT = Translate<DriveUpdatesKey>;
