import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { MESSAGES, PASSWORD_MIN } from '../../../../contract/auth';
import { PasswordPairFields, TextField } from '../../../components/ui/form-field';
import { useResetPassword } from '../api';
import { AuthHeading } from './auth-screen';
import { resetErrorMessage } from './auth-errors';
import { textLink } from './auth-ui';
import { SubmitButton } from './submit-button';
import { useDelayedNavigate } from './use-delayed-navigate';
import {
  emailFormat,
  focusField,
  minLength,
  required,
  rules,
  useFormFields,
  type FieldRules,
} from './use-form-fields';

export const RESET_REDIRECT_MS = 3000;

type ResetValues = { email: string; token: string; password: string; passwordConfirm: string };
const resetRules: FieldRules<ResetValues> = {
  email: rules(required(MESSAGES.emailAddressRequired), emailFormat(MESSAGES.emailInvalid)),
  token: required(MESSAGES.tokenRequired),
  password: rules(
    required(MESSAGES.newPasswordRequired),
    minLength(PASSWORD_MIN, MESSAGES.passwordTooShort),
  ),
  passwordConfirm: (value, values) =>
    value !== values.password ? MESSAGES.passwordsDoNotMatch : undefined,
};

/** /reset-password: the mailed link fills in the email and token; the user picks a new password. */
export function ResetPasswordForm() {
  const [searchParams] = useSearchParams();
  const form = useFormFields<ResetValues>(
    () => ({
      email: searchParams.get('email') ?? '',
      token: searchParams.get('token') ?? '',
      password: '',
      passwordConfirm: '',
    }),
    resetRules,
  );
  const reset = useResetPassword();
  const navigateLater = useDelayedNavigate();
  const [leaving, setLeaving] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending || leaving) return;
    const invalid = form.validate();
    if (invalid) {
      focusField(event.currentTarget, String(invalid));
      return;
    }
    reset.mutate(
      {
        email: form.values.email.trim(),
        token: form.values.token.trim(),
        password: form.values.password,
        passwordConfirm: form.values.passwordConfirm,
      },
      {
        onSuccess: (data) => {
          setLeaving(true);
          toast.success(data.message);
          navigateLater('/login', RESET_REDIRECT_MS, { replace: true });
        },
        onError: (error) => toast.error(resetErrorMessage(error)),
      },
    );
  }

  return (
    <>
      <AuthHeading title="Reset your password">
        Use the reset token from the email we sent you. It works once, for 30 minutes.
      </AuthHeading>
      <form
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-5"
        aria-label="Reset password"
      >
        <TextField
          size="lg"
          label="Email address"
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          {...form.bind('email')}
        />
        <TextField
          size="lg"
          label="Reset token"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={200}
          {...form.bind('token')}
        />
        <PasswordPairFields
          size="lg"
          toggleLabel="password"
          label="New password"
          confirmLabel="Confirm new password"
          password={form.bind('password')}
          confirm={form.bind('passwordConfirm')}
        />
        <SubmitButton busy={reset.isPending || leaving} busyLabel="Resetting password…">
          Reset Password
        </SubmitButton>
      </form>
      <p className="mt-8 text-center text-sm">
        <Link to="/login" className={textLink}>
          Back to sign in
        </Link>
      </p>
    </>
  );
}
