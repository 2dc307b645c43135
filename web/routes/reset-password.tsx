import { AuthScreen } from '../features/auth/components/auth-screen';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';

/** /reset-password: choosing a new password with the mailed token. */
export default function ResetPasswordPage() {
  return (
    <AuthScreen title="Reset password">
      <ResetPasswordForm />
    </AuthScreen>
  );
}
