/* Looks of the calendar screen beyond the shared ones in components/ui/looks.ts. */
import { focusRing } from '../../../components/ui/looks';

export const iconButton = `inline-flex h-11 w-11 items-center justify-center rounded-full border-2 border-base-content/25 text-base-content transition-colors hover:border-base-content/50 hover:bg-base-content/5 ${focusRing}`;

export const dangerOutlineButton = `inline-flex min-h-11 items-center justify-center gap-2 rounded-full border-2 border-red-700 px-5 py-2 text-base font-semibold text-red-800 transition-colors hover:bg-red-700/10 disabled:cursor-not-allowed disabled:opacity-60 in-data-[theme=dark]:border-red-400 in-data-[theme=dark]:text-red-300 ${focusRing}`;
