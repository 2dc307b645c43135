import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
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
import { useRegister } from '../api';
import { AuthHeading } from './auth-screen';
import { registerErrorMessage } from './auth-errors';
import { fromParam, safeAppPath } from './safe-redirect';
import { useDelayedNavigate } from './use-delayed-navigate';

export const REGISTER_REDIRECT_MS = 3000;

/** What each account type is for, under its name on the tile. */
const ROLE_DETAILS: Record<(typeof PROFILE_TYPE_OPTIONS)[number]['value'], string> = {
  individual: 'Plant, join drives and grow your forest',
  corporate: 'Organise drives for your team',
  nursery: 'Grow and supply saplings',
};
const ROLE_TILES = PROFILE_TYPE_OPTIONS.map((option) => ({
  ...option,
  detail: ROLE_DETAILS[option.value],
}));

// No account type is chosen at first (""), which the schema answers with "Role is required!".
const EMPTY = { username: '', email: '', password: '', passwordConfirm: '', role: '' };

/** /register: a new, unverified account; the code to verify it is mailed straight away. */
export function RegisterForm() {
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
        onError: (error) => toast.error(registerErrorMessage(error)),
      },
    );
  });

  return (
    <>
      <AuthHeading title="Create your Canopy account">
        Join neighbours, organisations and nurseries planting trees together.
      </AuthHeading>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
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
          {...form.field('username')}
        />
        <EmailField size="lg" label="Email" {...form.field('email')} />
        <PasswordPairFields
          size="lg"
          toggleLabel="password"
          label="Password"
          confirmLabel="Confirm password"
          hint={`At least ${PASSWORD_MIN} characters; a phrase of a few words works well.`}
          password={form.field('password')}
          confirm={form.field('passwordConfirm')}
        />
        <ChoiceTiles
          legend="Account type"
          columns={1}
          options={ROLE_TILES}
          {...form.field('role')}
        />
        <Button type="submit" block busy={busy} busyLabel="Creating account…">
          Create Account
        </Button>
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
