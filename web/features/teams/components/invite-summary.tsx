import {
  TEAM_MESSAGES,
  TEAM_ROLE_LABELS,
  type InvitePreview,
  type InviteState,
} from '../../../../contract/teams';
import { formatDate } from '../../../lib/dates';
import { Breakable } from '../../../components/ui/breakable';

/** Why a link can no longer be used, in the server's words. */
export const INVITE_STATE_MESSAGES: Record<Exclude<InviteState, 'pending'>, string> = {
  accepted: TEAM_MESSAGES.inviteUsed,
  expired: TEAM_MESSAGES.inviteExpired,
  revoked: TEAM_MESSAGES.inviteRevoked,
};

/** "Greenleaf Ltd invited fern@example.org to join as admin", and until when. */
export function InviteSummary({ invite }: { invite: InvitePreview }) {
  return (
    <div className="flex flex-col gap-2" data-testid="invite-summary">
      <p className="text-lg">
        <strong>{invite.organisation.name}</strong> invited{' '}
        <strong>
          <Breakable text={invite.email} />
        </strong>{' '}
        to join its Canopy team as <strong>{TEAM_ROLE_LABELS[invite.role].toLowerCase()}</strong>.
      </p>
      {invite.state === 'pending' ? (
        <p className="text-base-content/80">
          The link works once, until {formatDate(invite.expiresAt)}.
        </p>
      ) : (
        <p className="alert alert-warning" role="alert">
          {INVITE_STATE_MESSAGES[invite.state]}
        </p>
      )}
    </div>
  );
}
