/*
 * Looks shared by the signed-in screens. The brand green comes from Tailwind's palette (daisyUI's
 * `primary` is indigo); colours that change with the theme use `in-data-[theme=dark]:`, because
 * the theme toggle sets `data-theme`, which Tailwind's `dark:` does not follow. Every text colour
 * here meets WCAG AA on base-100 in both themes.
 */

export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-base-content';

/** Solid green button (white on green-700: 5.0:1). */
export const primaryButton = `inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-green-700 px-6 py-2 text-base font-semibold text-white shadow-sm transition-colors hover:bg-green-800 disabled:cursor-not-allowed disabled:opacity-70 ${focusRing}`;

/** Quiet bordered button. */
export const secondaryButton = `inline-flex min-h-11 items-center justify-center gap-2 rounded-full border-2 border-base-content/25 px-5 py-2 text-base font-semibold text-base-content transition-colors hover:border-base-content/50 hover:bg-base-content/5 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;

/** Destructive action (white on red-700: 6.5:1). */
export const dangerButton = `inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-red-700 px-6 py-2 text-base font-semibold text-white shadow-sm transition-colors hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-70 ${focusRing}`;

/** Green text links: green-800 on light backgrounds, green-300 on dark ones. */
export const textLink = `rounded-sm font-semibold text-green-800 underline-offset-4 hover:underline in-data-[theme=dark]:text-green-300 ${focusRing}`;

/** Secondary text that still meets 4.5:1. */
export const mutedText = 'text-base-content/80';

/** One section of a screen: a card (its heading names it). */
export const sectionCard = 'card bg-base-100 shadow-sm';
