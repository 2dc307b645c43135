import { AccountsNotOpenYet, AuthLayout } from '../features/auth/components/auth-layout';

/** /register: creating a Canopy account. */
export default function RegisterPage() {
  return (
    <AuthLayout title="Create account">
      <AccountsNotOpenYet
        heading="Create your Canopy account"
        links={[{ to: '/login', label: 'Already have an account? Sign in' }]}
      />
    </AuthLayout>
  );
}
