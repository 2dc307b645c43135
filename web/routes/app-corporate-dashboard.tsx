import { Navigate, useOutletContext } from 'react-router';
import type { CurrentUser } from '../../contract/auth';
import { dashboardRouteFor } from '../../contract/session';
import { usePageTitle } from '../components/ui/page-title';
import { CorporateDashboard } from '../features/dashboards/components/corporate-dashboard';
import { AddDriveButton } from '../features/drive-form/components/drive-form-modal';

/** /app/corporate-dashboard: the organisation's drives and impact; other roles go to their own. */
export default function AppCorporateDashboard() {
  usePageTitle('Dashboard');
  const user = useOutletContext<CurrentUser>();
  if (user.profileType !== 'corporate')
    return <Navigate to={dashboardRouteFor(user.profileType)} replace />;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-bold">Welcome, {user.name || user.username}!</h2>
        <AddDriveButton profileType={user.profileType} />
      </div>
      <CorporateDashboard />
    </div>
  );
}
