import { Link, Outlet, useNavigate, useOutletContext } from 'react-router';
import { dashboardRouteFor, type CurrentUser } from '../../contract/auth';
import { Logo } from '../components/ui/logo';
import { ThemeToggle } from '../components/ui/theme-toggle';
import { useLogout } from '../features/auth/api';

/** The signed-in frame: brand, who is signed in, theme, and sign-out. */
export function AppLayout() {
  const user = useOutletContext<CurrentUser>();
  const navigate = useNavigate();
  const logout = useLogout();
  const signOut = () =>
    logout.mutate(undefined, {
      onSettled: () => void navigate('/login', { replace: true }),
    });
  return (
    <div className="min-h-screen bg-base-200">
      <header className="navbar bg-base-100 shadow-sm px-4 gap-2">
        <div className="flex-1">
          <Logo to={dashboardRouteFor(user.profileType)} />
        </div>
        <span className="hidden sm:inline text-sm" data-testid="signed-in-as">
          Signed in as <strong>{user.username}</strong>
        </span>
        <ThemeToggle />
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={signOut}
          disabled={logout.isPending}
        >
          Logout
        </button>
      </header>
      <main id="main" className="p-4 md:p-8 max-w-6xl mx-auto">
        <Outlet context={user} />
      </main>
    </div>
  );
}

export function AppNotFound() {
  const user = useOutletContext<CurrentUser>();
  return (
    <section className="card bg-base-100 shadow max-w-xl mx-auto">
      <div className="card-body items-center text-center">
        <h1 className="card-title text-2xl">We couldn't find that page</h1>
        <p>It may have moved, or it is not part of Canopy yet.</p>
        <Link className="btn btn-primary" to={dashboardRouteFor(user.profileType)}>
          Go to your dashboard
        </Link>
      </div>
    </section>
  );
}
