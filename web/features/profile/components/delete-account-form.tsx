import { PASSWORD_MAX } from '../../../../contract/auth';
import {
  DELETE_CONFIRMATION_WORD,
  deleteAccountRequestSchema,
  PROFILE_MESSAGES,
} from '../../../../contract/users';
import { Button } from '../../../components/ui/button';
import { PasswordField, TextField } from '../../../components/ui/form-field';
import { mutedText } from '../../../components/ui/looks';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { useDeleteAccount } from '../api';
import { showRefusal } from './profile-form';
import { useT } from '../../../i18n/use-t';
import { profileMessages } from '../messages';

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
  const form = useContractForm(deleteAccountRequestSchema, { password: '', confirm: '' });
  const remove = useDeleteAccount();
  const t = useT(profileMessages);

  const onSubmit = form.handleSubmit((body) => {
    if (remove.isPending) return;
    remove.mutate(body, {
      onSuccess: (response) => onDeleted(response.message || PROFILE_MESSAGES.accountDeleted),
      onError: (error) => showRefusal(form, FIELDS, error),
    });
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t('delete.label')}
      className="flex flex-col gap-4"
    >
      <p className={mutedText}>{t('delete.intro')}</p>
      <PasswordField
        label={t('delete.password')}
        autoComplete="current-password"
        maxLength={PASSWORD_MAX}
        {...form.field('password')}
      />
      <TextField
        label={t('delete.typeWord', { word: DELETE_CONFIRMATION_WORD })}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        {...form.field('confirm')}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={remove.isPending}>
          {t('delete.cancel')}
        </Button>
        <Button
          type="submit"
          variant="danger"
          busy={remove.isPending}
          busyLabel={t('delete.deleting')}
        >
          {t('delete.button')}
        </Button>
      </div>
    </form>
  );
}
