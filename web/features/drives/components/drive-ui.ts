/* Looks of the drive screens beyond the shared ones in components/ui/looks.ts. */

/** Small labels on a card (Joined, Organiser, Past). */
export const badge = 'badge badge-outline badge-sm font-semibold';
