import { useState } from 'react';
import { toast } from 'sonner';
import { TEAM_ROLE_LABELS, canAssignRole, type TeamRole } from '../../../../contract/teams';
import { Button } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/looks';
import { EmptyState, LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { formatDate as formatDay } from '../../../lib/dates';
import { Pager } from '../../../components/ui/pager';
import { useResendInvite, useRevokeInvite, useTeamInvites } from '../api';
import { Breakable } from '../../../components/ui/breakable';

/** Open invites, newest first, with Resend (a new link, a new week) and Withdraw. */
export function PendingInvites({
  organisationId,
  myRole,
}: {
  organisationId: string;
  myRole: TeamRole;
}) {
  const [page, setPage] = useState(1);
  const invites = useTeamInvites(organisationId, page, true);
  const resend = useResendInvite(organisationId);
  const revoke = useRevokeInvite(organisationId);

  async function act(kind: 'resend' | 'revoke', id: string, email: string) {
    try {
      const answer =
        kind === 'resend' ? await resend.mutateAsync(id) : await revoke.mutateAsync(id);
      toast.success(kind === 'resend' ? `${answer.message} (${email})` : answer.message);
    } catch (error) {
      toast.error(failureMessage(error));
    }
  }

  if (invites.isError)
    return (
      <LoadErrorCard
        message={failureMessage(invites.error, 'The invites could not be loaded just now.')}
        onRetry={() => void invites.refetch()}
      />
    );
  if (!invites.data) return <LoadingState label="Loading invites…" />;
  if (invites.data.total === 0)
    return <EmptyState>No invites are waiting for an answer.</EmptyState>;
  return (
    <div className="flex flex-col gap-3">
      <ul className="divide-y divide-base-300" aria-label="Pending invites">
        {invites.data.data.map((invite) => (
          <li
            key={invite.id}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
            data-testid="pending-invite"
          >
            <div className="min-w-0">
              <p className="font-semibold">
                <Breakable text={invite.email} />
              </p>
              <p className={`text-sm ${mutedText}`}>
                {TEAM_ROLE_LABELS[invite.role]} · invited by {invite.invitedBy} ·{' '}
                {invite.expired ? (
                  <span className="font-semibold text-error">
                    expired {formatDay(invite.expiresAt)}
                  </span>
                ) : (
                  <>expires {formatDay(invite.expiresAt)}</>
                )}
              </p>
            </div>
            {canAssignRole(myRole, invite.role) ? (
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Resend the invite to ${invite.email}`}
                  busy={resend.isPending && resend.variables === invite.id}
                  onClick={() => void act('resend', invite.id, invite.email)}
                >
                  Resend
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Withdraw the invite to ${invite.email}`}
                  busy={revoke.isPending && revoke.variables === invite.id}
                  onClick={() => void act('revoke', invite.id, invite.email)}
                >
                  Withdraw
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <Pager
        page={page}
        total={invites.data.total}
        limit={invites.data.limit}
        label="Invite pages"
        onPage={setPage}
      />
    </div>
  );
}
