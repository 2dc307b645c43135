// The attribute lets Node (the Playwright walk-through imports this file) load the JSON too.
import en from '../../../locales/en/landing-more.json' with { type: 'json' };
import { TOUR_STEPS } from './content';

/** The Watch Demo tour in English, straight from the catalogue (app-pages.spec walks through it). */
export const TOUR_SLIDES = TOUR_STEPS.map((step) => ({
  title: en[`tour.${step}.title`],
  text: en[`tour.${step}.text`],
  illustration: step,
}));
