import { toast } from 'sonner';
import { PASSWORD_MAX } from '../../../../contract/auth';
import { changePasswordRequestSchema, PROFILE_MESSAGES } from '../../../../contract/users';
import { PasswordField, PasswordPairFields } from '../../../components/ui/form-field';
import { useChangePassword } from '../api';
import { SaveButton, submitProfileForm } from './profile-form';
import { useSchemaForm } from './use-schema-form';

type PasswordValues = { currentPassword: string; password: string; passwordConfirm: string };
const FIELDS = ['currentPassword', 'password', 'passwordConfirm'] as const;
const EMPTY: PasswordValues = { currentPassword: '', password: '', passwordConfirm: '' };

/** Current password, new password twice; other sessions end, this one stays. */
export function ChangePasswordForm({
  headingId,
  username,
}: {
  headingId: string;
  username: string;
}) {
  const form = useSchemaForm<PasswordValues>(changePasswordRequestSchema, EMPTY);
  const change = useChangePassword();

  const onSubmit = submitProfileForm(form, {
    busy: change.isPending,
    fields: FIELDS,
    send: (onError) =>
      change.mutate(form.values, {
        onSuccess: (response) => {
          form.reset(EMPTY);
          toast.success(response.message || PROFILE_MESSAGES.passwordChanged);
        },
        onError,
      }),
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={headingId}
      className="flex max-w-xl flex-col gap-4"
    >
      {/* Lets password managers tie the new password to this account. */}
      <input
        type="text"
        name="account"
        autoComplete="username"
        value={username}
        readOnly
        hidden
        aria-hidden="true"
        tabIndex={-1}
      />
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        maxLength={PASSWORD_MAX}
        {...form.bind('currentPassword')}
      />
      <PasswordPairFields
        label="New password"
        confirmLabel="Confirm new password"
        password={form.bind('password')}
        confirm={form.bind('passwordConfirm')}
      />
      <SaveButton busy={change.isPending} busyLabel="Changing…">
        Change password
      </SaveButton>
    </form>
  );
}
