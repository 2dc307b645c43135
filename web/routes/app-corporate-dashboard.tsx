import { Navigate, useOutletContext, useSearchParams } from 'react-router';
import type { CurrentUser } from '../../contract/auth';
import { dashboardRouteFor } from '../../contract/session';
import { TEAM_ROLE_LABELS, type MyTeam } from '../../contract/teams';
import { usePageTitle } from '../components/ui/page-title';
import { CorporateDashboard } from '../features/dashboards/components/corporate-dashboard';
import { CorporateNext } from '../features/dashboards/components/corporate-next';
import { VerificationWaiting } from '../features/verification/components/verification-waiting';
import {
  OrganisationPicker,
  type OrganisationChoice,
} from '../features/dashboards/components/organisation-picker';
import { AddDriveButton } from '../features/drive-form/components/drive-form-modal';
import { useMyTeams } from '../features/teams/api';
import { LoadErrorCard, LoadingState } from '../components/ui/status-cards';
import { failureMessage } from '../lib/api-client';
import { dashboardsKey } from '../features/dashboards/api';
import { RolePage } from '../app/role-page';

interface Viewable extends OrganisationChoice {
  name: string;
  own: boolean;
}

/** The organisations the viewer may see: their own corporate account first, then their teams. */
function viewableOrganisations(user: CurrentUser, teams: readonly MyTeam[]): Viewable[] {
  const list: Viewable[] = [];
  if (user.profileType === 'corporate') {
    const name = user.name || user.username;
    list.push({ id: user._id, name, label: `${name} (your organisation)`, own: true });
  }
  for (const team of teams) {
    const { id, name } = team.organisation;
    if (list.some((o) => o.id === id)) continue;
    list.push({ id, name, label: `${name} (${TEAM_ROLE_LABELS[team.role]})`, own: false });
  }
  return list;
}

/**
 * /app/corporate-dashboard: the organisation's drives and impact, for the organisation and the
 * members of its team; someone who may see several picks one (kept in `?organisation=`, so reload
 * and Back keep it). Anyone in no team, and not corporate, is told who the page is for (issue 23).
 */
export default function AppCorporateDashboard() {
  usePageTitle('Dashboard');
  return (
    <RolePage
      for="corporate"
      about="The corporate dashboard shows an organisation its drives, volunteers, trees and donations; corporate accounts and the members of their team can use it."
      forbiddenKeys={[[...dashboardsKey, 'corporate']]}
    >
      <OrganisationDashboard />
    </RolePage>
  );
}

function OrganisationDashboard() {
  const user = useOutletContext<CurrentUser>();
  const corporate = user.profileType === 'corporate';
  const teams = useMyTeams();
  const [params, setParams] = useSearchParams();
  if (teams.isPending) return <LoadingState label="Loading your organisation's dashboard…" />;
  // A corporate account still has its own dashboard when its teams cannot be loaded.
  if (teams.isError && !corporate)
    return (
      <LoadErrorCard
        message={failureMessage(teams.error, 'Your teams could not be loaded just now.')}
        onRetry={() => void teams.refetch()}
      />
    );
  const organisations = viewableOrganisations(user, teams.data?.data ?? []);
  const chosen = organisations.find((o) => o.id === params.get('organisation')) ?? organisations[0];
  if (!chosen) return <Navigate to={dashboardRouteFor(user.profileType)} replace />;
  const choose = (id: string) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('organisation', id);
      return next;
    });
  const addDrive = chosen.own ? <AddDriveButton profileType={user.profileType} /> : null;
  // What the organisation does next leads (issue 23); its figures and report follow.
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-bold break-words">
          {chosen.own ? `Welcome, ${chosen.name}!` : chosen.name}
        </h2>
        {addDrive}
      </div>
      <OrganisationPicker organisations={organisations} value={chosen.id} onChange={choose} />
      <CorporateNext organisation={chosen.id} addDrive={addDrive} extra={<VerificationWaiting />} />
      <h2 className="pt-2 text-xl font-bold">Your impact</h2>
      <CorporateDashboard organisation={chosen.id} addDrive={addDrive} />
    </div>
  );
}
