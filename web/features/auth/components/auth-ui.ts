/*
 * Looks of the account screens: the shared ones from components/ui, plus the full-width submit
 * button these forms end with.
 */
import { fieldErrorText } from '../../../components/ui/form-field';
import { focusRing } from '../../../components/ui/looks';

export { focusRing, mutedText, secondaryButton, textLink } from '../../../components/ui/looks';

/** Solid green full-width submit button (white on green-700: 5.0:1). */
export const primaryButton = `inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-full bg-green-700 px-6 py-2.5 text-base font-semibold text-white shadow-sm transition-colors hover:bg-green-800 disabled:cursor-wait disabled:opacity-70 ${focusRing}`;

/** Field error text: red-700 on light backgrounds, red-300 on dark ones. */
export const errorText = fieldErrorText;
