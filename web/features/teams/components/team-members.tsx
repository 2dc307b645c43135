import { useState } from 'react';
import { toast } from 'sonner';
import {
  canAssignRole,
  canManageTeam,
  TEAM_ROLE_LABELS,
  TEAM_ROLE_OPTIONS,
  type TeamMember,
  type TeamRole,
} from '../../../../contract/teams';
import { Button } from '../../../components/ui/button';
import { useModal } from '../../../components/ui/modal';
import { mutedText } from '../../../components/ui/looks';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { useChangeRole, useRemoveMember, useTeamMembers } from '../api';
import { Pager } from '../../../components/ui/pager';
import { Table } from '../../../components/ui/table';
import { Breakable } from '../../../components/ui/breakable';

/** The team, owners first: role changes and removal for owners and admins, Leave for oneself. */
export function TeamMembers({
  organisationId,
  organisationName,
  myId,
  onLeft,
}: {
  organisationId: string;
  organisationName: string;
  myId: string;
  onLeft: () => void;
}) {
  const [page, setPage] = useState(1);
  const members = useTeamMembers(organisationId, page);
  const changeRole = useChangeRole(organisationId);
  const remove = useRemoveMember(organisationId);
  const modal = useModal();

  if (members.isError)
    return (
      <LoadErrorCard
        message={failureMessage(members.error, 'The team could not be loaded just now.')}
        onRetry={() => void members.refetch()}
      />
    );
  if (!members.data) return <LoadingState label="Loading the team…" />;
  const { myRole } = members.data;

  async function onRole(member: TeamMember, role: TeamRole) {
    try {
      const answer = await changeRole.mutateAsync({ userId: member.userId, role });
      toast.success(
        `${answer.message} ${member.name} is now ${TEAM_ROLE_LABELS[role].toLowerCase()}.`,
      );
    } catch (error) {
      toast.error(failureMessage(error));
    }
  }

  async function onRemove(member: TeamMember) {
    const leaving = member.userId === myId;
    const yes = await modal.confirm(
      leaving
        ? {
            title: 'Leave the team',
            message: `Leave ${organisationName}? You will need a new invite to join again.`,
            confirmLabel: 'Leave',
          }
        : {
            title: 'Remove member',
            message: `Remove ${member.name} from ${organisationName}? They will be told.`,
            confirmLabel: 'Remove',
          },
    );
    if (!yes) return;
    try {
      const answer = await remove.mutateAsync(member.userId);
      toast.success(answer.message);
      if (leaving) onLeft();
    } catch (error) {
      toast.error(failureMessage(error));
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <Table caption={`Members of ${organisationName}`}>
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Role</th>
            <th scope="col">Joined</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.data.data.map((member) => {
            const isMe = member.userId === myId;
            const mayChange = canManageTeam(myRole) && canAssignRole(myRole, member.role);
            const roleOptions = TEAM_ROLE_OPTIONS.filter((o) => canAssignRole(myRole, o.value));
            return (
              <tr key={member.userId} data-testid="team-member">
                <td>
                  <p className="font-semibold">
                    {member.name}
                    {isMe ? <span className={`ml-2 text-sm ${mutedText}`}>(you)</span> : null}
                  </p>
                  <p className={`text-sm break-words ${mutedText}`}>
                    <Breakable text={`@${member.username}`} /> · <Breakable text={member.email} />
                    {member.isOrganisationAccount ? ' · organisation account' : ''}
                  </p>
                </td>
                <td>
                  {mayChange ? (
                    <select
                      className="select select-sm w-36"
                      aria-label={`Role of ${member.name}`}
                      value={member.role}
                      disabled={changeRole.isPending}
                      onChange={(event) => void onRole(member, event.target.value as TeamRole)}
                    >
                      {roleOptions.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <span data-testid="member-role">{TEAM_ROLE_LABELS[member.role]}</span>
                  )}
                </td>
                <td>{formatDate(member.joinedAt)}</td>
                <td className="text-right">
                  {member.isOrganisationAccount ? null : isMe ? (
                    <Button size="sm" variant="secondary" onClick={() => void onRemove(member)}>
                      Leave
                    </Button>
                  ) : mayChange ? (
                    <Button
                      size="sm"
                      variant="danger"
                      aria-label={`Remove ${member.name}`}
                      onClick={() => void onRemove(member)}
                    >
                      Remove
                    </Button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      <Pager
        page={page}
        total={members.data.total}
        limit={members.data.limit}
        label="Team member pages"
        onPage={setPage}
      />
    </div>
  );
}
