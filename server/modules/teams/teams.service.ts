import {
  canAssignRole,
  canManageTeam,
  TEAM_MESSAGES,
  TEAM_PATHS,
  type MyTeam,
  type TeamMember,
  type TeamMembersResponse,
  type TeamRole,
} from '../../../contract/teams';
import type { Executor, Tx, UnitOfWork } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { byLocale, translator } from '../../lib/i18n';
import type { MailQueue } from '../../jobs/jobs-port';
import type { SessionUser } from '../auth/auth.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { organisationSummary, requireMembership, roleWords } from './team-access';
import { teamInvites } from './team-invites';
import type { MemberRow, TeamsStore } from './team-people';

export interface TeamsServiceDeps {
  uow: UnitOfWork;
  /** The teams repository on an executor, with the people its rows name (team-people.ts). */
  repo: (db: Executor) => TeamsStore;
  clock: Clock;
  mail: MailQueue;
  notifications: NotificationsService;
  appUrl: string;
}

export const toTeamMember = (organisationId: string, row: MemberRow): TeamMember => ({
  userId: row.user_id,
  username: row.username,
  name: row.name ?? row.username,
  email: row.email,
  role: row.role,
  joinedAt: row.joined_at,
  isOrganisationAccount: row.user_id === organisationId,
});

/**
 * Corporate teams: a corporate account is an organisation and its first owner; members act for it
 * as owner, admin or member. Every change that could leave a team without an owner locks the team
 * and writes conditionally in one transaction, so concurrent requests cannot remove the last owner.
 */
