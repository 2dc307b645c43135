import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { dashboardRouteFor, OTP_LENGTH, otpMatchRequestSchema } from '../../../../contract/auth';
import { ApiError } from '../../../lib/api-client';
import { getSessionClaims } from '../../../lib/session';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmailField, TextField } from '../../../components/ui/form-field';
import { Icon } from '../../../components/ui/icon';
import { textLink } from '../../../components/ui/looks';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { rich, useContractMessage, useT } from '../../../i18n/use-t';
import { useRequestOtp, useVerifyOtp } from '../api';
import { authMessages } from '../messages';
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
  const t = useT(authMessages);
  const say = useContractMessage();
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
      onError: (error) => toast.error(otpVerifyErrorMessage(error, t)),
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
          else toast.error(data.message || t('otp.sendFailed'));
          cooldown.start();
        },
        onError: (error) => {
          toast.error(otpSendErrorMessage(error, t));
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
          {t('otp.verified')}
        </FocusOnMountHeading>
        <p className="mt-4 text-lg" role="status">
          {say(verified.message)} {returning ? t('otp.takingBack') : t('otp.takingToDashboard')}
        </p>
        <ButtonLink to={verified.route} replace className="mt-8">
          {returning ? t('otp.continue') : t('otp.dashboard')}
        </ButtonLink>
      </section>
    );
  }

  const resendLabel = resend.isPending
    ? t('otp.sending')
    : cooldown.left > 0
      ? t('otp.resendIn', { seconds: cooldown.left })
      : t('otp.resend');

  return (
    <>
      <AuthHeading title={t('otp.title')}>
        {askEmail
          ? t('otp.askEmail')
          : rich(t('otp.sentTo', { email: carriedEmail }), {
              email: (email) => <strong className="break-all">{email}</strong>,
            })}
      </AuthHeading>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-5"
        aria-label={t('otp.formLabel')}
      >
        {askEmail ? (
          <EmailField size="lg" label={t('field.email')} {...form.field('email')} />
        ) : null}
        <TextField
          size="lg"
          label={t('otp.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          pattern="[0-9]*"
          inputClassName="tracking-[0.4em]"
          {...form.field('otpCode')}
        />
        <Button type="submit" block busy={verify.isPending} busyLabel={t('otp.busy')}>
          {t('otp.submit')}
        </Button>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span className="text-sm text-base-content/80">{t('otp.didNotGetIt')}</span>
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
        {t('otp.needAccount')}{' '}
        <Link to="/register" className={textLink}>
          {t('otp.createAccount')}
        </Link>
      </p>
    </>
  );
}
