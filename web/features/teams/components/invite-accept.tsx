import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { TEAM_MESSAGES, TEAM_PATHS } from '../../../../contract/teams';
import { Button, ButtonLink } from '../../../components/ui/button';
import { sectionCard } from '../../../components/ui/looks';
import { LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { useAcceptInvite, useInvitePreview } from '../api';
import { InviteSummary } from './invite-summary';
import { Breakable } from '../../../components/ui/breakable';
import { rich, useT } from '../../../i18n/use-t';
import { teamsMessages } from '../messages';

/** /app/team-invite?token=…: the signed-in person accepts an invite sent to their address. */
export function InviteAccept({ token, email }: { token: string; email: string }) {
  const preview = useInvitePreview(token);
  const accept = useAcceptInvite();
  const navigate = useNavigate();
  const t = useT(teamsMessages);
  const invite = preview.data?.data;

  async function onAccept() {
    try {
      const answer = await accept.mutateAsync(token);
      toast.success(
        t('accept.joined', {
          message: answer.message,
          organisation: answer.data.organisation.name,
        }),
      );
      void navigate(
        `${TEAM_PATHS.settings}?organisation=${encodeURIComponent(answer.data.organisation.id)}`,
      );
    } catch (error) {
      toast.error(failureMessage(error));
    }
  }

  let body;
  if (!token || preview.isError)
    body = (
      <p className="alert alert-error" role="alert">
        {token
          ? failureMessage(preview.error, TEAM_MESSAGES.inviteInvalid)
          : TEAM_MESSAGES.inviteInvalid}
      </p>
    );
  else if (!invite) body = <LoadingState label={t('landing.reading')} />;
  else {
    const wrongAccount = invite.state === 'pending' && invite.email !== email.toLowerCase();
    body = (
      <>
        <InviteSummary invite={invite} />
        {wrongAccount ? (
          <p className="alert alert-error" role="alert">
            <span>
              {rich(t('accept.signedInAs', { message: TEAM_MESSAGES.wrongAccount }), {
                email: () => <Breakable text={email} />,
              })}
            </span>
          </p>
        ) : null}
        {accept.isError ? (
          <p className="alert alert-error" role="alert">
            {failureMessage(accept.error)}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          {invite.state === 'pending' && !wrongAccount ? (
            <Button
              busy={accept.isPending}
              busyLabel={t('accept.joining')}
              onClick={() => void onAccept()}
            >
              {t('accept.join', { organisation: invite.organisation.name })}
            </Button>
          ) : null}
          <ButtonLink variant="secondary" to={TEAM_PATHS.settings}>
            {t('accept.settings')}
          </ButtonLink>
        </div>
      </>
    );
  }
  return (
    <section className={`${sectionCard} mx-auto w-full max-w-2xl`} aria-labelledby="invite-heading">
      <div className="card-body gap-4">
        <h2 id="invite-heading" className="card-title text-2xl">
          {t('accept.heading')}
        </h2>
        {body}
      </div>
    </section>
  );
}
