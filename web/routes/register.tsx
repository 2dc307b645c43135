import { AuthScreen } from '../features/auth/components/auth-screen';
import { RegisterForm } from '../features/auth/components/register-form';

/** /register: creating a Canopy account. */
export default function RegisterPage() {
  return (
    <AuthScreen title="Create account">
      <RegisterForm />
    </AuthScreen>
  );
}
