import { AccountsNotOpenYet, AuthLayout } from '../features/auth/components/auth-layout';

/** /forgot-password: asking for a password reset link. */
export default function ForgotPasswordPage() {
  return (
    <AuthLayout title="Forgot password">
      <AccountsNotOpenYet
        heading="Forgot your password?"
        links={[{ to: '/login', label: 'Back to sign in' }]}
      />
    </AuthLayout>
  );
}
