import { AuthScreen } from '../features/auth/components/auth-screen';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';
import { authMessages } from '../features/auth/messages';
import { useT } from '../i18n/use-t';

/** /reset-password: choosing a new password with the mailed token. */
export default function ResetPasswordPage() {
  const t = useT(authMessages);
  return (
    <AuthScreen title={t('screen.reset')}>
      <ResetPasswordForm />
    </AuthScreen>
  );
}
