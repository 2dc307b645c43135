import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate, useOutletContext } from 'react-router';
import { dashboardRouteFor, type CurrentUser } from '../../contract/auth';
import { ModalProvider } from '../components/ui/modal';
import { buttonClass } from '../components/ui/button';
import { PageTitleProvider, usePageTitleValue } from '../components/ui/page-title';
import { RightDrawerProvider } from '../components/ui/right-drawer';
import { Toaster } from '../components/ui/toaster';
import { useModal } from '../components/ui/modal';
import { forgetOfflineReads, keepOfflineReads } from '../lib/offline-reads';
import { outboxStore } from '../lib/outbox/outbox-store';
import { useOutboxItems } from '../lib/outbox/use-outbox';
import { OfflineBanner } from './offline-banner';
import { OutboxBar } from './outbox-bar';
import { useCurrentUser, useLogout } from '../features/auth/api';
import { useMyTeams } from '../features/teams/api';
// The keys alone: the drive and nursery schemas stay out of every first screen.
import { drivesKey, reservationsKey } from '../lib/queries/keys';
import { RouteErrorBoundary } from './route-error';
import { Sidebar } from './shell/sidebar';
import { TopBar } from './shell/top-bar';
import { useT } from '../i18n/use-t';
import { commonMessages } from '../i18n/common';
import { shellMessages } from './messages';

/** Spec: the desktop breakpoint, Tailwind's `lg`. */
const DESKTOP_QUERY = '(min-width: 1024px)';

/** The signed-in area: its providers around the shell. */
export function AppLayout() {
  return (
    <PageTitleProvider>
      <ModalProvider>
        <RightDrawerProvider>
          <Shell />
        </RightDrawerProvider>
      </ModalProvider>
    </PageTitleProvider>
  );
}

