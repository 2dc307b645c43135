import type source from '../../../locales/en/onboarding.json';
import en from '../../../locales/en/onboarding.json?messages';
import { defineMessages } from '../../i18n/namespace';
import type { Translate } from '../../i18n/use-t';

/** The getting-started checklist: its words (locales/<lang>/onboarding.json); English ships with the code. */
export const onboardingMessages = defineMessages<typeof source>(
  'onboarding',
  en,
  import.meta.glob(['../../../locales/*/onboarding.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type OnboardingKey = keyof typeof source & string;
export type OnboardingT = Translate<OnboardingKey>;
