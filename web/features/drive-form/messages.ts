import type source from '../../../locales/en/drive-form.json';
import en from '../../../locales/en/drive-form.json?messages';
import { defineMessages } from '../../i18n/namespace';

/** The drive-form feature's words (locales/<lang>/drive-form.json); English ships with the code. */
export const driveFormMessages = defineMessages<typeof source>(
  'drive-form',
  en,
  import.meta.glob(['../../../locales/*/drive-form.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type DriveFormKey = keyof typeof source & string;
