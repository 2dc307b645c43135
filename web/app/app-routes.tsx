import { Navigate, Route, Routes } from 'react-router';
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

/** The routes under /app: the session guard, the app shell, then the screen. */
export function AppAreaRoutes() {
  return (
    <Routes>
      <Route element={<RequireSession />}>
        <Route element={<AppLayout />}>
          <Route index element={<AppHome />} />
          <Route path="dashboard" element={<AppIndividualDashboard />} />
          <Route path="corporate-dashboard" element={<AppCorporateDashboard />} />
          <Route path="nursery-dashboard" element={<AppNurseryDashboard />} />
          <Route path="nursery-stock" element={<AppNurseryStock />} />
          <Route path="user-profile/:id" element={<AppUserProfile />} />
          <Route path="settings-profile" element={<AppSettingsProfile />} />
          <Route path="delive-event" element={<AppPlantations />} />
          <Route path="mydelive-event" element={<AppMyPlantations />} />
          <Route path="delive-detail/:id" element={<AppDriveDetail />} />
          <Route path="drives/:id/check-in" element={<AppDriveCheckIn />} />
          {/* A walk-in's invitation to claim their attendance (?claim=…), else the drive's page. */}
          <Route path="drives/:id" element={<AppDriveClaim />} />
          <Route path="calendar" element={<AppCalendar />} />
          <Route path="donate-tree" element={<AppDonateTree />} />
          <Route path="donate-tree/success" element={<AppDonateSuccess />} />
          <Route path="donate-tree/cancel" element={<AppDonateCancel />} />
          <Route path="checkout/:driveName/:kind/:desc" element={<AppCheckout />} />
          <Route path="checkout-tree" element={<AppCheckoutTree />} />
          <Route path="transactions" element={<AppTransactions />} />
          <Route path="settings-billing" element={<AppSettingsBilling />} />
          <Route path="settings-team" element={<AppSettingsTeam />} />
          <Route path="team-invite" element={<AppTeamInvite />} />
          <Route path="tree-registeration" element={<AppTreeRegistration />} />
          <Route path="my-trees" element={<AppMyTrees />} />
          {/* Notification links (TREE_PATHS): the care due and replanting sit on My Trees. */}
          <Route path="trees/care" element={<Navigate to="/app/my-trees#care-due" replace />} />
          <Route
            path="trees/replanting"
            element={<Navigate to="/app/my-trees#replanting" replace />}
          />
          <Route path="trees/:id" element={<AppTreeDetail />} />
          <Route path="trees-map" element={<AppTreesMap />} />
          <Route path="verify" element={<AppVerify />} />
          <Route path="my-forest" element={<AppMyForest />} />
          <Route path="charts" element={<AppCharts />} />
          <Route path="integration" element={<AppIntegration />} />
          <Route path="getting-started" element={<AppGettingStarted />} />
          <Route path="help" element={<AppHelp />} />
          <Route path="features" element={<AppFeatures />} />
          <Route path="components" element={<AppComponents />} />
          <Route path="blank" element={<AppBlank />} />
          <Route path="upload-queue" element={<AppUploadQueue />} />
          <Route path="404" element={<AppNotFound />} />
          <Route path="*" element={<AppNotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}
