import { useOutletContext } from 'react-router';
import { dashboardRouteFor, type CurrentUser } from '../../contract/auth';
import { ButtonLink } from '../components/ui/button';
import { usePageTitle } from '../components/ui/page-title';

/** /app/404 and any unknown /app/* path: a friendly page inside the shell. */
export default function AppNotFound() {
  usePageTitle('Page not found');
  const user = useOutletContext<CurrentUser>();
  return (
    <section className="card bg-base-100 shadow max-w-xl mx-auto">
      <div className="card-body items-center text-center">
        <h2 className="card-title text-2xl">We couldn't find that page</h2>
        <p>It may have moved, or it is not part of Canopy yet.</p>
        <ButtonLink to={dashboardRouteFor(user.profileType)}>Go to your dashboard</ButtonLink>
      </div>
    </section>
  );
}
