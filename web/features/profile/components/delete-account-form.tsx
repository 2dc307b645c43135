import { PASSWORD_MAX } from '../../../../contract/auth';
import {
  DELETE_CONFIRMATION_WORD,
  deleteAccountRequestSchema,
  PROFILE_MESSAGES,
} from '../../../../contract/users';
import { PasswordField, TextField } from '../../../components/ui/form-field';
import { BusyButton } from '../../../components/ui/busy-button';
import { dangerButton, mutedText, secondaryButton } from '../../../components/ui/looks';
import { useDeleteAccount } from '../api';
import { submitProfileForm } from './profile-form';
import { useSchemaForm } from './use-schema-form';

type DeleteValues = { password: string; confirm: string };
const FIELDS = ['password', 'confirm'] as const;

/** The modal's form: the password and the word DELETE, so an account never goes by accident. */
export function DeleteAccountForm({
  onCancel,
  onDeleted,
}: {
  onCancel: () => void;
  /** Called with the server's message once the account is gone. */
  onDeleted: (message: string) => void;
}) {
  const form = useSchemaForm<DeleteValues>(deleteAccountRequestSchema, {
    password: '',
    confirm: '',
  });
  const remove = useDeleteAccount();

  const onSubmit = submitProfileForm(form, {
    busy: remove.isPending,
    fields: FIELDS,
    send: (onError) =>
      remove.mutate(
        { password: form.values.password, confirm: DELETE_CONFIRMATION_WORD },
        {
          onSuccess: (response) => onDeleted(response.message || PROFILE_MESSAGES.accountDeleted),
          onError,
        },
      ),
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Delete account"
      className="flex flex-col gap-4"
    >
      <p className={mutedText}>
        This deletes your account and signs you out everywhere. Your profile will no longer be shown
        to anyone. This cannot be undone.
      </p>
      <PasswordField
        label="Password"
        autoComplete="current-password"
        maxLength={PASSWORD_MAX}
        {...form.bind('password')}
      />
      <TextField
        label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        {...form.bind('confirm')}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <button
          type="button"
          className={secondaryButton}
          onClick={onCancel}
          disabled={remove.isPending}
        >
          Cancel
        </button>
        <BusyButton busy={remove.isPending} busyLabel="Deleting…" className={dangerButton}>
          Delete account
        </BusyButton>
      </div>
    </form>
  );
}
