/*
 * Looks of the calendar screen (the shared green buttons, kept in step with the other screens by
 * hand because features do not import each other).
 */
import { fieldFocusRing } from '../../../components/ui/form-field';

export const secondaryButton = `inline-flex min-h-11 items-center justify-center gap-2 rounded-full border-2 border-base-content/25 px-5 py-2 text-base font-semibold text-base-content transition-colors hover:border-base-content/50 hover:bg-base-content/5 disabled:cursor-not-allowed disabled:opacity-60 ${fieldFocusRing}`;

export const iconButton = `inline-flex h-11 w-11 items-center justify-center rounded-full border-2 border-base-content/25 text-base-content transition-colors hover:border-base-content/50 hover:bg-base-content/5 ${fieldFocusRing}`;

export const dangerOutlineButton = `inline-flex min-h-11 items-center justify-center gap-2 rounded-full border-2 border-red-700 px-5 py-2 text-base font-semibold text-red-800 transition-colors hover:bg-red-700/10 disabled:cursor-not-allowed disabled:opacity-60 in-data-[theme=dark]:border-red-400 in-data-[theme=dark]:text-red-300 ${fieldFocusRing}`;

export const textLink = `rounded-sm font-semibold text-green-800 underline-offset-4 hover:underline in-data-[theme=dark]:text-green-300 ${fieldFocusRing}`;

export const mutedText = 'text-base-content/80';

export const sectionCard = 'card bg-base-100 shadow-sm';

export const focusRing = fieldFocusRing;
