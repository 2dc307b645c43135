import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  MESSAGES,
  PASSWORD_MIN,
  PROFILE_TYPE_OPTIONS,
  type ProfileType,
} from '../../../../contract/auth';
import { PasswordPairFields, SelectField, TextField } from '../../../components/ui/form-field';
import { useRegister } from '../api';
import { AuthHeading } from './auth-screen';
import { registerErrorMessage } from './auth-errors';
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

export const REGISTER_REDIRECT_MS = 3000;

type RegisterValues = {
  username: string;
  email: string;
  password: string;
  passwordConfirm: string;
  role: string;
};

const isProfileType = (value: string): value is ProfileType =>
  PROFILE_TYPE_OPTIONS.some((option) => option.value === value);

const registerRules: FieldRules<RegisterValues> = {
  username: rules(required(MESSAGES.usernameRequired), (value) =>
    /^[A-Za-z0-9._-]{3,30}$/.test(value.trim()) ? undefined : MESSAGES.usernameInvalid,
  ),
  email: rules(required(MESSAGES.emailRequired), emailFormat(MESSAGES.emailInvalid)),
  password: rules(
    required(MESSAGES.passwordRequired),
    minLength(PASSWORD_MIN, MESSAGES.passwordTooShort),
  ),
  passwordConfirm: (value, values) =>
    value !== values.password ? MESSAGES.passwordsDoNotMatch : undefined,
  role: (value) => (isProfileType(value) ? undefined : MESSAGES.roleRequired),
};

/** /register: a new, unverified account; the code to verify it is mailed straight away. */
export function RegisterForm() {
  const form = useFormFields<RegisterValues>(
    { username: '', email: '', password: '', passwordConfirm: '', role: '' },
    registerRules,
  );
  const register = useRegister();
  const navigateLater = useDelayedNavigate();
  const [leaving, setLeaving] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (register.isPending || leaving) return;
    const invalid = form.validate();
    const role = form.values.role;
    if (invalid || !isProfileType(role)) {
      focusField(event.currentTarget, String(invalid ?? 'role'));
      return;
    }
    const email = form.values.email.trim();
    register.mutate(
      {
        username: form.values.username.trim(),
        email,
        password: form.values.password,
        passwordConfirm: form.values.passwordConfirm,
        role,
        profileType: role,
        isCoperate: role === 'corporate',
      },
      {
        onSuccess: (data) => {
          setLeaving(true);
          toast.success(data.message);
          navigateLater(`/otp?email=${encodeURIComponent(email)}`, REGISTER_REDIRECT_MS, {
            state: { email },
          });
        },
        onError: (error) => toast.error(registerErrorMessage(error)),
      },
    );
  }

  return (
    <>
      <AuthHeading title="Create your Canopy account">
        Join neighbours, organisations and nurseries planting trees together.
      </AuthHeading>
      <form
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-5"
        aria-label="Create account"
      >
        <TextField
          size="lg"
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={30}
          {...form.bind('username')}
        />
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
        <PasswordPairFields
          size="lg"
          toggleLabel="password"
          label="Password"
          confirmLabel="Confirm password"
          hint={`At least ${PASSWORD_MIN} characters; a phrase of a few words works well.`}
          password={form.bind('password')}
          confirm={form.bind('passwordConfirm')}
        />
        <SelectField
          size="lg"
          label="Account type"
          placeholder="Select account type"
          options={PROFILE_TYPE_OPTIONS}
          {...form.bind('role')}
        />
        <SubmitButton busy={register.isPending || leaving} busyLabel="Creating account…">
          Create Account
        </SubmitButton>
      </form>
      <p className="mt-8 text-center text-sm">
        Already have an account?{' '}
        <Link to="/login" className={textLink}>
          Sign in
        </Link>
      </p>
    </>
  );
}
