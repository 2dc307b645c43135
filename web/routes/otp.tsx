import { AuthScreen } from '../features/auth/components/auth-screen';
import { OtpForm } from '../features/auth/components/otp-form';

/** /otp: confirming an email address with a one-time code. */
export default function OtpPage() {
  return (
    <AuthScreen title="Verify email">
      <OtpForm />
    </AuthScreen>
  );
}
