import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { loginRequestSchema, PASSWORD_MAX } from '../../../../contract/auth';
import { ApiError } from '../../../lib/api-client';
import { rememberedEmail } from '../../../lib/session';
import { Button } from '../../../components/ui/button';
import { CheckboxField, EmailField, PasswordField } from '../../../components/ui/form-field';
import { textLink } from '../../../components/ui/looks';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { useT } from '../../../i18n/use-t';
import { postRequestOtp, useLogin } from '../api';
import { authMessages } from '../messages';
import { AuthHeading } from './auth-screen';
import { isUnverified, loginErrorMessage, otpSendErrorMessage } from './auth-errors';
import { fromParam, safeAppPath } from './safe-redirect';
import { useDelayedNavigate } from './use-delayed-navigate';

export const LOGIN_REDIRECT_MS = 2000;

/** /login: email and password; Remember me keeps the email only. */
export function LoginForm() {
  const t = useT(authMessages);
  const [searchParams] = useSearchParams();
  const from = safeAppPath(searchParams.get('from'));
  const [remember, setRemember] = useState(() => rememberedEmail.get() !== '');
  const form = useContractForm(loginRequestSchema, {
    email: rememberedEmail.get(),
    password: '',
  });
  const login = useLogin();
  const navigateLater = useDelayedNavigate();
  // After an answer that leaves this screen, the button stays off until the move happens.
  const [leaving, setLeaving] = useState(false);
  const busy = login.isPending || leaving;

  const onSubmit = form.handleSubmit(({ email, password }) => {
    if (busy) return;
    const keepEmail = () => (remember ? rememberedEmail.set(email) : rememberedEmail.clear());
    login.mutate(
      { email, password },
      {
        onSuccess: (data) => {
          keepEmail();
          setLeaving(true);
          toast.success(data.result.message);
          const target = from ?? safeAppPath(data.result.dashboardRoute) ?? '/app/dashboard';
          navigateLater(target, LOGIN_REDIRECT_MS, { replace: true });
        },
        onError: (error) => {
          if (!isUnverified(error)) {
            toast.error(loginErrorMessage(error, t));
            return;
          }
          keepEmail();
          setLeaving(true);
          toast.info(t('error.verifyEmail'));
          // The user needs a fresh code; only throttling is worth telling them about.
          postRequestOtp({ email }).catch((otpError: unknown) => {
            if (otpError instanceof ApiError && otpError.status === 429)
              toast.error(otpSendErrorMessage(otpError, t));
          });
          navigateLater(
            `/otp?email=${encodeURIComponent(email)}${fromParam(from)}`,
            LOGIN_REDIRECT_MS,
            {
              state: { email },
            },
          );
        },
      },
    );
  });

  return (
    <>
      <AuthHeading title={t('login.title')}>{t('login.intro')}</AuthHeading>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-5"
        aria-label={t('login.formLabel')}
      >
        <EmailField size="lg" label={t('field.email')} {...form.field('email')} />
        <PasswordField
          size="lg"
          toggleLabel={t('field.passwordToggle')}
          label={t('field.password')}
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          {...form.field('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CheckboxField
            label={t('login.remember')}
            name="remember"
            className="text-sm font-medium"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
          <Link to="/forgot-password" className={`text-sm ${textLink}`}>
            {t('login.forgot')}
          </Link>
        </div>
        <Button type="submit" block busy={busy} busyLabel={t('login.busy')}>
          {t('login.submit')}
        </Button>
      </form>
      <p className="mt-8 text-center text-sm">
        {t('login.newHere')}{' '}
        <Link to={`/register${from ? `?${fromParam(from).slice(1)}` : ''}`} className={textLink}>
          {t('login.createAccount')}
        </Link>
      </p>
    </>
  );
}
