/** Query keys shared by more than one feature (features never import each other). */
export const currentUserKey = ['users', 'current'] as const;

/** A member's public profile, as /app/user-profile/:id shows it. */
export const profileKey = (id: string) => ['profile', id] as const;

/** Every drive query (lists, map, detail, My Plantations, calendar) starts here, so a change refreshes them all. */
export const drivesKey = ['drives'] as const;
