import { AuthScreen } from '../features/auth/components/auth-screen';
import { RegisterForm } from '../features/auth/components/register-form';
import { authMessages } from '../features/auth/messages';
import { useT } from '../i18n/use-t';

/** /register: creating a Canopy account. */
export default function RegisterPage() {
  const t = useT(authMessages);
  return (
    <AuthScreen title={t('screen.register')}>
      <RegisterForm />
    </AuthScreen>
  );
}
