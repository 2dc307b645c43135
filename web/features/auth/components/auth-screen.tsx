import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { AuthLayout } from './auth-layout';
import { useRedirectIfSignedIn } from './use-redirect-if-signed-in';

/**
 * One account screen: sends a visitor who is already signed in to their dashboard, otherwise
 * shows `children` in the brand layout (the toasts are app/account-area.tsx's).
 */
export function AuthScreen({ title, children }: { title: string; children: ReactNode }) {
  const redirect = useRedirectIfSignedIn();
  if (redirect) return <Navigate to={redirect} replace />;
  return <AuthLayout title={title}>{children}</AuthLayout>;
}

/** The screen's heading and a line under it. */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-8">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {children ? <p className="mt-2 text-base text-base-content/80">{children}</p> : null}
    </div>
  );
}
