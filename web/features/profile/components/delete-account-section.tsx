import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { useModal } from '../../../components/ui/modal';
import { clearSession } from '../../../lib/session';
import { Button } from '../../../components/ui/button';
import { DeleteAccountForm } from './delete-account-form';
import { useT } from '../../../i18n/use-t';
import { profileMessages } from '../messages';

/** The danger zone's button: the modal asks for the password and DELETE, then signs out. */
export function DeleteAccountButton() {
  const modal = useModal();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const t = useT(profileMessages);

  // The session no longer exists on the server: forget it here before leaving the app area.
  const signOut = (message: string) => {
    clearSession();
    queryClient.removeQueries();
    toast.success(message);
    void navigate('/login', { replace: true });
  };

  return (
    <div>
      <Button
        variant="danger"
        onClick={() =>
          modal.open({
            title: t('delete.title'),
            body: (close) => (
              <DeleteAccountForm
                onCancel={close}
                onDeleted={(message) => {
                  close();
                  signOut(message);
                }}
              />
            ),
          })
        }
      >
        {t('delete.button')}
      </Button>
    </div>
  );
}
