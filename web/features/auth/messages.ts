import type source from '../../../locales/en/auth.json';
import en from '../../../locales/en/auth.json?messages';
import { defineMessages } from '../../i18n/namespace';
import type { Translate } from '../../i18n/use-t';

/** The account screens' words (locales/<lang>/auth.json); English ships with the screens. */
export const authMessages = defineMessages<typeof source>(
  'auth',
  en,
  import.meta.glob(['../../../locales/*/auth.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type AuthKey = keyof typeof source & string;
export type AuthT = Translate<AuthKey>;

/** English `t` for callers outside React (and tests): the source catalogue itself. */
export const englishAuth: AuthT = (key, values) => authMessages.source[key]?.(values) ?? key;
