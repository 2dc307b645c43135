import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../../components/ui/toast';
import {
  PASSWORD_MIN,
  PROFILE_TYPE_OPTIONS,
  registerRequestSchema,
} from '../../../../contract/auth';
import { Button } from '../../../components/ui/button';
import { ChoiceTiles } from '../../../components/ui/choice-tiles';
import { EmailField, PasswordPairFields, TextField } from '../../../components/ui/form-field';
import { textLink } from '../../../components/ui/looks';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { useLocale } from '../../../i18n/locale';
import { useT } from '../../../i18n/use-t';
import { useRegister } from '../api';
import { authMessages } from '../messages';
import { AuthHeading } from './auth-screen';
import { registerErrorMessage } from './auth-errors';
import { fromParam, safeAppPath } from './safe-redirect';
import { useDelayedNavigate } from './use-delayed-navigate';

export const REGISTER_REDIRECT_MS = 3000;

// No account type is chosen at first (""), which the schema answers with "Role is required!".
const EMPTY = { username: '', email: '', password: '', passwordConfirm: '', role: '' };

/** /register: a new, unverified account; the code to verify it is mailed straight away. */
export function RegisterForm() {
  const t = useT(authMessages);
  const { locale } = useLocale();
  // Each account type's name and what it is for, under its name on the tile.
  const roleTiles = PROFILE_TYPE_OPTIONS.map((option) => ({
    value: option.value,
    label: t(`register.role.${option.value}`),
    detail: t(`register.role.${option.value}.detail`),
  }));
  // An invite link sends people here with the invited address and the way back (`from`).
  const [searchParams] = useSearchParams();
  const from = safeAppPath(searchParams.get('from'));
  const form = useContractForm(registerRequestSchema, {
    ...EMPTY,
    email: searchParams.get('email') ?? '',
  });
  const register = useRegister();
  const navigateLater = useDelayedNavigate();
  const [leaving, setLeaving] = useState(false);
  const busy = register.isPending || leaving;

  const onSubmit = form.handleSubmit(({ username, email, password, passwordConfirm, role }) => {
    if (busy) return;
    register.mutate(
      {
        username,
        email,
        password,
        passwordConfirm,
        role,
        profileType: role,
        isCoperate: role === 'corporate',
        // The verification mail and later ones come in the language of the sign-up.
        locale,
      },
      {
        onSuccess: (data) => {
          setLeaving(true);
          toast.success(data.message);
          navigateLater(
            `/otp?email=${encodeURIComponent(email)}${fromParam(from)}`,
            REGISTER_REDIRECT_MS,
            {
              state: { email },
            },
          );
        },
        onError: (error) => toast.error(registerErrorMessage(error, t)),
      },
    );
  });

  return (
    <>
      <AuthHeading title={t('register.title')}>{t('register.intro')}</AuthHeading>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-5"
        aria-label={t('register.formLabel')}
      >
        <TextField
          size="lg"
          label={t('field.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={30}
          {...form.field('username')}
        />
        <EmailField size="lg" label={t('field.email')} {...form.field('email')} />
        <PasswordPairFields
          size="lg"
          toggleLabel={t('field.passwordToggle')}
          label={t('field.password')}
          confirmLabel={t('field.confirmPassword')}
          hint={t('register.passwordHint', { min: PASSWORD_MIN })}
          password={form.field('password')}
          confirm={form.field('passwordConfirm')}
        />
        <ChoiceTiles
          legend={t('register.accountType')}
          columns={1}
          options={roleTiles}
          {...form.field('role')}
        />
        <Button type="submit" block busy={busy} busyLabel={t('register.busy')}>
          {t('register.submit')}
        </Button>
      </form>
      <p className="mt-8 text-center text-sm">
        {t('register.haveAccount')}{' '}
        <Link to="/login" className={textLink}>
          {t('register.signIn')}
        </Link>
      </p>
    </>
  );
}
