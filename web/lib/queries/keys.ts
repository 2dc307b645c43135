/**
 * The roots of the drive and reservation query keys, apart from their queries: the signed-in
 * shell clears them on sign-out without loading the drive and nursery schemas on every first
 * screen (issue 20: building them cost a phone ~130 ms before My Trees could render).
 */

/**
 * Every drive query (lists, map, detail, My Plantations, calendar, the pickers of other features)
 * starts here, so a change to any drive refreshes them all.
 */
export const drivesKey = ['drives'] as const;

/** Sapling reservations, read by the nursery panels and the tree form; nursery changes refresh them. */
export const reservationsKey = ['reservations'] as const;
