import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  canManageTeam,
  TEAM_MESSAGES,
  type MyTeam,
  type OrganisationSummary,
} from '../../../../contract/teams';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { EmptyState, LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { useMyTeams } from '../api';
import { InviteForm } from './invite-form';
import { PendingInvites } from './pending-invites';
import { TeamMembers } from './team-members';
import { useT } from '../../../i18n/use-t';
import { teamsMessages } from '../messages';
import { roleLabel, roleWord } from '../roles';

function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section className={sectionCard} aria-labelledby={id}>
      <div className="card-body gap-4">
        <h2 id={id} className="card-title text-2xl">
          {title}
        </h2>
        {intro ? <p className={mutedText}>{intro}</p> : null}
        {children}
      </div>
    </section>
  );
}

/**
 * /app/settings-team: the caller's organisation team (a corporate account's own, or the teams
 * they were invited to; `?organisation=` picks one), its members, invites and pending invites.
 */
export function TeamSettings({
  userId,
  managerActions,
}: {
  userId: string;
  /** What owners and admins can do for the organisation elsewhere (the page adds "Organise a drive"). */
  managerActions?: (organisation: OrganisationSummary) => ReactNode;
}) {
  const teams = useMyTeams();
  const [params, setParams] = useSearchParams();
  const t = useT(teamsMessages);
  if (teams.isError)
    return (
      <LoadErrorCard
        message={failureMessage(teams.error, t('settings.failed'))}
        onRetry={() => void teams.refetch()}
      />
    );
  if (!teams.data) return <LoadingState label={t('settings.loading')} />;
  const list = teams.data.data;
  if (list.length === 0)
    return (
      <Section id="team-heading" title={t('settings.team')}>
        <EmptyState>{TEAM_MESSAGES.notCorporate}</EmptyState>
      </Section>
    );
  const chosen: MyTeam =
    list.find((team) => team.organisation.id === params.get('organisation')) ?? list[0]!;
  const org = chosen.organisation;
  const choose = (id: string) =>
    setParams(id === list[0]!.organisation.id ? {} : { organisation: id });

  return (
    <>
      <Section
        id="team-heading"
        title={t('settings.orgTeam', { organisation: org.name })}
        intro={t('settings.intro', { role: roleWord(t, chosen.role), organisation: org.name })}
      >
        {list.length > 1 ? (
          <label className="flex flex-col gap-1">
            <span className="font-semibold">{t('settings.organisation')}</span>
            <select
              className="select w-full max-w-sm"
              value={org.id}
              onChange={(event) => choose(event.target.value)}
            >
              {list.map((team) => (
                <option key={team.organisation.id} value={team.organisation.id}>
                  {t('settings.option', {
                    organisation: team.organisation.name,
                    role: roleLabel(t, team.role),
                  })}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {managerActions && canManageTeam(chosen.role) ? (
          <div className="flex flex-wrap gap-3">{managerActions(org)}</div>
        ) : null}
        <TeamMembers
          key={org.id}
          organisationId={org.id}
          organisationName={org.name}
          myId={userId}
          onLeft={() => setParams({})}
        />
      </Section>
      {canManageTeam(chosen.role) ? (
        <>
          <Section
            id="invite-heading"
            title={t('settings.invite')}
            intro={t('settings.inviteIntro')}
          >
            <InviteForm key={org.id} organisationId={org.id} myRole={chosen.role} />
          </Section>
          <Section id="pending-heading" title={t('settings.pending')}>
            <PendingInvites key={org.id} organisationId={org.id} myRole={chosen.role} />
          </Section>
        </>
      ) : null}
    </>
  );
}