export function teamsService(deps: TeamsServiceDeps) {
  const { uow, clock, notifications } = deps;
  const repo = deps.repo(uow.db);
  const nowIso = () => clock.now().toISOString();

  /** Reads the two members, checks the actor may touch the target, inside `tx`. */
  async function changeable(tx: Tx, actor: SessionUser, organisationId: string, targetId: string) {
    const r = deps.repo(tx.db);
    const access = await requireMembership(r, actor, organisationId, nowIso());
    await r.lockTeam(organisationId);
    const target = await r.member(organisationId, targetId);
    if (!target) throw notFound(TEAM_MESSAGES.memberNotFound);
    return { r, access, target };
  }

  /** The user's role in the organisation, or null (also for unknown organisations). */
  async function roleIn(organisationId: string, userId: string): Promise<TeamRole | null> {
    if (!(await repo.organisation(organisationId))) return null;
    const role = await repo.roleOf(organisationId, userId);
    if (role || organisationId !== userId) return role ?? null;
    await repo.ensureOrganisationRow(userId, nowIso());
    return (await repo.roleOf(organisationId, userId)) ?? null;
  }

  return {
    ...teamInvites({ ...deps, repo, repoFor: deps.repo }),

    roleIn,

    /** The organisations whose drives the member acts for (owner or admin): tree verifiers. */
    async managedOrganisations(userId: string): Promise<string[]> {
      const rows = await repo.membershipRecords(userId);
      return rows.filter((r) => canManageTeam(r.role)).map((r) => r.organisation_id);
    },

    /** Whether the user may create and edit drives for the organisation (owners and admins). */
    async managesDrivesOf(userId: string, organisationId: string): Promise<boolean> {
      const role = await roleIn(organisationId, userId);
      return role !== null && canManageTeam(role);
    },

    /**
     * Who acts for an organisation's drives besides the account itself: its team's owners and
     * admins (at most 100; a team that large is told through its first hundred).
     */
    async driveManagersOf(organisationId: string): Promise<string[]> {
      return (await repo.managerIds(organisationId, 100)).map((r) => r.user_id);
    },

    /** For the corporate dashboard: the organisation `viewer` may see as a team member, or null. */
    async organisationFor(viewer: SessionUser, organisationId: string) {
      const org = await repo.organisation(organisationId);
      if (!org || !(await roleIn(organisationId, viewer.id))) return null;
      return { id: org.id, name: org.name ?? org.username };
    },

    /** Whose dashboard a member sees by default: their own account if corporate, else their first team's. */
    async defaultOrganisationOf(user: SessionUser): Promise<string> {
      if (user.profile_type === 'corporate') return user.id;
      return (await repo.membershipsOf(user.id))[0]?.organisation_id ?? user.id;
    },

    /** The teams the caller is in; a corporate account's own team is always there. */
    async myTeams(user: SessionUser): Promise<MyTeam[]> {
      let rows = await repo.membershipsOf(user.id);
      if (user.profile_type === 'corporate' && !rows.some((r) => r.organisation_id === user.id)) {
        await repo.ensureOrganisationRow(user.id, nowIso());
        rows = await repo.membershipsOf(user.id);
      }
      return rows.map((row) => ({
        organisation: organisationSummary({
          id: row.organisation_id,
          username: row.org_username,
          name: row.org_name,
        }),
        role: row.role,
        isOrganisationAccount: row.organisation_id === user.id,
      }));
    },

    async members(
      user: SessionUser,
      organisationId: string,
      query: { page: number; limit: number },
    ): Promise<Omit<TeamMembersResponse, 'success'>> {
      const access = await requireMembership(repo, user, organisationId, nowIso());
      const { page, limit } = query;
      const { rows, total } = await repo.members(organisationId, limit, (page - 1) * limit);
      return {
        organisation: access.organisation,
        myRole: access.role,
        page,
        limit,
        total,
        data: rows.map((row) => toTeamMember(organisationId, row)),
      };
    },

    async changeRole(
      actor: SessionUser,
      organisationId: string,
      targetId: string,
      role: TeamRole,
    ): Promise<TeamMember> {
      return uow.withTransaction(async (tx) => {
        const { r, access, target } = await changeable(tx, actor, organisationId, targetId);
        if (!canManageTeam(access.role)) throw forbidden(TEAM_MESSAGES.manageOnly);
        if (!canAssignRole(access.role, target.role) || !canAssignRole(access.role, role))
          throw forbidden(TEAM_MESSAGES.ownerOnly);
        if (target.role !== role && !(await r.setRoleKeepingOwner(organisationId, targetId, role)))
          throw conflict(TEAM_MESSAGES.lastOwner);
        if (target.role !== role && targetId !== actor.id) {
          const t = translator(target.locale, 'notices');
          const org = access.organisation.name;
          tx.afterCommit(() =>
            notifications.notify(targetId, {
              kind: 'team_role_changed',
              title: t('teamRole.title', { org }),
              body: t('teamRole.body', {
                org,
                role: roleWords(role, t),
                previous: roleWords(target.role, t),
              }),
              link: TEAM_PATHS.settings,
            }),
          );
        }
        return toTeamMember(organisationId, { ...target, role });
      });
    },

    /** Removes a member (owners and admins), or the caller leaves (anyone, but not the last owner). */
    async removeMember(actor: SessionUser, organisationId: string, targetId: string) {
      return uow.withTransaction(async (tx) => {
        const { r, access, target } = await changeable(tx, actor, organisationId, targetId);
        const leaving = targetId === actor.id;
        if (targetId === organisationId) throw conflict(TEAM_MESSAGES.organisationAccount);
        if (!leaving) {
          if (!canManageTeam(access.role)) throw forbidden(TEAM_MESSAGES.manageOnly);
          if (!canAssignRole(access.role, target.role)) throw forbidden(TEAM_MESSAGES.ownerOnly);
        }
        if (!(await r.removeKeepingOwner(organisationId, targetId)))
          throw conflict(TEAM_MESSAGES.lastOwner);
        if (!leaving) {
          const t = translator(target.locale, 'notices');
          const org = access.organisation.name;
          tx.afterCommit(() =>
            notifications.notify(targetId, {
              kind: 'team_removed',
              title: t('teamRemoved.title', { org }),
              body: t('teamRemoved.body', { org, actor: actor.name ?? actor.username }),
            }),
          );
        }
        return leaving ? TEAM_MESSAGES.left : TEAM_MESSAGES.removed;
      });
    },

    /**
     * Account deletion, in the deletion's transaction: the person leaves every team (a team left
     * without an owner is owned by its organisation account again), their open invites are
     * withdrawn, and a deleted organisation's team and invites go (its members are told).
     */
    async onAccountDeleted(userId: string, tx: Tx): Promise<void> {
      const r = deps.repo(tx.db);
      const at = nowIso();
      const org = await r.userById(userId);
      const formerMembers = await r.dissolve(userId);
      const left = await r.leaveAll(userId);
      for (const m of left) if (m.role === 'owner') await r.restoreOwnerIfNone(m.organisation_id);
      await r.revokeInvitesBy(userId, at);
      if (formerMembers.length === 0) return;
      // Each former member in their language (one read for all of them).
      const locales = await r.localesOf(formerMembers);
      for (const [locale, ids] of byLocale(formerMembers, (id) => locales.get(id))) {
        const t = translator(locale, 'notices');
        const name = org?.name ?? org?.username ?? t('teamClosed.someOrganisation');
        tx.afterCommit(() =>
          notifications.notifyMany(ids, {
            kind: 'team_removed',
            title: t('teamClosed.title', { org: name }),
            body: t('teamClosed.body', { org: name }),
          }),
        );
      }
    },
  };
}
export type TeamsService = ReturnType<typeof teamsService>;
