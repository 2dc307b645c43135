import { AuthScreen } from '../features/auth/components/auth-screen';
import { OtpForm } from '../features/auth/components/otp-form';
import { authMessages } from '../features/auth/messages';
import { useT } from '../i18n/use-t';

/** /otp: confirming an email address with a one-time code. */
export default function OtpPage() {
  const t = useT(authMessages);
  return (
    <AuthScreen title={t('screen.otp')}>
      <OtpForm />
    </AuthScreen>
  );
}