function Shell() {
  const contextUser = useOutletContext<CurrentUser>();
  // The query, not only the guard's snapshot, so a new avatar or username shows at once.
  const user = useCurrentUser().data?.user ?? contextUser;
  // Team members (not the organisation account itself) get the Team links in the sidebar.
  const inTeam = useMyTeams().data?.data.some((team) => !team.isOrganisationAccount) ?? false;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const title = usePageTitleValue();
  const mainRef = useRef<HTMLElement>(null);
  const navRef = useRef<HTMLDialogElement>(null);
  const [navOpen, setNavOpen] = useState(false);
  // The sidebar column only exists at desktop width: a phone's first load does not build (and
  // rebuild on every answer the shell reads) a hidden copy of the nav (issue 20's blocking time).
  const [desktop, setDesktop] = useState(() => window.matchMedia?.(DESKTOP_QUERY).matches ?? true);
  const navId = useId();
  const home = dashboardRouteFor(user.profileType);

  const closeNav = () => {
    if (navRef.current?.open) navRef.current.close();
  };

  // Spec: the main area scrolls smoothly back to the top whenever the page title changes. Only
  // once it has been scrolled: scrolling a page just opened would force a layout in the middle of
  // its first render for nothing (issue 20's blocking time).
  const scrolled = useRef(false);
  useEffect(() => {
    if (!scrolled.current) return;
    scrolled.current = false;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    mainRef.current?.scrollTo?.({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  }, [title]);

  // The drawer's content is only rendered while open (no second copy of the nav in the page).
  useEffect(() => {
    const dialog = navRef.current;
    if (navOpen && dialog && !dialog.open) dialog.showModal();
  }, [navOpen]);

  // Leaving the app area (logout) must not leave an app screen's name on the sign-in tab.
  // Read on first render, before any screen's effect has renamed the tab.
  const [outsideTitle] = useState(() => document.title);
  useEffect(
    () => () => {
      document.title = outsideTitle;
    },
    [outsideTitle],
  );

  // Following a link closes the small-screen drawer.
  useEffect(() => {
    if (navRef.current?.open) navRef.current.close();
  }, [pathname]);

  // Growing to desktop width shows the sidebar column, so the drawer has no reason to stay.
  useEffect(() => {
    const query = window.matchMedia?.(DESKTOP_QUERY);
    if (!query) return;
    const onChange = () => {
      setDesktop(query.matches);
      if (query.matches && navRef.current?.open) navRef.current.close();
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  // The screens read in the field stay on this phone for reading offline (issue 24).
  useEffect(() => keepOfflineReads(queryClient, user.id), [queryClient, user.id]);

  const t = useT(shellMessages);
  const tc = useT(commonMessages);
  const modal = useModal();
  const unsent = useOutboxItems(user.id).length;
  const signOut = async () => {
    // What this phone holds for Canopy goes with the session: ask first (issue 24).
    if (unsent > 0) {
      const leave = await modal.confirm({
        title: t('signOut.title'),
        message: t('signOut.message', { count: unsent }),
        confirmLabel: t('signOut.confirm'),
        cancelLabel: t('signOut.cancel'),
      });
      if (!leave) return;
      await outboxStore.discardAll(user.id);
    }
    logout.mutate(undefined, {
      onSettled: () => {
        // Replace, so Back cannot return into the app; then forget this user's cached data.
        void navigate('/login', { replace: true });
        queryClient.removeQueries({ queryKey: ['notifications'] });
        queryClient.removeQueries({ queryKey: ['people'] });
        // Joined flags and the secret calendar feed address belong to this user only.
        queryClient.removeQueries({ queryKey: drivesKey });
        queryClient.removeQueries({ queryKey: reservationsKey });
        queryClient.removeQueries({ queryKey: ['calendar'] });
        void forgetOfflineReads(user.id);
      },
    });
  };

  return (
    <div className="flex h-dvh overflow-hidden bg-base-200">
      <a
        href="#main"
        className={buttonClass({
          size: 'sm',
          className: 'absolute left-2 top-2 z-50 -translate-y-20 focus:translate-y-0',
        })}
      >
        {t('skip.main')}
      </a>
      <div className="hidden w-64 shrink-0 border-r border-base-300 bg-base-100 lg:block">
        {desktop ? <Sidebar profileType={user.profileType} inTeam={inTeam} /> : null}
      </div>
      <dialog
        ref={navRef}
        id={navId}
        aria-label={tc('menu.label')}
        className="fixed inset-y-0 left-0 right-auto m-0 h-dvh max-h-none w-72 max-w-[85vw] bg-base-100 p-0 text-base-content shadow-2xl backdrop:bg-black/40 lg:hidden"
        onClose={() => setNavOpen(false)}
        onClick={(event) => {
          // A click on the backdrop lands on the dialog element itself.
          if (event.target === event.currentTarget) closeNav();
        }}
        data-testid="mobile-nav"
      >
        {navOpen && <Sidebar profileType={user.profileType} inTeam={inTeam} onClose={closeNav} />}
      </dialog>
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          user={user}
          navOpen={navOpen}
          navId={navId}
          onOpenNav={() => setNavOpen(true)}
          onLogout={() => void signOut()}
          loggingOut={logout.isPending}
        />
        <OfflineBanner />
        <OutboxBar userId={user.id} />
        <main
          id="main"
          ref={mainRef}
          onScroll={() => {
            scrolled.current = true;
          }}
          tabIndex={-1}
          className="flex-1 overflow-y-auto p-4 focus:outline-none md:p-8"
        >
          <RouteErrorBoundary
            resetKey={pathname}
            inline
            homeHref={home}
            homeLabel={t('error.homeDashboard')}
          >
            <Suspense
              fallback={
                <p className="p-6" role="status">
                  {tc('page.loading')}
                </p>
              }
            >
              <Outlet context={user} />
            </Suspense>
          </RouteErrorBoundary>
        </main>
      </div>
      <Toaster area="app" />
    </div>
  );
}
