import type source from '../../../locales/en/docs.json';
import en from '../../../locales/en/docs.json?messages';
import type technicalSource from '../../../locales/en/docs-technical.json';
import technicalEn from '../../../locales/en/docs-technical.json?messages';
import { defineMessages } from '../../i18n/namespace';
import type { Translate } from '../../i18n/use-t';

/** The documentation's page, members' sections and the Help page (locales/<lang>/docs.json). */
export const docsMessages = defineMessages<typeof source>(
  'docs',
  en,
  import.meta.glob(['../../../locales/*/docs.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type DocsKey = keyof typeof source & string;
export type DocsT = Translate<DocsKey>;

/** The impact method, self-hosting and API sections (locales/<lang>/docs-technical.json). */
export const docsTechnicalMessages = defineMessages<typeof technicalSource>(
  'docs-technical',
  technicalEn,
  import.meta.glob(['../../../locales/*/docs-technical.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type DocsTechnicalKey = keyof typeof technicalSource & string;
