import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useId, useSyncExternalStore, type ReactNode } from 'react';
import { useOutletContext } from 'react-router';
import { dashboardRouteFor, type CurrentUser } from '../../contract/auth';
import { LoadingState, NotFoundCard } from '../components/ui/status-cards';
import { useMyTeams } from '../features/teams/api';
import { ApiError } from '../lib/api-client';
import { getSessionClaims } from '../lib/session';
import { useT } from '../i18n/use-t';
import { uiMessages } from '../components/ui/messages';
import { shellMessages, type ShellKey } from './messages';

/**
 * Who a role-only page is for: `nursery`, partner nursery accounts; `corporate`, corporate
 * accounts and the members of an organisation's team (the server's `access` rules and the
 * services' checks, e.g. /api/dashboard/nursery or /api/dashboard/corporate, answer 403 to others).
 */
export type PageRole = 'nursery' | 'corporate';

const HEADINGS: Record<PageRole, ShellKey> = {
  nursery: 'role.nursery',
  corporate: 'role.corporate',
};

/** A 403 from the API: this account may not use it, and asking again cannot change that. */
export const isForbidden = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403;

/**
 * The page shown instead of a role-only page to whoever it is not for: one heading naming who it
 * is for, one sentence on what the page is, and the way home. No "Try again", no action they
 * cannot take.
 */
export function RoleNotice({ role, about }: { role: PageRole; about: ReactNode }) {
  const t = useT(shellMessages);
  const tu = useT(uiMessages);
  const headingId = useId();
  const user = useOutletContext<CurrentUser | undefined>();
  const profileType = user?.profileType ?? getSessionClaims()?.profileType;
  return (
    <div className="py-4" data-testid="role-page">
      <NotFoundCard
        headingId={headingId}
        title={t(HEADINGS[role])}
        to={dashboardRouteFor(profileType)}
        linkLabel={tu('nav.goToDashboard')}
      >
        {about}
      </NotFoundCard>
    </div>
  );
}

/**
 * Whether a query under one of `keys` last failed with a 403 (the member's type changed since
 * the page was allowed, or a team let them go): read from the query cache, so the page's own
 * components need not know.
 */
function useForbiddenQuery(keys: readonly QueryKey[]): boolean {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const snapshot = () =>
    keys.some((queryKey) =>
      cache
        .findAll({ queryKey })
        .some((query) => query.state.status === 'error' && isForbidden(query.state.error)),
    );
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Whether the signed-in member may use a page for `role`, or `null` while that is not known yet. */
function useAllowed(role: PageRole): boolean | null {
  const user = useOutletContext<CurrentUser | undefined>();
  const profileType = user?.profileType ?? getSessionClaims()?.profileType;
  // Only a non-corporate account's teams decide (the shell has asked for them already).
  const teams = useMyTeams();
  if (role === 'nursery') return profileType === 'nursery';
  if (profileType === 'corporate') return true;
  // Teams that cannot be loaded: the page itself says so and offers to try again.
  if (teams.isError) return true;
  if (!teams.data) return null;
  return teams.data.data.length > 0;
}

/**
 * A role-only page: its content for the accounts it is for; for anyone else one clear page
 * (`RoleNotice`) instead, without loading the content or asking its API anything. A 403 from the
 * page's API (queries under `forbiddenKeys`) shows the same notice instead of a "Try again".
 *
 * `<RolePage for="nursery" about="…" forbiddenKeys={[nurseryKey]}>…</RolePage>`
 */
export function RolePage({
  for: role,
  about,
  forbiddenKeys = [],
  children,
}: {
  for: PageRole;
  /** One sentence: what the page is and who can use it. */
  about: ReactNode;
  /** Query keys (prefixes) of the page's role-only API. */
  forbiddenKeys?: readonly QueryKey[];
  children: ReactNode;
}) {
  const tu = useT(uiMessages);
  const allowed = useAllowed(role);
  const forbidden = useForbiddenQuery(forbiddenKeys);
  if (allowed === null) return <LoadingState label={tu('status.loading')} />;
  if (!allowed || forbidden) return <RoleNotice role={role} about={about} />;
  return <>{children}</>;
}
