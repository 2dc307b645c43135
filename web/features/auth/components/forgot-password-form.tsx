import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { MESSAGES } from '../../../../contract/auth';
import { ApiError } from '../../../lib/api-client';
import { TextField } from '../../../components/ui/form-field';
import { useForgotPassword } from '../api';
import { AuthHeading } from './auth-screen';
import { forgotErrorMessage } from './auth-errors';
import { secondaryButton, textLink } from './auth-ui';
import { FocusOnMountHeading } from './focus-on-mount-heading';
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
import { Icon } from '../../../components/ui/icon';

export const FORGOT_REDIRECT_MS = 2000;

type ForgotValues = { email: string };
const forgotRules: FieldRules<ForgotValues> = {
  email: rules(required(MESSAGES.emailAddressRequired), emailFormat(MESSAGES.emailInvalid)),
};

/** /forgot-password: mails a reset link; the answer is the same whether or not the account exists. */
export function ForgotPasswordForm() {
  const form = useFormFields<ForgotValues>({ email: '' }, forgotRules);
  const forgot = useForgotPassword();
  const navigateLater = useDelayedNavigate();
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (forgot.isPending) return;
    const invalid = form.validate();
    if (invalid) {
      focusField(event.currentTarget, String(invalid));
      return;
    }
    const email = form.values.email.trim();
    forgot.mutate(
      { email },
      {
        onSuccess: (data) => {
          setSent({ email, message: data.message });
          navigateLater(`/reset-password?email=${encodeURIComponent(email)}`, FORGOT_REDIRECT_MS);
        },
        onError: (error) => {
          // Mostly silent, as the spec says; a refused address is shown at the field.
          if (error instanceof ApiError && error.status === 400) {
            form.setError('email', error.message);
            return;
          }
          const message = forgotErrorMessage(error);
          if (message) toast.error(message);
        },
      },
    );
  }

  if (sent) {
    const resetPath = `/reset-password?email=${encodeURIComponent(sent.email)}`;
    return (
      <section aria-labelledby="reset-sent-heading" data-testid="reset-link-sent">
        <div className="mb-6 inline-flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-green-800 in-data-[theme=dark]:bg-green-950 in-data-[theme=dark]:text-green-300">
          <Icon className="h-7 w-7">
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="M3 7l9 6 9-6" />
          </Icon>
        </div>
        <FocusOnMountHeading id="reset-sent-heading" className="text-3xl font-bold tracking-tight">
          Reset Link Sent
        </FocusOnMountHeading>
        <p className="mt-4 text-lg" role="status">
          {sent.message}
        </p>
        <p className="mt-2 text-base-content/80">
          Open the link in the email, or enter the token from it on the next screen.
        </p>
        <div className="mt-8 flex flex-wrap items-center gap-4">
          <Link to={resetPath} className={secondaryButton}>
            Enter reset token
          </Link>
          <Link to="/login" className={textLink}>
            Back to sign in
          </Link>
        </div>
      </section>
    );
  }

  return (
    <>
      <AuthHeading title="Forgot your password?">
        Enter the email address you signed up with and we will send you a link to reset it.
      </AuthHeading>
      <form
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-5"
        aria-label="Reset password request"
      >
        <TextField
          size="lg"
          label="Email address"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          {...form.bind('email')}
        />
        <SubmitButton busy={forgot.isPending} busyLabel="Sending link…">
          Send Reset Link
        </SubmitButton>
      </form>
      <p className="mt-8 text-center text-sm">
        Remembered it?{' '}
        <Link to="/login" className={textLink}>
          Back to sign in
        </Link>
      </p>
    </>
  );
}
