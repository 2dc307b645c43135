import { Navigate, useOutletContext } from 'react-router';
import type { CurrentUser } from '../../contract/auth';
import { dashboardRouteFor } from '../../contract/session';
import { usePageTitle } from '../components/ui/page-title';
import { IndividualDashboard } from '../features/dashboards/components/individual-dashboard';
import { TaskRow } from '../features/trees/components/care-due-panel';

/**
 * /app/dashboard: an individual's own dashboard; care tasks use the trees feature's row, so Done
 * logs the care right here. Other roles go to the dashboard of their own role.
 */
export default function AppDashboard() {
  usePageTitle('Dashboard');
  const user = useOutletContext<CurrentUser>();
  if (user.profileType !== 'individual')
    return <Navigate to={dashboardRouteFor(user.profileType)} replace />;
  return (
    <div className="space-y-6">
      <h2 className="text-2xl font-bold">Welcome, {user.name || user.username}!</h2>
      <IndividualDashboard renderCareTask={(task) => <TaskRow task={task} />} />
    </div>
  );
}
