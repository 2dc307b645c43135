import { AuthScreen } from '../features/auth/components/auth-screen';
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form';

/** /forgot-password: asking for a password reset link. */
export default function ForgotPasswordPage() {
  return (
    <AuthScreen title="Forgot password">
      <ForgotPasswordForm />
    </AuthScreen>
  );
}
