import { Outlet } from 'react-router';
import { Toaster, useDismissToastsOnLeave } from '../components/ui/toaster';

/**
 * The layout route of the account screens (login, register, otp, forgot and reset password): one
 * toaster for all of them, so a toast follows the visitor from one screen to the next (register →
 * otp). Leaving the account screens (into the app after signing in) dismisses the toasts raised
 * here, so the app's toaster does not show "Signed in successfully" a second time.
 */
export function AccountArea() {
  useDismissToastsOnLeave();
  return (
    <>
      <Outlet />
      <Toaster area="account" />
    </>
  );
}
