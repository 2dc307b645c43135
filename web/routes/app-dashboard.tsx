import { Link, Navigate, useOutletContext } from 'react-router';
import type { CurrentUser } from '../../contract/auth';
import { dashboardRouteFor } from '../../contract/session';
import { usePageTitle } from '../components/ui/page-title';
import { IndividualDashboard } from '../features/dashboards/components/individual-dashboard';
import { AddDriveButton } from '../features/drive-form/components/drive-form-modal';
import { useImpactStats } from '../features/landing/api';
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

const INTRO: Record<CurrentUser['profileType'], string> = {
  individual: 'Your trees, the drives you join and the impact you make will all gather here.',
  corporate: 'Organise tree drives for your team and community, and follow the impact they make.',
  nursery: 'Supply saplings to drives near you and help every tree get a healthy start.',
};

/** The nursery dashboard's greeting and community figures until the nursery page replaces it. */
export function WelcomeDashboard() {
  usePageTitle('Dashboard');
  const user = useOutletContext<CurrentUser>();
  const stats = useImpactStats();
  const format = new Intl.NumberFormat();
  return (
    <div className="space-y-6">
      <section className="card bg-base-100 shadow">
        <div className="card-body">
          {/* The top bar holds the page's h1. */}
          <h2 className="text-3xl font-bold">Welcome, {user.name || user.username}!</h2>
          <p>{INTRO[user.profileType]}</p>
          {/* Only corporate accounts organise drives. */}
          {user.profileType === 'corporate' ? (
            <div className="card-actions">
              <AddDriveButton profileType={user.profileType} />
            </div>
          ) : null}
        </div>
      </section>
      <section className="card bg-base-100 shadow" aria-labelledby="community-heading">
        <div className="card-body">
          <h2 id="community-heading" className="card-title">
            The Canopy community so far
          </h2>
          {stats.data ? (
            <dl className="stats stats-vertical sm:stats-horizontal">
              <div className="stat">
                <dt className="stat-title">Trees registered</dt>
                <dd className="stat-value text-primary">
                  {format.format(stats.data.treesRegistered)}
                </dd>
              </div>
              <div className="stat">
                <dt className="stat-title">Tree drives</dt>
                <dd className="stat-value">{format.format(stats.data.drivesCreated)}</dd>
              </div>
              <div className="stat">
                <dt className="stat-title">Volunteer hours</dt>
                <dd className="stat-value">{format.format(stats.data.volunteerHours)}</dd>
              </div>
            </dl>
          ) : stats.isError ? (
            <p>The community figures could not be loaded just now.</p>
          ) : (
            <p role="status">Loading community figures…</p>
          )}
          <p>
            <Link className="link" to="/">
              See the full impact on the home page
            </Link>
          </p>
        </div>
      </section>
    </div>
  );
}
