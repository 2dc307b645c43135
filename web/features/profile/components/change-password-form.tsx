import { toast } from '../../../components/ui/toast';
import { PASSWORD_MAX } from '../../../../contract/auth';
import { changePasswordRequestSchema, PROFILE_MESSAGES } from '../../../../contract/users';
import { PasswordField, PasswordPairFields } from '../../../components/ui/form-field';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { useChangePassword } from '../api';
import { SaveButton, showRefusal } from './profile-form';
import { useT } from '../../../i18n/use-t';
import { profileMessages } from '../messages';

const FIELDS = ['currentPassword', 'password', 'passwordConfirm'] as const;
const EMPTY = { currentPassword: '', password: '', passwordConfirm: '' };

/** Current password, new password twice; other sessions and every API token end, this one stays. */
export function ChangePasswordForm({
  headingId,
  username,
}: {
  headingId: string;
  username: string;
}) {
  const form = useContractForm(changePasswordRequestSchema, EMPTY);
  const change = useChangePassword();
  const t = useT(profileMessages);

  const onSubmit = form.handleSubmit((body) => {
    if (change.isPending) return;
    change.mutate(body, {
      onSuccess: (response) => {
        form.reset(EMPTY);
        toast.success(response.message || PROFILE_MESSAGES.passwordChanged);
      },
      onError: (error) => showRefusal(form, FIELDS, error),
    });
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
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
        label={t('password.current')}
        autoComplete="current-password"
        maxLength={PASSWORD_MAX}
        {...form.field('currentPassword')}
      />
      <PasswordPairFields
        label={t('password.new')}
        confirmLabel={t('password.confirm')}
        password={form.field('password')}
        confirm={form.field('passwordConfirm')}
      />
      <SaveButton busy={change.isPending} busyLabel={t('password.changing')}>
        {t('password.change')}
      </SaveButton>
    </form>
  );
}
