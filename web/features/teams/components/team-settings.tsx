import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  canManageTeam,
  TEAM_MESSAGES,
  TEAM_ROLE_LABELS,
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
  if (teams.isError)
    return (
      <LoadErrorCard
        message={failureMessage(teams.error, 'Your team could not be loaded just now.')}
        onRetry={() => void teams.refetch()}
      />
    );
  if (!teams.data) return <LoadingState label="Loading your team…" />;
  const list = teams.data.data;
  if (list.length === 0)
    return (
      <Section id="team-heading" title="Team">
        <EmptyState>{TEAM_MESSAGES.notCorporate}</EmptyState>
      </Section>
    );
  const chosen: MyTeam =
    list.find((t) => t.organisation.id === params.get('organisation')) ?? list[0]!;
  const org = chosen.organisation;
  const choose = (id: string) =>
    setParams(id === list[0]!.organisation.id ? {} : { organisation: id });

  return (
    <>
      <Section
        id="team-heading"
        title={`${org.name} team`}
        intro={`You are ${TEAM_ROLE_LABELS[chosen.role].toLowerCase()} of ${org.name}. Owners and admins invite people, change roles and organise the organisation's drives; every member sees its dashboard. An organisation always keeps at least one owner.`}
      >
        {list.length > 1 ? (
          <label className="flex flex-col gap-1">
            <span className="font-semibold">Organisation</span>
            <select
              className="select w-full max-w-sm"
              value={org.id}
              onChange={(event) => choose(event.target.value)}
            >
              {list.map((t) => (
                <option key={t.organisation.id} value={t.organisation.id}>
                  {t.organisation.name} ({TEAM_ROLE_LABELS[t.role]})
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
            title="Invite a member"
            intro="We email a link that works once, for 7 days. They sign in with that address, or create an account with it, and accept."
          >
            <InviteForm key={org.id} organisationId={org.id} myRole={chosen.role} />
          </Section>
          <Section id="pending-heading" title="Pending invites">
            <PendingInvites key={org.id} organisationId={org.id} myRole={chosen.role} />
          </Section>
        </>
      ) : null}
    </>
  );
}
