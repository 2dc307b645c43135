// Zod-free on purpose: the web app's always-loaded code (session, API client) imports this.

export const PROFILE_TYPES = ['individual', 'corporate', 'nursery'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

export const SESSION_HOURS = 8;

/** The dashboard each kind of account lands on; unknown kinds fall back to the individual one. */
export function dashboardRouteFor(profileType: string | undefined | null): string {
  if (profileType === 'corporate') return '/app/corporate-dashboard';
  if (profileType === 'nursery') return '/app/nursery-dashboard';
  return '/app/dashboard';
}
