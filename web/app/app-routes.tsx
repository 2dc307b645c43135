import type { ComponentType } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { named, page } from './lazy-page';
import { getToken } from '../lib/session';
import { RequireSession } from './require-session';

// The signed-in area's screens, each its own chunk, loaded once a visitor opens /app/*
// (web/app/router.tsx), so the landing page's entry carries none of this table. The session
// guard comes with it (every /app screen starts there); the shell waits until it lets one in.
const loadLayout = () => import('./app-layout');
const AppLayout = named(loadLayout, 'AppLayout');
const AppNotFound = page(() => import('../routes/app-not-found'));
const AppBlank = page(() => import('../routes/app-blank'));
const AppUploadQueue = page(() => import('../routes/app-upload-queue'));
const AppFeatures = page(() => import('../routes/app-features'));
const AppComponents = page(() => import('../routes/app-components'));
const AppHome = page(() => import('../routes/app-home'));
const AppNurseryDashboard = page(() => import('../routes/app-nursery-dashboard'));
const AppNurseryStock = page(() => import('../routes/app-nursery-stock'));
const loadDashboard = () => import('../routes/app-dashboard');
const AppIndividualDashboard = page(loadDashboard);
const AppCorporateDashboard = page(() => import('../routes/app-corporate-dashboard'));
const AppCharts = page(() => import('../routes/app-charts'));
const AppUserProfile = page(() => import('../routes/app-user-profile'));
const AppSettingsProfile = page(() => import('../routes/app-settings-profile'));
const loadPlantations = () => import('../routes/app-plantations');
const AppPlantations = page(loadPlantations);
const AppMyPlantations = page(() => import('../routes/app-my-plantations'));
const AppDriveDetail = page(() => import('../routes/app-drive-detail'));
const AppDriveCheckIn = page(() => import('../routes/app-drive-check-in'));
const AppDriveClaim = page(() => import('../routes/app-drive-claim'));
const AppCalendar = page(() => import('../routes/app-calendar'));
const AppDonateTree = page(() => import('../routes/app-donate-tree'));
const AppCheckout = page(() => import('../routes/app-checkout'));
const AppCheckoutTree = page(() => import('../routes/app-checkout-tree'));
const AppDonateSuccess = page(() => import('../routes/app-donate-success'));
const AppDonateCancel = page(() => import('../routes/app-donate-cancel'));
const AppTransactions = page(() => import('../routes/app-transactions'));
const AppSettingsBilling = page(() => import('../routes/app-settings-billing'));
const AppSettingsTeam = page(() => import('../routes/app-settings-team'));
const AppTeamInvite = page(() => import('../routes/app-team-invite'));
const AppTreeRegistration = page(() => import('../routes/app-tree-registration'));
const loadMyTrees = () => import('../routes/app-my-trees');
const AppMyTrees = page(loadMyTrees);
const AppTreeDetail = page(() => import('../routes/app-tree-detail'));
const loadTreesMap = () => import('../routes/app-trees-map');
const AppTreesMap = page(loadTreesMap);
const AppMyForest = page(() => import('../routes/app-my-forest'));
const AppIntegration = page(() => import('../routes/app-integration'));
const AppGettingStarted = page(() => import('../routes/app-getting-started'));
const AppHelp = page(() => import('../routes/app-help'));
const AppVerify = page(() => import('../routes/app-verify'));

/**
 * Opening the signed-in area directly (a phone's first load, issue 20): the shell's code, and for
 * these screens their own, are fetched now, while the session is still being checked, instead of
 * one after the other once the guard lets the member in. The lazy screens then find them loaded.
 */
const FETCH_EARLY: Record<string, () => Promise<unknown>> = {
  '/app/dashboard': loadDashboard,
  '/app/my-trees': loadMyTrees,
  '/app/trees-map': loadTreesMap,
  '/app/delive-event': loadPlantations,
};
if (getToken()) {
  // A failure here is left to the lazy component, which loads (and reports) it again.
  loadLayout().catch(() => undefined);
  FETCH_EARLY[window.location.pathname.replace(/\/$/, '')]?.().catch(() => undefined);
}

