import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { useCurrentUser } from '../features/auth/api';
import { ApiError, setSessionEndedHandler } from '../lib/api-client';
import { getToken } from '../lib/session';
import { useAskingOpenTabs } from '../lib/use-open-tab-session';
import { useT } from '../i18n/use-t';
import { shellMessages } from './messages';

export const loginPathFor = (from: string) => `/login?from=${encodeURIComponent(from)}`;

/** Guards /app/*: a spinner while the token is checked, /login (remembering the page) when it is missing or invalid. */
export function RequireSession() {
  const t = useT(shellMessages);
  const location = useLocation();
  const navigate = useNavigate();
  const here = `${location.pathname}${location.search}`;
  // Without a session here (a link opened in a new tab), ask the open tabs first (issue 23).
  const asking = useAskingOpenTabs();
  const token = getToken();
  const currentUser = useCurrentUser();

  useEffect(() => {
    // Any 401 inside the app: back to sign-in without reloading, then back here afterwards.
    setSessionEndedHandler(() => {
      const from = `${window.location.pathname}${window.location.search}`;
      void navigate(loginPathFor(from), { replace: true });
    });
  }, [navigate]);

  // Offline (no answer at all), the account this tab last heard of still opens the app (issue 24);
  // any answer from the server (401, 403…) is believed.
  const unreachable =
    currentUser.error instanceof ApiError && currentUser.error.status === 0 && !!currentUser.data;
  if (!asking && (!token || (currentUser.isError && !unreachable))) {
    return <Navigate to={loginPathFor(here)} replace />;
  }
  if (asking || !currentUser.data) {
    return (
      <div
        className="min-h-screen flex items-center justify-center"
        role="status"
        aria-live="polite"
      >
        <Spinner size="lg" className="text-primary" />
        <span className="sr-only">{t('session.checking')}</span>
      </div>
    );
  }
  return <Outlet context={currentUser.data.user} />;
}
