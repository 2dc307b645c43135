import { Navigate, useOutletContext, useSearchParams } from 'react-router';
import type { CurrentUser } from '../../contract/auth';
import { dashboardRouteFor } from '../../contract/session';
import type { MyTeam } from '../../contract/teams';
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
import { dashboardsMessages, type DashboardsT } from '../features/dashboards/messages';
import { useT } from '../i18n/use-t';

interface Viewable extends OrganisationChoice {
  name: string;
  own: boolean;
}

/** The organisations the viewer may see: their own corporate account first, then their teams. */
function viewableOrganisations(
  user: CurrentUser,
  teams: readonly MyTeam[],
  t: DashboardsT,
): Viewable[] {
  const list: Viewable[] = [];
  if (user.profileType === 'corporate') {
    const name = user.name || user.username;
    list.push({ id: user._id, name, label: t('org.own', { name }), own: true });
  }
  for (const team of teams) {
    const { id, name } = team.organisation;
    if (list.some((o) => o.id === id)) continue;
    list.push({ id, name, label: t('org.team', { name, role: team.role }), own: false });
  }
  return list;
}

/**
 * /app/corporate-dashboard: the organisation's drives and impact, for the organisation and the
 * members of its team; someone who may see several picks one (kept in `?organisation=`, so reload
 * and Back keep it). Anyone in no team, and not corporate, is told who the page is for (issue 23).
 */
export default function AppCorporateDashboard() {
  const t = useT(dashboardsMessages);
  usePageTitle(t('page.dashboard'));
  return (
    <RolePage
      for="corporate"
      about={t('org.about')}
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
  const t = useT(dashboardsMessages);
  if (teams.isPending) return <LoadingState label={t('org.loading')} />;
  // A corporate account still has its own dashboard when its teams cannot be loaded.
  if (teams.isError && !corporate)
    return (
      <LoadErrorCard
        message={failureMessage(teams.error, t('org.teamsFailed'))}
        onRetry={() => void teams.refetch()}
      />
    );
  const organisations = viewableOrganisations(user, teams.data?.data ?? [], t);
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
          {chosen.own ? t('welcome', { name: chosen.name }) : chosen.name}
        </h2>
        {addDrive}
      </div>
      <OrganisationPicker organisations={organisations} value={chosen.id} onChange={choose} />
      <CorporateNext organisation={chosen.id} addDrive={addDrive} extra={<VerificationWaiting />} />
      <h2 className="pt-2 text-xl font-bold">{t('yourImpact')}</h2>
      <CorporateDashboard organisation={chosen.id} addDrive={addDrive} />
    </div>
  );
}
