import { AccountsNotOpenYet, AuthLayout } from '../features/auth/components/auth-layout';

/** /otp: confirming an email address with a one-time code. */
export default function OtpPage() {
  return (
    <AuthLayout title="Verify email">
      <AccountsNotOpenYet
        heading="Verify your email"
        links={[{ to: '/register', label: 'Create an account' }]}
      />
    </AuthLayout>
  );
}
