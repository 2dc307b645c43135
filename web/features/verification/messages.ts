import type source from '../../../locales/en/verification.json';
import en from '../../../locales/en/verification.json?messages';
import { defineMessages } from '../../i18n/namespace';

/** The verification feature's words (locales/<lang>/verification.json); English ships with the code. */
export const verificationMessages = defineMessages<typeof source>(
  'verification',
  en,
  import.meta.glob(['../../../locales/*/verification.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type VerificationKey = keyof typeof source & string;
