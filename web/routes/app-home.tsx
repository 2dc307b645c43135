import { Navigate, useOutletContext } from 'react-router';
import { dashboardRouteFor, type CurrentUser } from '../../contract/auth';

/** /app itself: the signed-in user's own dashboard. */
export default function AppHome() {
  const user = useOutletContext<CurrentUser>();
  return <Navigate to={dashboardRouteFor(user.profileType)} replace />;
}
