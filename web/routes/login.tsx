import { AuthScreen } from '../features/auth/components/auth-screen';
import { LoginForm } from '../features/auth/components/login-form';

/** /login: signing in to Canopy. */
export default function LoginPage() {
  return (
    <AuthScreen title="Sign in">
      <LoginForm />
    </AuthScreen>
  );
}
