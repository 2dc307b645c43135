import type source from '../../../locales/en/ui.json';
import en from '../../../locales/en/ui.json?messages';
import { defineMessages } from '../../i18n/namespace';
import type { Translate } from '../../i18n/use-t';

/** The shared UI components' words (locales/<lang>/ui.json): fields, pager, sharing, charts… */
export const uiMessages = defineMessages<typeof source>(
  'ui',
  en,
  import.meta.glob(['../../../locales/*/ui.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type UiKey = keyof typeof source & string;
export type UiT = Translate<UiKey>;
