import { AuthScreen } from '../features/auth/components/auth-screen';
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form';
import { authMessages } from '../features/auth/messages';
import { useT } from '../i18n/use-t';

/** /forgot-password: asking for a password reset link. */
export default function ForgotPasswordPage() {
  const t = useT(authMessages);
  return (
    <AuthScreen title={t('screen.forgot')}>
      <ForgotPasswordForm />
    </AuthScreen>
  );
}
