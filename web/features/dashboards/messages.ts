import type source from '../../../locales/en/dashboards.json';
import en from '../../../locales/en/dashboards.json?messages';
import { defineMessages } from '../../i18n/namespace';
import type { Translate } from '../../i18n/use-t';

/** The dashboards, homes and charts: their words (locales/<lang>/dashboards.json); English ships with the code. */
export const dashboardsMessages = defineMessages<typeof source>(
  'dashboards',
  en,
  import.meta.glob(['../../../locales/*/dashboards.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type DashboardsKey = keyof typeof source & string;
export type DashboardsT = Translate<DashboardsKey>;
