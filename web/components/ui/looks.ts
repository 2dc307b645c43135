/*
 * Looks shared across screens that are not components of their own (buttons are `Button` /
 * `ButtonLink` in button.tsx). Colours come from the canopy themes in styles.css; `dark:` follows
 * the theme the toggle chose. Every text colour here meets WCAG AA on base-100 and base-200 in
 * both themes.
 */

export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-base-content';

/** Green text (green-800 on light backgrounds, green-300 on dark ones: darker than the primary). */
export const accentText = 'text-green-800 dark:text-green-300';

/** Green text links. */
export const textLink = `rounded-sm font-semibold underline-offset-4 hover:underline ${accentText} ${focusRing}`;

/** Secondary text that still meets 4.5:1. */
export const mutedText = 'text-base-content/80';

/** One section of a screen: a card (its heading names it). */
export const sectionCard = 'card bg-base-100 shadow-sm';
