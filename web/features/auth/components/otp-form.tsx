import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { dashboardRouteFor, OTP_LENGTH, otpMatchRequestSchema } from '../../../../contract/auth';
import { ApiError } from '../../../lib/api-client';
import { getSessionClaims } from '../../../lib/session';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmailField, TextField } from '../../../components/ui/form-field';
import { Icon } from '../../../components/ui/icon';
import { textLink } from '../../../components/ui/looks';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { useRequestOtp, useVerifyOtp } from '../api';
import { AuthHeading } from './auth-screen';
import { otpSendErrorMessage, otpVerifyErrorMessage } from './auth-errors';
import { FocusOnMountHeading } from './focus-on-mount-heading';
import { safeAppPath } from './safe-redirect';
import { useDelayedNavigate } from './use-delayed-navigate';

export const OTP_REDIRECT_MS = 2000;
export const RESEND_COOLDOWN_S = 60;

/** The address the previous step (register or login) passed along, if any. */
function useCarriedEmail(): string {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const state: unknown = location.state;
  if (state && typeof state === 'object' && 'email' in state && typeof state.email === 'string') {
    return state.email;
  }
  return searchParams.get('email') ?? '';
}

/** Seconds left before another code may be asked for; `start()` begins the wait. */
function useCooldown(seconds: number) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return { left, start: () => setLeft(seconds) };
}

/** /otp: confirms the email address with the 6-digit code, which also signs the user in. */
export function OtpForm() {
  const [searchParams] = useSearchParams();
  const carriedEmail = useCarriedEmail();
  // Asked for only when the previous step did not pass it along.
  const [askEmail] = useState(() => carriedEmail.trim() === '');
  const form = useContractForm(otpMatchRequestSchema, { email: carriedEmail, otpCode: '' });
  const verify = useVerifyOtp();
  const resend = useRequestOtp();
  const cooldown = useCooldown(RESEND_COOLDOWN_S);
  const navigateLater = useDelayedNavigate();
  const [verified, setVerified] = useState<{ message: string; route: string } | null>(null);

  const onSubmit = form.handleSubmit((body) => {
    if (verify.isPending) return;
    verify.mutate(body, {
      onSuccess: (data) => {
        // Back to where sign-up started (a team invite), else the dashboard.
        const route =
          safeAppPath(searchParams.get('from')) ??
          safeAppPath(data.dashboardRoute) ??
          dashboardRouteFor(getSessionClaims()?.profileType);
        setVerified({ message: data.message, route });
        navigateLater(route, OTP_REDIRECT_MS, { replace: true });
      },
      onError: (error) => toast.error(otpVerifyErrorMessage(error)),
    });
  });

  async function onResend() {
    if (resend.isPending || cooldown.left > 0) return;
    // Only the address is needed for a new code: the schema checks it, the code can wait.
    if (!(await form.trigger('email', { shouldFocus: true }))) return;
    resend.mutate(
      { email: form.getValues('email').trim() },
      {
        onSuccess: (data) => {
          if (data.success) toast.success(data.message);
          else toast.error(data.message || 'Failed to send OTP');
          cooldown.start();
        },
        onError: (error) => {
          toast.error(otpSendErrorMessage(error));
          if (error instanceof ApiError && error.status === 429) cooldown.start();
        },
      },
    );
  }

  // Sign-up that started from a link (a team invite) goes back there, not to the dashboard.
  const returning = safeAppPath(searchParams.get('from')) !== null;
  if (verified) {
    return (
      <section aria-labelledby="otp-verified-heading" data-testid="otp-verified">
        <div className="mb-6 inline-flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300">
          <Icon className="h-7 w-7" strokeWidth={2.5}>
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </Icon>
        </div>
        <FocusOnMountHeading
          id="otp-verified-heading"
          className="text-3xl font-bold tracking-tight"
        >
          Email verified!
        </FocusOnMountHeading>
        <p className="mt-4 text-lg" role="status">
          {verified.message}{' '}
          {returning ? 'Taking you back to where you started…' : 'Taking you to your dashboard…'}
        </p>
        <ButtonLink to={verified.route} replace className="mt-8">
          {returning ? 'Continue' : 'Dashboard'}
        </ButtonLink>
      </section>
    );
  }

  const resendLabel = resend.isPending
    ? 'Sending code…'
    : cooldown.left > 0
      ? `Resend code in ${cooldown.left}s`
      : 'Resend code';

  return (
    <>
      <AuthHeading title="Verify your email">
        {askEmail ? (
          'Enter your email address and the 6-digit code we sent to it.'
        ) : (
          <>
            We sent a 6-digit code to <strong className="break-all">{carriedEmail}</strong>. It is
            valid for 10 minutes.
          </>
        )}
      </AuthHeading>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-5"
        aria-label="Verify email"
      >
        {askEmail ? <EmailField size="lg" label="Email" {...form.field('email')} /> : null}
        <TextField
          size="lg"
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          pattern="[0-9]*"
          inputClassName="tracking-[0.4em]"
          {...form.field('otpCode')}
        />
        <Button type="submit" block busy={verify.isPending} busyLabel="Verifying…">
          Verify Email
        </Button>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span className="text-sm text-base-content/80">Didn't get it? Check spam, or</span>
          <Button
            variant="secondary"
            onClick={() => void onResend()}
            busy={resend.isPending}
            disabled={cooldown.left > 0}
          >
            {resendLabel}
          </Button>
        </div>
      </form>
      <p className="mt-8 text-center text-sm">
        Need an account?{' '}
        <Link to="/register" className={textLink}>
          Create an account
        </Link>
      </p>
    </>
  );
}
