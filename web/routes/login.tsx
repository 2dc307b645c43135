import { AuthScreen } from '../features/auth/components/auth-screen';
import { LoginForm } from '../features/auth/components/login-form';
import { authMessages } from '../features/auth/messages';
import { useT } from '../i18n/use-t';

/** /login: signing in to Canopy. */
export default function LoginPage() {
  const t = useT(authMessages);
  return (
    <AuthScreen title={t('screen.signIn')}>
      <LoginForm />
    </AuthScreen>
  );
}
