import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { RouteErrorBoundary } from './route-error';

// Declarative routes: the data router's extra code would push the landing page over its JS budget.
// Every screen is its own chunk so the landing page ships only what it needs.
const page = (
  load: () => Promise<{ default: ComponentType }>,
): LazyExoticComponent<ComponentType> => lazy(load);
const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const Landing = page(() => import('../routes/landing'));
const Documentation = page(() => import('../routes/documentation'));
const LandingPage = page(() => import('../routes/landing-page'));
const Login = page(() => import('../routes/login'));
const Register = page(() => import('../routes/register'));
const ForgotPassword = page(() => import('../routes/forgot-password'));
const ResetPassword = page(() => import('../routes/reset-password'));
const Otp = page(() => import('../routes/otp'));
const AccountArea = named(() => import('./account-area'), 'AccountArea');
const RequireSession = named(() => import('./require-session'), 'RequireSession');
const AppLayout = named(() => import('./app-layout'), 'AppLayout');
const AppNotFound = page(() => import('../routes/app-not-found'));
const AppBlank = page(() => import('../routes/app-blank'));
const AppFeatures = page(() => import('../routes/app-features'));
const AppComponents = page(() => import('../routes/app-components'));
const AppHome = page(() => import('../routes/app-home'));
const AppNurseryDashboard = page(() => import('../routes/app-nursery-dashboard'));
const AppNurseryStock = page(() => import('../routes/app-nursery-stock'));
const AppIndividualDashboard = page(() => import('../routes/app-dashboard'));
const AppCorporateDashboard = page(() => import('../routes/app-corporate-dashboard'));
const AppCharts = page(() => import('../routes/app-charts'));
const AppUserProfile = page(() => import('../routes/app-user-profile'));
const AppSettingsProfile = page(() => import('../routes/app-settings-profile'));
const AppPlantations = page(() => import('../routes/app-plantations'));
const AppMyPlantations = page(() => import('../routes/app-my-plantations'));
const AppDriveDetail = page(() => import('../routes/app-drive-detail'));
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
const TeamInvite = page(() => import('../routes/team-invite'));
const AppTreeRegistration = page(() => import('../routes/app-tree-registration'));
const AppMyTrees = page(() => import('../routes/app-my-trees'));
const AppTreeDetail = page(() => import('../routes/app-tree-detail'));
const AppTreesMap = page(() => import('../routes/app-trees-map'));
const AppIntegration = page(() => import('../routes/app-integration'));
const AppGettingStarted = page(() => import('../routes/app-getting-started'));

const loading = (
  <div className="p-6" role="status">
    Loading...
  </div>
);

export function AppRoutes() {
  const location = useLocation();
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={loading}>
        <Routes>
          <Route path="/" element={<Landing />} />
          <Route path="/home" element={<Landing />} />
          <Route path="/documentation" element={<Documentation />} />
          <Route path="/landing-page" element={<LandingPage />} />
          <Route element={<AccountArea />}>
            <Route path="/login" element={<Login />} />
            <Route path="/register" element={<Register />} />
            <Route path="/forgot-password" element={<ForgotPassword />} />
            <Route path="/reset-password" element={<ResetPassword />} />
            <Route path="/otp" element={<Otp />} />
            <Route path="/team-invite" element={<TeamInvite />} />
          </Route>
          <Route path="/app" element={<RequireSession />}>
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
              <Route path="charts" element={<AppCharts />} />
              <Route path="integration" element={<AppIntegration />} />
              <Route path="getting-started" element={<AppGettingStarted />} />
              <Route path="features" element={<AppFeatures />} />
              <Route path="components" element={<AppComponents />} />
              <Route path="blank" element={<AppBlank />} />
              <Route path="404" element={<AppNotFound />} />
              <Route path="*" element={<AppNotFound />} />
            </Route>
          </Route>
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
