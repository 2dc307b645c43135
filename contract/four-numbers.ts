/**
 * The four honest numbers (issue 21 §3, DESIGN §7): wherever Canopy counts trees it shows these,
 * by these definitions, and CO₂ and O₂ count only the plants alive at last check
 * (docs/decisions/four-numbers.md; explained at /documentation#impact-method).
 *
 * - **funded**: trees paid for: the trees of paid tree donations, refunded ones taken away.
 * - **planted**: plants registered, on trees a verifier has not rejected.
 * - **alive at last check**: living plants (not on rejected or dead trees) whose tree's last check
 *   (its registration, a measurement, a care entry or a health report) is less than
 *   CHECK_WINDOW_MONTHS months old.
 * - **verified**: of those, the plants on trees a verifier verified.
 *
 * Plain values and functions with no imports, so any page (the landing page included) can use
 * them without pulling in a schema library.
 */

/** A check counts for this many calendar months. */
export const CHECK_WINDOW_MONTHS = 12;

/** A tree unchecked this many months gets a check-up reminder (before its check lapses). */
export const CHECKUP_AFTER_MONTHS = 10;

/** The four numbers, by the same field names in every answer (`GET /api/stats` spreads them). */
export interface FourNumbers {
  /** Trees paid for (paid tree donations' trees, refunds excluded). */
  treesFunded: number;
  /** Plants registered (not on rejected trees). */
  treesPlanted: number;
  /** Living plants whose last check is less than 12 months old (not on rejected trees). */
  treesAliveChecked: number;
  /** Of those, the plants on verified trees. */
  treesVerified: number;
}

export const FOUR_NUMBER_KEYS = [
  'treesFunded',
  'treesPlanted',
  'treesAliveChecked',
  'treesVerified',
] as const satisfies ReadonlyArray<keyof FourNumbers>;

/** What each number means, in the words every screen and the documentation use. */
export const FOUR_NUMBER_LABELS: Readonly<
  Record<keyof FourNumbers, { label: string; means: string }>
> = {
  treesFunded: { label: 'Funded', means: 'Trees paid for by donations (refunds left out).' },
  treesPlanted: { label: 'Planted', means: 'Plants registered (rejected trees left out).' },
  treesAliveChecked: {
    label: 'Alive at last check',
    means: `Living plants checked in the last ${CHECK_WINDOW_MONTHS} months (registered, measured, cared for or reported healthy).`,
  },
  treesVerified: {
    label: 'Verified',
    means: "Of those, plants on trees a drive's organiser or the supplying nursery verified.",
  },
};

/**
 * The same day of the month `months` months away (negative: before), clamped to the month's last
 * day (31 March less a month is 28 or 29 February), at the same time of day (UTC).
 */
export function addCalendarMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * The instant a check must be after to count at `now` (ISO-8601 UTC): CHECK_WINDOW_MONTHS
 * calendar months before it. A check at exactly that instant is 12 months old and no longer counts.
 */
export const checkBoundary = (now: Date): string =>
  addCalendarMonths(now, -CHECK_WINDOW_MONTHS).toISOString();

/** Whether a tree last checked at `lastCheckedAt` is checked at `now`. */
export const checkedAt = (lastCheckedAt: string | null, now: Date): boolean =>
  lastCheckedAt !== null && lastCheckedAt > checkBoundary(now);

/** The later of two instants (ISO-8601), either possibly null. */
export const laterCheck = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null ? a : a > b ? a : b;
