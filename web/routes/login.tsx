import { AccountsNotOpenYet, AuthLayout } from '../features/auth/components/auth-layout';

/** /login: signing in to Canopy. */
export default function LoginPage() {
  return (
    <AuthLayout title="Sign in">
      <AccountsNotOpenYet
        heading="Sign in to Canopy"
        links={[
          { to: '/forgot-password', label: 'Forgot Password' },
          { to: '/register', label: 'Create New Account' },
        ]}
      />
    </AuthLayout>
  );
}
