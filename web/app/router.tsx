import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { named, page } from './lazy-page';
import { RouteErrorBoundary } from './route-error';
import { useT } from '../i18n/use-t';
import { commonMessages } from '../i18n/common';

// Declarative routes: the data router's extra code would push the landing page over its JS budget.
// Every screen is its own chunk so the landing page ships only what it needs.

const Landing = page(() => import('../routes/landing'));
const Documentation = page(() => import('../routes/documentation'));
const LandingPage = page(() => import('../routes/landing-page'));
const Login = page(() => import('../routes/login'));
const Register = page(() => import('../routes/register'));
const ForgotPassword = page(() => import('../routes/forgot-password'));
const ResetPassword = page(() => import('../routes/reset-password'));
const Otp = page(() => import('../routes/otp'));
const AccountArea = named(() => import('./account-area'), 'AccountArea');
const TeamInvite = page(() => import('../routes/team-invite'));
const PublicForest = page(() => import('../routes/public-forest'));
const PublicGift = page(() => import('../routes/public-gift'));
const ClaimGift = page(() => import('../routes/claim-gift'));
const Offline = page(() => import('../routes/offline'));
// The signed-in area (web/app/app-routes.tsx) is one more chunk: the entry need not list its screens.
const AppArea = named(() => import('./app-routes'), 'AppAreaRoutes');

function Loading() {
  const tc = useT(commonMessages);
  return (
    <div className="p-6" role="status">
      {tc('page.loading')}
    </div>
  );
}
const loading = <Loading />;

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
          <Route path="/forest/:handle" element={<PublicForest />} />
          <Route path="/gift/:id" element={<PublicGift />} />
          <Route path="/claim/:code" element={<ClaimGift />} />
          <Route path="/offline" element={<Offline />} />
          <Route path="/app/*" element={<AppArea />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
