import type source from '../../../locales/en/notifications.json';
import en from '../../../locales/en/notifications.json?messages';
import { defineMessages } from '../../i18n/namespace';
import type { Translate } from '../../i18n/use-t';

/** The notifications bell and list: their words (locales/<lang>/notifications.json); English ships with the code. */
export const notificationsMessages = defineMessages<typeof source>(
  'notifications',
  en,
  import.meta.glob(['../../../locales/*/notifications.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type NotificationsKey = keyof typeof source & string;
export type NotificationsT = Translate<NotificationsKey>;
