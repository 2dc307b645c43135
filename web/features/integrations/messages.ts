import type source from '../../../locales/en/integrations.json';
import en from '../../../locales/en/integrations.json?messages';
import { defineMessages } from '../../i18n/namespace';

/** The integrations feature's words (locales/<lang>/integrations.json); English ships with the code. */
export const integrationsMessages = defineMessages<typeof source>(
  'integrations',
  en,
  import.meta.glob(['../../../locales/*/integrations.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type IntegrationsKey = keyof typeof source & string;
