import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import {
  canAssignRole,
  canManageTeam,
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
import { useT } from '../../../i18n/use-t';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { teamsMessages } from '../messages';
import { roleLabel, roleOptions as allRoles, roleWord } from '../roles';

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
  const t = useT(teamsMessages);
  const locale = useIntlLocale();

  if (members.isError)
    return (
      <LoadErrorCard
        message={failureMessage(members.error, t('members.failed'))}
        onRetry={() => void members.refetch()}
      />
    );
  if (!members.data) return <LoadingState label={t('members.loading')} />;
  const { myRole } = members.data;

  async function onRole(member: TeamMember, role: TeamRole) {
    try {
      const answer = await changeRole.mutateAsync({ userId: member.userId, role });
      toast.success(
        t('members.roleChanged', {
          message: answer.message,
          name: member.name,
          role: roleWord(t, role),
        }),
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
            title: t('members.leaveTitle'),
            message: t('members.leaveMessage', { organisation: organisationName }),
            confirmLabel: t('members.leave'),
          }
        : {
            title: t('members.removeTitle'),
            message: t('members.removeMessage', {
              name: member.name,
              organisation: organisationName,
            }),
            confirmLabel: t('members.remove'),
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
      <Table caption={t('members.caption', { organisation: organisationName })}>
        <thead>
          <tr>
            <th scope="col">{t('members.member')}</th>
            <th scope="col">{t('members.role')}</th>
            <th scope="col">{t('members.joined')}</th>
            <th scope="col">
              <span className="sr-only">{t('members.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.data.data.map((member) => {
            const isMe = member.userId === myId;
            const mayChange = canManageTeam(myRole) && canAssignRole(myRole, member.role);
            const roleOptions = allRoles(t).filter((o) => canAssignRole(myRole, o.value));
            return (
              <tr key={member.userId} data-testid="team-member">
                <td>
                  <p className="font-semibold">
                    {member.name}
                    {isMe ? (
                      <span className={`ml-2 text-sm ${mutedText}`}>{t('members.you')}</span>
                    ) : null}
                  </p>
                  <p className={`text-sm break-words ${mutedText}`}>
                    <Breakable text={`@${member.username}`} /> · <Breakable text={member.email} />
                    {member.isOrganisationAccount ? t('members.orgAccount') : ''}
                  </p>
                </td>
                <td>
                  {mayChange ? (
                    <select
                      className="select select-sm w-36"
                      aria-label={t('members.roleOf', { name: member.name })}
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
                    <span data-testid="member-role">{roleLabel(t, member.role)}</span>
                  )}
                </td>
                <td>{formatDate(member.joinedAt, locale)}</td>
                <td className="text-right">
                  {member.isOrganisationAccount ? null : isMe ? (
                    <Button size="sm" variant="secondary" onClick={() => void onRemove(member)}>
                      {t('members.leave')}
                    </Button>
                  ) : mayChange ? (
                    <Button
                      size="sm"
                      variant="danger"
                      aria-label={t('members.removeLabel', { name: member.name })}
                      onClick={() => void onRemove(member)}
                    >
                      {t('members.remove')}
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
        label={t('members.pages')}
        onPage={setPage}
      />
    </div>
  );
}
