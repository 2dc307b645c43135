/*
 * Looks shared by the drive screens (the profile screens' buttons, kept in step by hand because
 * features do not import each other). Colours meet WCAG AA on base-100 in both themes.
 */
import { fieldFocusRing } from '../../../components/ui/form-field';

/** Solid green button (white on green-700: 5.0:1). */
export const primaryButton = `inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-green-700 px-6 py-2 text-base font-semibold text-white shadow-sm transition-colors hover:bg-green-800 disabled:cursor-not-allowed disabled:opacity-70 ${fieldFocusRing}`;

/** Quiet bordered button. */
export const secondaryButton = `inline-flex min-h-11 items-center justify-center gap-2 rounded-full border-2 border-base-content/25 px-5 py-2 text-base font-semibold text-base-content transition-colors hover:border-base-content/50 hover:bg-base-content/5 disabled:cursor-not-allowed disabled:opacity-60 ${fieldFocusRing}`;

/** Destructive action (white on red-700: 6.5:1). */
export const dangerButton = `inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-red-700 px-6 py-2 text-base font-semibold text-white shadow-sm transition-colors hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-70 ${fieldFocusRing}`;

/** Green text links: green-800 on light backgrounds, green-300 on dark ones. */
export const textLink = `rounded-sm font-semibold text-green-800 underline-offset-4 hover:underline in-data-[theme=dark]:text-green-300 ${fieldFocusRing}`;

/** Secondary text that still meets 4.5:1. */
export const mutedText = 'text-base-content/80';

export const sectionCard = 'card bg-base-100 shadow-sm';

/** Two-way switch buttons (Upcoming / Past, List / Map): the pressed one is solid green. */
export const toggleButton = (pressed: boolean) =>
  `inline-flex min-h-10 items-center justify-center px-4 text-sm font-semibold transition-colors first:rounded-l-full last:rounded-r-full border-2 border-green-700 ${
    pressed
      ? 'bg-green-700 text-white'
      : 'bg-base-100 text-green-800 hover:bg-green-700/10 in-data-[theme=dark]:text-green-300'
  } ${fieldFocusRing}`;

/** Small labels on a card (Joined, Organiser, Past). */
export const badge = 'badge badge-outline badge-sm font-semibold';
