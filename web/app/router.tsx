import { createBrowserRouter, Navigate } from 'react-router';
import { RouteError } from './route-error';

// Every screen is its own chunk so the landing page ships only what it needs.
export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: (
      <div className="p-6" role="status">
        Loading...
      </div>
    ),
    children: [
      { path: '/', lazy: () => import('../routes/landing').then(asRoute) },
      { path: '/home', lazy: () => import('../routes/landing').then(asRoute) },
      { path: '/documentation', lazy: () => import('../routes/documentation').then(asRoute) },
      { path: '/landing-page', lazy: () => import('../routes/landing-page').then(asRoute) },
      { path: '/login', lazy: () => import('../routes/login').then(asRoute) },
      { path: '/register', lazy: () => import('../routes/register').then(asRoute) },
      { path: '/forgot-password', lazy: () => import('../routes/forgot-password').then(asRoute) },
      { path: '/reset-password', lazy: () => import('../routes/reset-password').then(asRoute) },
      { path: '/otp', lazy: () => import('../routes/otp').then(asRoute) },
      {
        path: '/app',
        lazy: () => import('./require-session').then((m) => ({ Component: m.RequireSession })),
        children: [
          {
            lazy: () => import('./app-layout').then((m) => ({ Component: m.AppLayout })),
            children: [
              { index: true, lazy: () => import('../routes/app-home').then(asRoute) },
              { path: 'dashboard', lazy: () => import('../routes/app-dashboard').then(asRoute) },
              {
                path: 'corporate-dashboard',
                lazy: () => import('../routes/app-dashboard').then(asRoute),
              },
              {
                path: 'nursery-dashboard',
                lazy: () => import('../routes/app-dashboard').then(asRoute),
              },
              {
                path: '*',
                lazy: () => import('./app-layout').then((m) => ({ Component: m.AppNotFound })),
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);

function asRoute(module: { default: React.ComponentType }) {
  return { Component: module.default };
}
