import { useSearchParams } from 'react-router';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { InviteLanding } from '../features/teams/components/invite-landing';
import { useT } from '../i18n/use-t';
import { teamsMessages } from '../features/teams/messages';

/** /team-invite?token=… — where the mailed invite link lands, signed in or not. */
export default function TeamInvitePage() {
  const [params] = useSearchParams();
  const t = useT(teamsMessages);
  return (
    <AuthLayout title={t('page.invite')}>
      <InviteLanding token={params.get('token') ?? ''} />
    </AuthLayout>
  );
}
