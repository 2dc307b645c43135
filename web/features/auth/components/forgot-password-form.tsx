import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { forgotPasswordRequestSchema } from '../../../../contract/auth';
import { ApiError } from '../../../lib/api-client';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmailField } from '../../../components/ui/form-field';
import { Icon } from '../../../components/ui/icon';
import { textLink } from '../../../components/ui/looks';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { useT } from '../../../i18n/use-t';
import { useForgotPassword } from '../api';
import { authMessages } from '../messages';
import { AuthHeading } from './auth-screen';
import { forgotErrorMessage } from './auth-errors';
import { FocusOnMountHeading } from './focus-on-mount-heading';
import { useDelayedNavigate } from './use-delayed-navigate';

export const FORGOT_REDIRECT_MS = 2000;

/** /forgot-password: mails a reset link; the answer is the same whether or not the account exists. */
export function ForgotPasswordForm() {
  const t = useT(authMessages);
  const form = useContractForm(forgotPasswordRequestSchema, { email: '' });
  const forgot = useForgotPassword();
  const navigateLater = useDelayedNavigate();
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);

  const onSubmit = form.handleSubmit(({ email }) => {
    if (forgot.isPending) return;
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
            form.setError('email', { message: error.message }, { shouldFocus: true });
            return;
          }
          const message = forgotErrorMessage(error, t);
          if (message) toast.error(message);
        },
      },
    );
  });

  if (sent) {
    const resetPath = `/reset-password?email=${encodeURIComponent(sent.email)}`;
    return (
      <section aria-labelledby="reset-sent-heading" data-testid="reset-link-sent">
        <div className="mb-6 inline-flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300">
          <Icon className="h-7 w-7">
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="M3 7l9 6 9-6" />
          </Icon>
        </div>
        <FocusOnMountHeading id="reset-sent-heading" className="text-3xl font-bold tracking-tight">
          {t('forgot.sentTitle')}
        </FocusOnMountHeading>
        <p className="mt-4 text-lg" role="status">
          {sent.message}
        </p>
        <p className="mt-2 text-base-content/80">{t('forgot.sentHint')}</p>
        <div className="mt-8 flex flex-wrap items-center gap-4">
          <ButtonLink to={resetPath} variant="secondary">
            {t('forgot.enterToken')}
          </ButtonLink>
          <Link to="/login" className={textLink}>
            {t('backToSignIn')}
          </Link>
        </div>
      </section>
    );
  }

  return (
    <>
      <AuthHeading title={t('forgot.title')}>{t('forgot.intro')}</AuthHeading>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-5"
        aria-label={t('forgot.formLabel')}
      >
        <EmailField size="lg" label={t('field.emailAddress')} {...form.field('email')} />
        <Button type="submit" block busy={forgot.isPending} busyLabel={t('forgot.busy')}>
          {t('forgot.submit')}
        </Button>
      </form>
      <p className="mt-8 text-center text-sm">
        {t('forgot.remembered')}{' '}
        <Link to="/login" className={textLink}>
          {t('backToSignIn')}
        </Link>
      </p>
    </>
  );
}
