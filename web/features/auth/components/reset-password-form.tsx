import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { resetPasswordRequestSchema } from '../../../../contract/auth';
import { Button } from '../../../components/ui/button';
import { EmailField, PasswordPairFields, TextField } from '../../../components/ui/form-field';
import { textLink } from '../../../components/ui/looks';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { useT } from '../../../i18n/use-t';
import { useResetPassword } from '../api';
import { authMessages } from '../messages';
import { AuthHeading } from './auth-screen';
import { resetErrorMessage } from './auth-errors';
import { useDelayedNavigate } from './use-delayed-navigate';

export const RESET_REDIRECT_MS = 3000;

/** /reset-password: the mailed link fills in the email and token; the user picks a new password. */
export function ResetPasswordForm() {
  const [searchParams] = useSearchParams();
  const t = useT(authMessages);
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
      onError: (error) => toast.error(resetErrorMessage(error, t)),
    });
  });

  return (
    <>
      <AuthHeading title={t('reset.title')}>{t('reset.intro')}</AuthHeading>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-5"
        aria-label={t('reset.formLabel')}
      >
        <EmailField
          size="lg"
          label={t('field.emailAddress')}
          autoComplete="username"
          {...form.field('email')}
        />
        <TextField
          size="lg"
          label={t('reset.token')}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={200}
          {...form.field('token')}
        />
        <PasswordPairFields
          size="lg"
          toggleLabel={t('field.passwordToggle')}
          label={t('reset.newPassword')}
          confirmLabel={t('reset.confirmPassword')}
          password={form.field('password')}
          confirm={form.field('passwordConfirm')}
        />
        <Button type="submit" block busy={busy} busyLabel={t('reset.busy')}>
          {t('reset.submit')}
        </Button>
      </form>
      <p className="mt-8 text-center text-sm">
        <Link to="/login" className={textLink}>
          {t('backToSignIn')}
        </Link>
      </p>
    </>
  );
}
