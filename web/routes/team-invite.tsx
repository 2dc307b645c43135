import { useSearchParams } from 'react-router';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { InviteLanding } from '../features/teams/components/invite-landing';

/** /team-invite?token=… — where the mailed invite link lands, signed in or not. */
export default function TeamInvitePage() {
  const [params] = useSearchParams();
  return (
    <AuthLayout title="Team invite">
      <InviteLanding token={params.get('token') ?? ''} />
    </AuthLayout>
  );
}
