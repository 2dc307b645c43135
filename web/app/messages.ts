import type source from '../../locales/en/shell.json';
import en from '../../locales/en/shell.json?messages';
import { defineMessages } from '../i18n/namespace';
import type { Translate } from '../i18n/use-t';

/** The app shell's words (locales/<lang>/shell.json): sidebar, top bar, account menu, offline and upload bars. */
export const shellMessages = defineMessages<typeof source>(
  'shell',
  en,
  import.meta.glob(['../../locales/*/shell.json', '!../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type ShellKey = keyof typeof source & string;
export type ShellT = Translate<ShellKey>;
