/* Looks of the drive screens beyond the shared ones in components/ui/looks.ts. */
import { focusRing } from '../../../components/ui/looks';

/** Two-way switch buttons (Upcoming / Past, List / Map): the pressed one is solid green. */
export const toggleButton = (pressed: boolean) =>
  `inline-flex min-h-10 items-center justify-center px-4 text-sm font-semibold transition-colors first:rounded-l-full last:rounded-r-full border-2 border-green-700 ${
    pressed
      ? 'bg-green-700 text-white'
      : 'bg-base-100 text-green-800 hover:bg-green-700/10 in-data-[theme=dark]:text-green-300'
  } ${focusRing}`;

/** Small labels on a card (Joined, Organiser, Past). */
export const badge = 'badge badge-outline badge-sm font-semibold';
