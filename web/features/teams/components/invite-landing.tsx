import { Navigate } from 'react-router';
import { TEAM_MESSAGES } from '../../../../contract/teams';
import { ButtonLink } from '../../../components/ui/button';
import { LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';
import { useAskingOpenTabs } from '../../../lib/use-open-tab-session';
import { useInvitePreview } from '../api';
import { InviteSummary } from './invite-summary';
import { Breakable } from '../../../components/ui/breakable';
import { rich, useT } from '../../../i18n/use-t';
import { teamsMessages } from '../messages';

export const inviteAppPath = (token: string) =>
  `/app/team-invite?token=${encodeURIComponent(token)}`;

/**
 * /team-invite?token=… (the mailed link): signed in, straight on to accept in the app; signed out,
 * what the invite is, then sign in or create an account with the invited address and come back.
 */
export function InviteLanding({ token }: { token: string }) {
  const preview = useInvitePreview(token);
  // Signed in in another open tab: that session, and on to accept (issue 23).
  const asking = useAskingOpenTabs();
  const t = useT(teamsMessages);
  if (getToken() !== null) return <Navigate to={inviteAppPath(token)} replace />;
  const back = encodeURIComponent(inviteAppPath(token));
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('landing.heading')}</h1>
      {!token || preview.isError ? (
        <p className="alert alert-error" role="alert">
          {token
            ? failureMessage(preview.error, TEAM_MESSAGES.inviteInvalid)
            : TEAM_MESSAGES.inviteInvalid}
        </p>
      ) : asking || !preview.data ? (
        <LoadingState label={t('landing.reading')} />
      ) : (
        <>
          <InviteSummary invite={preview.data.data} />
          {preview.data.data.state === 'pending' ? (
            <>
              <p>
                {rich(t('landing.signInWith'), {
                  email: () => (
                    <strong>
                      <Breakable text={preview.data.data.email} />
                    </strong>
                  ),
                })}
              </p>
              <div className="flex flex-wrap gap-3">
                <ButtonLink to={`/login?from=${back}`}>{t('landing.signIn')}</ButtonLink>
                <ButtonLink
                  variant="secondary"
                  to={`/register?email=${encodeURIComponent(preview.data.data.email)}&from=${back}`}
                >
                  {t('landing.register')}
                </ButtonLink>
              </div>
            </>
          ) : null}
        </>
      )}
    </div>
  );
}
