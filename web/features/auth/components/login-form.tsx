import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { MESSAGES, PASSWORD_MAX } from '../../../../contract/auth';
import { ApiError } from '../../../lib/api-client';
import { rememberedEmail } from '../../../lib/session';
import { PasswordField, TextField } from '../../../components/ui/form-field';
import { postRequestOtp, useLogin } from '../api';
import { AuthHeading } from './auth-screen';
import {
  isUnverified,
  loginErrorMessage,
  otpSendErrorMessage,
  RESPONSE_MESSAGES,
} from './auth-errors';
import { textLink } from './auth-ui';
import { safeAppPath } from './safe-redirect';
import { SubmitButton } from './submit-button';
import { useDelayedNavigate } from './use-delayed-navigate';
import {
  emailFormat,
  focusField,
  required,
  rules,
  useFormFields,
  type FieldRules,
} from './use-form-fields';

export const LOGIN_REDIRECT_MS = 2000;

type LoginValues = { email: string; password: string };
const loginRules: FieldRules<LoginValues> = {
  email: rules(required(MESSAGES.emailRequired), emailFormat(MESSAGES.emailInvalid)),
  password: required(MESSAGES.passwordRequired),
};

/** /login: email and password; Remember me keeps the email only. */
export function LoginForm() {
  const [searchParams] = useSearchParams();
  const from = safeAppPath(searchParams.get('from'));
  const [remember, setRemember] = useState(() => rememberedEmail.get() !== '');
  const form = useFormFields<LoginValues>(
    () => ({ email: rememberedEmail.get(), password: '' }),
    loginRules,
  );
  const login = useLogin();
  const navigateLater = useDelayedNavigate();
  // After an answer that leaves this screen, the button stays off until the move happens.
  const [leaving, setLeaving] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (login.isPending || leaving) return;
    const invalid = form.validate();
    if (invalid) {
      focusField(event.currentTarget, String(invalid));
      return;
    }
    const email = form.values.email.trim();
    const keepEmail = () => (remember ? rememberedEmail.set(email) : rememberedEmail.clear());
    login.mutate(
      { email, password: form.values.password },
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
            toast.error(loginErrorMessage(error));
            return;
          }
          keepEmail();
          setLeaving(true);
          toast.info(RESPONSE_MESSAGES.verifyEmail);
          // The user needs a fresh code; only throttling is worth telling them about.
          postRequestOtp({ email }).catch((otpError: unknown) => {
            if (otpError instanceof ApiError && otpError.status === 429)
              toast.error(otpSendErrorMessage(otpError));
          });
          navigateLater(`/otp?email=${encodeURIComponent(email)}`, LOGIN_REDIRECT_MS, {
            state: { email },
          });
        },
      },
    );
  }

  const busy = login.isPending || leaving;
  return (
    <>
      <AuthHeading title="Sign in to Canopy">
        Welcome back. Your trees have been growing while you were away.
      </AuthHeading>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Sign in">
        <TextField
          size="lg"
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          {...form.bind('email')}
        />
        <PasswordField
          size="lg"
          toggleLabel="password"
          label="Password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          {...form.bind('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <label className="flex cursor-pointer items-center gap-2.5 text-sm font-medium">
            <input
              type="checkbox"
              name="remember"
              className="checkbox checkbox-sm"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
            />
            Remember me
          </label>
          <Link to="/forgot-password" className={`text-sm ${textLink}`}>
            Forgot Password
          </Link>
        </div>
        <SubmitButton busy={busy} busyLabel="Signing in…">
          Sign In
        </SubmitButton>
      </form>
      <p className="mt-8 text-center text-sm">
        New to Canopy?{' '}
        <Link to="/register" className={textLink}>
          Create New Account
        </Link>
      </p>
    </>
  );
}
