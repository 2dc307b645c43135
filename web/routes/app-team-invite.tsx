import { useOutletContext, useSearchParams } from 'react-router';
import type { CurrentUser } from '../../contract/auth';
import { usePageTitle } from '../components/ui/page-title';
import { InviteAccept } from '../features/teams/components/invite-accept';
import { useT } from '../i18n/use-t';
import { teamsMessages } from '../features/teams/messages';

/** /app/team-invite?token=… — accept a team invite with the signed-in account. */
export default function AppTeamInvite() {
  const t = useT(teamsMessages);
  usePageTitle(t('page.invite'));
  const user = useOutletContext<CurrentUser>();
  const [params] = useSearchParams();
  return <InviteAccept token={params.get('token') ?? ''} email={user.email} />;
}
