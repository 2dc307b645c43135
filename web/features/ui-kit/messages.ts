import type source from '../../../locales/en/ui-kit.json';
import en from '../../../locales/en/ui-kit.json?messages';
import { defineMessages } from '../../i18n/namespace';
import type { Translate } from '../../i18n/use-t';

/** The UI kit showcase and the Features page (locales/<lang>/ui-kit.json). */
export const uiKitMessages = defineMessages<typeof source>(
  'ui-kit',
  en,
  import.meta.glob(['../../../locales/*/ui-kit.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type UiKitKey = keyof typeof source & string;
export type UiKitT = Translate<UiKitKey>;
