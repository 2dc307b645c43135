import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { resetPasswordRequestSchema } from '../../../../contract/auth';
import { Button } from '../../../components/ui/button';
import { EmailField, PasswordPairFields, TextField } from '../../../components/ui/form-field';
import { textLink } from '../../../components/ui/looks';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { useResetPassword } from '../api';
import { AuthHeading } from './auth-screen';
import { resetErrorMessage } from './auth-errors';
import { useDelayedNavigate } from './use-delayed-navigate';

export const RESET_REDIRECT_MS = 3000;

/** /reset-password: the mailed link fills in the email and token; the user picks a new password. */
export function ResetPasswordForm() {
  const [searchParams] = useSearchParams();
  const form = useContractForm(resetPasswordRequestSchema, {
    email: searchParams.get('email') ?? '',
    token: searchParams.get('token') ?? '',
    password: '',
    passwordConfirm: '',
  });
  const reset = useResetPassword();
  const navigateLater = useDelayedNavigate();
  const [leaving, setLeaving] = useState(false);
  const busy = reset.isPending || leaving;

  const onSubmit = form.handleSubmit((body) => {
    if (busy) return;
    reset.mutate(body, {
      onSuccess: (data) => {
        setLeaving(true);
        toast.success(data.message);
        navigateLater('/login', RESET_REDIRECT_MS, { replace: true });
      },
      onError: (error) => toast.error(resetErrorMessage(error)),
    });
  });

  return (
    <>
      <AuthHeading title="Reset your password">
        Use the reset token from the email we sent you. It works once, for 30 minutes. A new
        password signs you out everywhere and revokes your API tokens.
      </AuthHeading>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-5"
        aria-label="Reset password"
      >
        <EmailField
          size="lg"
          label="Email address"
          autoComplete="username"
          {...form.field('email')}
        />
        <TextField
          size="lg"
          label="Reset token"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={200}
          {...form.field('token')}
        />
        <PasswordPairFields
          size="lg"
          toggleLabel="password"
          label="New password"
          confirmLabel="Confirm new password"
          password={form.field('password')}
          confirm={form.field('passwordConfirm')}
        />
        <Button type="submit" block busy={busy} busyLabel="Resetting password…">
          Reset Password
        </Button>
      </form>
      <p className="mt-8 text-center text-sm">
        <Link to="/login" className={textLink}>
          Back to sign in
        </Link>
      </p>
    </>
  );
}
