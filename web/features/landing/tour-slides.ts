import en from '../../../locales/en/landing-more.json';

export type TourIllustration = 'drive' | 'donate' | 'register' | 'nurture' | 'impact';

/** The Watch Demo tour's steps in order (words: landing-more.json tour.<step>.title/text). */
export const TOUR_STEPS: readonly TourIllustration[] = [
  'drive',
  'donate',
  'register',
  'nurture',
  'impact',
];

/** The tour in English, straight from the catalogue (the Playwright walk-through reads it). */
export const TOUR_SLIDES = TOUR_STEPS.map((step) => ({
  title: en[`tour.${step}.title`],
  text: en[`tour.${step}.text`],
  illustration: step,
}));
