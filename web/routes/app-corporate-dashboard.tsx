import { Navigate, useOutletContext } from 'react-router';
import type { CurrentUser } from '../../contract/auth';
import { dashboardRouteFor } from '../../contract/session';
import { usePageTitle } from '../components/ui/page-title';
import { CorporateDashboard } from '../features/dashboards/components/corporate-dashboard';
import { AddDriveButton } from '../features/drive-form/components/drive-form-modal';
import { useMyTeams } from '../features/teams/api';
import { LoadingState } from '../components/ui/status-cards';

/**
 * /app/corporate-dashboard: the organisation's drives and impact, for the organisation and the
 * members of its team (the API answers them with their team's); anyone else goes to their own.
 */
export default function AppCorporateDashboard() {
  usePageTitle('Dashboard');
  const user = useOutletContext<CurrentUser>();
  const corporate = user.profileType === 'corporate';
  const teams = useMyTeams();
  const team = teams.data?.data[0];
  if (!corporate) {
    if (teams.isPending) return <LoadingState label="Loading your organisation's dashboard…" />;
    if (!team) return <Navigate to={dashboardRouteFor(user.profileType)} replace />;
  }
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-bold">
          {corporate ? `Welcome, ${user.name || user.username}!` : team?.organisation.name}
        </h2>
        {corporate ? <AddDriveButton profileType={user.profileType} /> : null}
      </div>
      <CorporateDashboard />
    </div>
  );
}
