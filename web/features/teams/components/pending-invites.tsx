import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { canAssignRole, type TeamRole } from '../../../../contract/teams';
import { Button } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/looks';
import { EmptyState, LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { formatDate as formatDay } from '../../../lib/dates';
import { Pager } from '../../../components/ui/pager';
import { useResendInvite, useRevokeInvite, useTeamInvites } from '../api';
import { Breakable } from '../../../components/ui/breakable';
import { useT } from '../../../i18n/use-t';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { teamsMessages } from '../messages';
import { roleLabel } from '../roles';

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
  const t = useT(teamsMessages);
  const locale = useIntlLocale();

  async function act(kind: 'resend' | 'revoke', id: string, email: string) {
    try {
      const answer =
        kind === 'resend' ? await resend.mutateAsync(id) : await revoke.mutateAsync(id);
      toast.success(
        kind === 'resend'
          ? t('pending.resent', { message: answer.message, email })
          : answer.message,
      );
    } catch (error) {
      toast.error(failureMessage(error));
    }
  }

  if (invites.isError)
    return (
      <LoadErrorCard
        message={failureMessage(invites.error, t('pending.failed'))}
        onRetry={() => void invites.refetch()}
      />
    );
  if (!invites.data) return <LoadingState label={t('pending.loading')} />;
  if (invites.data.total === 0) return <EmptyState>{t('pending.empty')}</EmptyState>;
  return (
    <div className="flex flex-col gap-3">
      <ul className="divide-y divide-base-300" aria-label={t('pending.label')}>
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
                {t('pending.invitedBy', {
                  role: roleLabel(t, invite.role),
                  name: invite.invitedBy,
                })}
                {invite.expired ? (
                  <span className="font-semibold text-error">
                    {t('pending.expired', { date: formatDay(invite.expiresAt, locale) })}
                  </span>
                ) : (
                  t('pending.expires', { date: formatDay(invite.expiresAt, locale) })
                )}
              </p>
            </div>
            {canAssignRole(myRole, invite.role) ? (
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('pending.resendLabel', { email: invite.email })}
                  busy={resend.isPending && resend.variables === invite.id}
                  onClick={() => void act('resend', invite.id, invite.email)}
                >
                  {t('pending.resend')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('pending.withdrawLabel', { email: invite.email })}
                  busy={revoke.isPending && revoke.variables === invite.id}
                  onClick={() => void act('revoke', invite.id, invite.email)}
                >
                  {t('pending.withdraw')}
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
        label={t('pending.pages')}
        onPage={setPage}
      />
    </div>
  );
}
