import { AccountsNotOpenYet, AuthLayout } from '../features/auth/components/auth-layout';

/** /reset-password: choosing a new password with a reset token. */
export default function ResetPasswordPage() {
  return (
    <AuthLayout title="Reset password">
      <AccountsNotOpenYet
        heading="Reset your password"
        links={[{ to: '/login', label: 'Back to sign in' }]}
      />
    </AuthLayout>
  );
}
