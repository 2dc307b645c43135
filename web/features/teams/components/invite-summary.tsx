import { TEAM_MESSAGES, type InvitePreview, type InviteState } from '../../../../contract/teams';
import { formatDate } from '../../../lib/dates';
import { Breakable } from '../../../components/ui/breakable';
import { rich, useT } from '../../../i18n/use-t';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { teamsMessages } from '../messages';
import { roleWord } from '../roles';

/** Why a link can no longer be used, in the server's words. */
export const INVITE_STATE_MESSAGES: Record<Exclude<InviteState, 'pending'>, string> = {
  accepted: TEAM_MESSAGES.inviteUsed,
  expired: TEAM_MESSAGES.inviteExpired,
  revoked: TEAM_MESSAGES.inviteRevoked,
};

/** "Greenleaf Ltd invited fern@example.org to join as admin", and until when. */
export function InviteSummary({ invite }: { invite: InvitePreview }) {
  const t = useT(teamsMessages);
  const locale = useIntlLocale();
  return (
    <div className="flex flex-col gap-2" data-testid="invite-summary">
      <p className="text-lg">
        {rich(
          t('summary.invited', {
            organisation: invite.organisation.name,
            role: roleWord(t, invite.role),
          }),
          {
            strong: (text) => <strong>{text}</strong>,
            email: () => (
              <strong>
                <Breakable text={invite.email} />
              </strong>
            ),
          },
        )}
      </p>
      {invite.state === 'pending' ? (
        <p className="text-base-content/80">
          {t('summary.until', { date: formatDate(invite.expiresAt, locale) })}
        </p>
      ) : (
        <p className="alert alert-warning" role="alert">
          {INVITE_STATE_MESSAGES[invite.state]}
        </p>
      )}
    </div>
  );
}