const screen = (path: string, Screen: ComponentType): RouteObject => ({
  path,
  element: <Screen />,
});

/** The screens under /app, inside the session guard and the app shell (AppAreaRoutes). */
export const SCREENS: RouteObject[] = [
  { index: true, element: <AppHome /> },
  screen('dashboard', AppIndividualDashboard),
  screen('corporate-dashboard', AppCorporateDashboard),
  screen('nursery-dashboard', AppNurseryDashboard),
  screen('nursery-stock', AppNurseryStock),
  screen('user-profile/:id', AppUserProfile),
  screen('settings-profile', AppSettingsProfile),
  screen('delive-event', AppPlantations),
  screen('mydelive-event', AppMyPlantations),
  screen('delive-detail/:id', AppDriveDetail),
  screen('drives/:id/check-in', AppDriveCheckIn),
  // A walk-in's invitation to claim their attendance (?claim=…), else the drive's page.
  screen('drives/:id', AppDriveClaim),
  screen('calendar', AppCalendar),
  screen('donate-tree', AppDonateTree),
  screen('donate-tree/success', AppDonateSuccess),
  screen('donate-tree/cancel', AppDonateCancel),
  screen('checkout/:driveName/:kind/:desc', AppCheckout),
  screen('checkout-tree', AppCheckoutTree),
  screen('transactions', AppTransactions),
  screen('settings-billing', AppSettingsBilling),
  screen('settings-team', AppSettingsTeam),
  screen('team-invite', AppTeamInvite),
  screen('tree-registeration', AppTreeRegistration),
  screen('my-trees', AppMyTrees),
  // Notification links (TREE_PATHS): the care due and replanting sit on My Trees.
  { path: 'trees/care', element: <Navigate to="/app/my-trees#care-due" replace /> },
  { path: 'trees/replanting', element: <Navigate to="/app/my-trees#replanting" replace /> },
  screen('trees/:id', AppTreeDetail),
  screen('trees-map', AppTreesMap),
  screen('verify', AppVerify),
  screen('my-forest', AppMyForest),
  screen('charts', AppCharts),
  screen('integration', AppIntegration),
  screen('getting-started', AppGettingStarted),
  screen('help', AppHelp),
  screen('features', AppFeatures),
  screen('components', AppComponents),
  screen('blank', AppBlank),
  screen('upload-queue', AppUploadQueue),
  screen('404', AppNotFound),
  screen('*', AppNotFound),
];

/** A path's first segment under /app as react-router compares it (decoded, any case). */
export function firstSegment(pathname: string): string {
  const segment = pathname.replace(/^\/app\/?/i, '').split('/')[0] ?? '';
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

const guarded = (screens: RouteObject[]): RouteObject[] => [
  { element: <RequireSession />, children: [{ element: <AppLayout />, children: screens }] },
];
const tables = new Map<string, RouteObject[]>();

/**
 * The routes a path under /app can match: the screens whose first segment is its own, and the
 * not-found screen. react-router flattens, ranks and compiles a pattern for every route it is
 * given on each render of the area (0.1–0.2 s of a phone's first load of My Trees with all 41,
 * issue 20); one table per first segment, made once, gives it two to five.
 */
export function routesFor(pathname: string): RouteObject[] {
  const first = firstSegment(pathname);
  let table = tables.get(first);
  if (!table) {
    table = guarded(
      SCREENS.filter((route) =>
        route.index ? first === '' : route.path === '*' || route.path!.split('/')[0] === first,
      ),
    );
    tables.set(first, table);
  }
  return table;
}

/** The routes under /app: the session guard, the app shell, then the screen. */
export function AppAreaRoutes() {
  return useRoutes(routesFor(useLocation().pathname));
}
