import type source from '../../../locales/en/story.json';
import en from '../../../locales/en/story.json?messages';
import { defineMessages } from '../../i18n/namespace';

/** The story feature's words (locales/<lang>/story.json); English ships with the code. */
export const storyMessages = defineMessages<typeof source>(
  'story',
  en,
  import.meta.glob(['../../../locales/*/story.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type StoryKey = keyof typeof source & string;
